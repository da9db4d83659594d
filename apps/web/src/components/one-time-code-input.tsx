import { useId, useRef, useState, type ChangeEvent, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Stack, Text, type Style } from './plain-ui';

interface OneTimeCodeInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Called with the full code once every digit is typed or pasted. */
  onComplete?: (value: string) => void;
  error?: string | null;
  disabled?: boolean;
  label?: string;
}

const LENGTH = 6;
const DIGITS = /^[0-9]+$/;

/** The code's six boxes: a character each, '' where none is typed (Mantine's createPinArray). */
function boxesOf(code: string): string[] {
  const chars = code.trim().split('');
  return Array.from({ length: LENGTH }, (_, index) => (chars[index] === ' ' ? '' : (chars[index] ?? '')));
}

const BOX_STYLE = {
  '--input-height': 'var(--input-height-md)',
  '--input-fz': 'var(--mantine-font-size-md)',
  '--input-left-section-pointer-events': 'none',
  '--input-right-section-pointer-events': 'none',
  '--input-padding': '0',
  '--input-text-align': 'center',
} as Style;

/**
 * A 6-digit one-time code (SPEC section 5: "MFA codes are 6 digits"): numeric keyboard,
 * `autocomplete="one-time-code"` so phones offer the texted code, and pasting a whole code works.
 * Mantine's PinInput (size md) as plain elements, with its markup, class names and keyboard handling:
 * the login box's pages then load none of Mantine's components (issue 17).
 */
export function OneTimeCodeInput({
  value,
  onChange,
  onComplete,
  error,
  disabled,
  label = 'Verification code',
}: OneTimeCodeInputProps) {
  const id = `mantine-${useId()}`;
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const completed = useRef(false);
  const [focused, setFocused] = useState(-1);
  const boxes = boxesOf(value);
  const hasError = Boolean(error);

  const setBoxes = (next: string[]) => {
    const code = next.join('').trim();
    onChange(code);
    if (code.length === LENGTH && !completed.current) {
      completed.current = true;
      onComplete?.(code);
    } else if (code.length < LENGTH) {
      completed.current = false;
    }
  };
  const setBox = (char: string, index: number) =>
    setBoxes(boxes.map((old, at) => (at === index ? char : old)));
  const focusNext = (index: number) => inputs.current[index + 1]?.focus();
  const focusPrevious = (index: number) => (index > 0 ? inputs.current[index - 1]?.focus() : undefined);

  const handleChange = (event: ChangeEvent<HTMLInputElement>, index: number) => {
    const typed = event.target.value;
    if (typed.length > 2) {
      // A whole code at once (the phone's suggestion, autofill).
      if (!DIGITS.test(typed)) return;
      setBoxes(boxesOf(typed));
      const filled = Math.min(typed.length, LENGTH);
      if (filled < LENGTH) focusNext(filled - 1);
    } else if (typed.length === 2) {
      // A digit typed over the box's own: the new one replaces it.
      const char = typed.charAt(1);
      if (!DIGITS.test(char)) return;
      setBox(char, index);
      focusNext(index);
    } else if (typed.length === 1 && DIGITS.test(typed)) {
      setBox(typed, index);
      focusNext(index);
    } else {
      setBox('', index);
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    const typed = event.currentTarget.value;
    switch (event.key) {
      case 'ArrowLeft':
        event.preventDefault();
        focusPrevious(index);
        break;
      case 'ArrowRight':
        event.preventDefault();
        focusNext(index);
        break;
      case 'Tab':
        if (event.shiftKey && index > 0) {
          event.preventDefault();
          focusPrevious(index);
        }
        break;
      case ' ':
        event.preventDefault();
        focusNext(index);
        break;
      case 'Delete':
        event.preventDefault();
        setBox('', index);
        break;
      case 'Backspace':
        if (typed === '') {
          event.preventDefault();
          focusPrevious(index);
        } else {
          setBox('', index);
          if (index < LENGTH - 1) {
            event.preventDefault();
            focusPrevious(index);
          }
        }
        break;
      default:
        // The box's own digit typed again: nothing changes, the next box takes the focus.
        if (typed.length > 0 && event.key === boxes[index]) {
          event.preventDefault();
          focusNext(index);
        }
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text/plain').replace(/[\n\r\s]+/g, '');
    if (!DIGITS.test(pasted.trim())) return;
    const next = boxesOf(pasted);
    setBoxes(next);
    const filled = next.filter((char) => char !== '').length;
    inputs.current[filled >= LENGTH ? LENGTH - 1 : filled]?.focus();
  };

  return (
    <Stack gap={6} align="center">
      {/* Mantine's Text as a label (component="label", size sm, weight 500). */}
      <label
        style={
          {
            '--text-fz': 'var(--mantine-font-size-sm)',
            '--text-lh': 'var(--mantine-line-height-sm)',
            fontWeight: 500,
          } as Style
        }
        className="mantine-focus-auto m_b6d8b162 mantine-Text-root"
        data-size="sm"
        id="one-time-code-label"
      >
        {label}
      </label>
      <div
        style={
          {
            '--group-gap': 'var(--mantine-spacing-sm)',
            '--group-align': 'center',
            '--group-justify': 'flex-start',
            '--group-wrap': 'nowrap',
            '--pin-input-size': 'var(--pin-input-size-md)',
          } as Style
        }
        className="m_f1cb205a mantine-PinInput-root m_4081bf90 mantine-Group-root"
        data-size="md"
        aria-labelledby="one-time-code-label"
        data-testid="one-time-code"
        role="group"
        id={id}
        dir="ltr"
      >
        {boxes.map((char, index) => (
          <div
            key={index}
            style={BOX_STYLE}
            className="m_cb288ead mantine-PinInput-pinInput m_6c018570 mantine-Input-wrapper mantine-PinInput-wrapper"
            data-variant="default"
            data-size="md"
            data-error={hasError || undefined}
            data-disabled={disabled || undefined}
          >
            <input
              ref={(node) => {
                inputs.current[index] = node;
              }}
              className="m_8fb7ebe7 mantine-Input-input mantine-PinInput-input"
              data-variant="default"
              data-error={hasError || undefined}
              data-disabled={disabled || undefined}
              inputMode="numeric"
              type="tel"
              autoComplete="one-time-code"
              placeholder={focused === index ? '' : '○'}
              autoFocus={index === 0}
              aria-label={`${label}, digit ${index + 1} of ${LENGTH}`}
              aria-invalid={hasError || undefined}
              disabled={disabled}
              id={`${id}-${index + 1}`}
              value={char}
              onChange={(event) => handleChange(event, index)}
              onKeyDown={(event) => handleKeyDown(event, index)}
              onFocus={(event) => {
                event.target.select();
                setFocused(index);
              }}
              onBlur={() => setFocused(-1)}
              onPaste={handlePaste}
            />
          </div>
        ))}
      </div>
      <input type="hidden" value={boxes.join('').trim()} />
      {error && (
        <Text size="sm" role="alert" style={{ color: 'var(--mantine-color-red-8)' }}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
