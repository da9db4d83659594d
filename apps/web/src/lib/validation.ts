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
