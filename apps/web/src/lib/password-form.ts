import { useForm, type Problems } from './form';

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
 * The form's rules, the first problem of each field. `minLength` comes from the server's password
 * configuration once loaded; the server checks the full policy again on submit.
 */
export function passwordPairProblems(
  { password, confirmPassword }: PasswordPair,
  messages: PasswordPairMessages,
  minLength?: number,
): Problems<PasswordPair> {
  const problems: Problems<PasswordPair> = {};
  if (password === '') problems.password = messages.passwordRequired;
  else if (minLength && minLength > 1 && password.length < minLength)
    problems.password = minLengthMessage(minLength);
  if (confirmPassword === '') problems.confirmPassword = messages.confirmRequired;
  else if (password !== confirmPassword) problems.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  return problems;
}

const same = (pair: PasswordPair) => pair;

/** The state of a new-password form, plus the password typed so far (for the hints). */
export function usePasswordPairForm(messages: PasswordPairMessages, minLength?: number) {
  // useForm reads the latest rules on every check: a minimum length that arrives later applies at once.
  const form = useForm<PasswordPair>({
    defaultValues: { password: '', confirmPassword: '' },
    validate: (pair) => passwordPairProblems(pair, messages, minLength),
    parse: same,
  });
  return { ...form, password: form.values.password };
}
