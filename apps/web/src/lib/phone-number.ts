// The phone-number rules of the server (services/sms.ts), so a form catches a bad number first.
// One copy for every form that takes a number: quick SMS login, MFA by SMS, phone reset.

export const PHONE_NUMBER_MESSAGE = 'Enter your phone number with its country code, such as +1 555 010 0199';

/** Spaces, dots, dashes and brackets go; a leading 00 becomes +: the server's own notation. */
export function normalizePhoneNumber(phoneNumber: string): string {
  const compact = phoneNumber.trim().replace(/[\s().-]/g, '');
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact;
}

/** + and 7 to 15 digits (E.164). */
export const isPhoneNumber = (phoneNumber: string): boolean => /^\+[1-9]\d{6,14}$/.test(phoneNumber);
