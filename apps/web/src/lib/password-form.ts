import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';

/** A new password typed twice (activation, reset password). */
export interface PasswordPair {
  password: string;
  confirmPassword: string;
}

export interface PasswordPairMessages {
  passwordRequired: string;
  confirmRequired: string;
}

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

export function minLengthMessage(minLength: number): string {
  return `Password must be at least ${minLength} characters`;
}

/**
 * The form's schema. `minLength` comes from the server's password configuration once
 * loaded; the server checks the full policy again on submit.
 */
export function passwordPairSchema(messages: PasswordPairMessages, minLength?: number) {
  let password = z.string().min(1, messages.passwordRequired);
  if (minLength && minLength > 1) password = password.min(minLength, minLengthMessage(minLength));
  return z
    .object({ password, confirmPassword: z.string().min(1, messages.confirmRequired) })
    .refine((pair) => pair.confirmPassword === '' || pair.password === pair.confirmPassword, {
      path: ['confirmPassword'],
      message: PASSWORDS_DO_NOT_MATCH,
    });
}

/** The react-hook-form state of a new-password form, plus the password typed so far (for the hints). */
export function usePasswordPairForm(messages: PasswordPairMessages, minLength?: number) {
  const schema = useMemo(() => passwordPairSchema(messages, minLength), [messages, minLength]);
  const form = useForm<PasswordPair>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const password = useWatch({ control: form.control, name: 'password' });
  return { ...form, errors: form.formState.errors, password };
}
