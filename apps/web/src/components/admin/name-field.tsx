import { TextInput } from '@mantine/core';
import { useState } from 'react';

export interface NameField {
  value: string;
  error: string | null;
  change: (value: string) => void;
  /** The name to send, trimmed; null (and the field says why) when it is empty. */
  check: () => string | null;
}

/** The required name of what an admin dialog creates or edits (a group, a role). */
export function useNameField(initial: string): NameField {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  return {
    value,
    error,
    change: (next) => {
      setError(null);
      setValue(next);
    },
    check: () => {
      const name = value.trim();
      if (!name) setError('Name is required');
      return name || null;
    },
  };
}

/**
 * The dialog's first field: focused when it opens, its error shown under it (its own, else the
 * server's refusal of this name, e.g. one already taken).
 */
export function NameInput({
  field,
  serverError,
  onChange,
}: {
  field: NameField;
  serverError?: string;
  onChange?: (name: string) => void;
}) {
  return (
    <TextInput
      label="Name"
      required
      data-autofocus
      value={field.value}
      error={field.error ?? serverError}
      onChange={(event) => {
        field.change(event.currentTarget.value);
        onChange?.(event.currentTarget.value);
      }}
    />
  );
}
