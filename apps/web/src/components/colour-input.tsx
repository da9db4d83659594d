import { ColorInput, type ColorInputProps } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';

/**
 * Mantine's ColorInput with a colour picker the keyboard can put away. Mantine keeps the picker open
 * until the field loses focus, and its Escape handling listens inside the picker, where focus never
 * goes: here Escape and Enter close it (Enter then does not submit the form; with the picker closed
 * it does). The picker opens beside the field rather than below it, over the form's buttons.
 */
export function ColourInput({
  popoverProps,
  onFocus,
  onBlur,
  onClick,
  onKeyDown,
  ...props
}: ColorInputProps) {
  const [isPickerOpen, setPickerOpen] = useState(false);

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (!isPickerOpen || (event.key !== 'Escape' && event.key !== 'Enter')) return;
    event.preventDefault();
    // The picker is the innermost thing open: a dialog around the field stays open.
    event.stopPropagation();
    setPickerOpen(false);
  };

  return (
    <ColorInput
      {...props}
      onFocus={(event) => {
        onFocus?.(event);
        setPickerOpen(true);
      }}
      onClick={(event) => {
        onClick?.(event);
        setPickerOpen(true);
      }}
      onBlur={(event) => {
        onBlur?.(event);
        setPickerOpen(false);
      }}
      onKeyDown={keyDown}
      popoverProps={{ position: 'right-start', ...popoverProps, opened: isPickerOpen }}
    />
  );
}
