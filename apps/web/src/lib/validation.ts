// Field rules shared by several forms, with the exact messages of SPEC section 5.

export const messages = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Must be a valid email.',
} as const;

/** Deliberately loose (the server has the last word): something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/**
 * The stricter rule of the forms that ask for an address to write to (sign-up, forgot password, the
 * phone number reset): dot-separated words of letters, digits and _ ' + - before the @ (the last
 * character not '), then dot-separated labels of letters, digits and dashes (none starting with a
 * dash) ending in a top-level domain of two letters or more. The rule zod's email check applied there.
 */
export const EMAIL_ADDRESS_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** `value` (already trimmed) is an address by EMAIL_ADDRESS_PATTERN. */
export function isEmailAddress(value: string): boolean {
  return EMAIL_ADDRESS_PATTERN.test(value);
}

/**
 * The first problem of an email field that must hold an address: empty (once trimmed), then not an
 * address by EMAIL_ADDRESS_PATTERN; none when it is one.
 */
export function emailAddressProblem(
  email: string,
  text: { emailRequired: string; emailInvalid: string } = messages,
): string | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return text.emailRequired;
  return isEmailAddress(trimmed) ? undefined : text.emailInvalid;
}

/** The rules of a form whose one field is such an address: its problem, and the address handed on trimmed. */
export function emailFormRules(emailRequired: string) {
  return {
    validate: ({ email }: { email: string }) => {
      const problem = emailAddressProblem(email, { emailRequired, emailInvalid: messages.emailInvalid });
      return problem ? { email: problem } : {};
    },
    parse: ({ email }: { email: string }) => ({ email: email.trim() }),
  };
}
