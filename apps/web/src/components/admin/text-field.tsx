import { TextInput } from '@mantine/core';

/**
 * A text field of an admin form (an invitee's details, a token's description): the browser offers
 * no autofill there, and the field's error shows under it.
 */
export function TextField({
  label,
  value,
  error,
  onChange,
  type,
  required,
  isFocusedFirst = false,
}: {
  label: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  type?: 'email' | 'tel';
  required?: boolean;
  /** The dialog's first field, focused when it opens. */
  isFocusedFirst?: boolean;
}) {
  return (
    <TextInput
      label={label}
      type={type}
      autoComplete="off"
      required={required}
      data-autofocus={isFocusedFirst || undefined}
      value={value}
      error={error}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

/** The first message of each of `fields` among a form schema's issues (a zod error's `issues`). */
export function fieldErrorsOf<Field extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = fields.find((name) => name === issue.path[0]);
    if (field !== undefined) errors[field] ??= issue.message;
  }
  return errors;
}
