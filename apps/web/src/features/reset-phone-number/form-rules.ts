import type { Problems } from '../../lib/form';
import { isPhoneNumber, normalizePhoneNumber, PHONE_NUMBER_MESSAGE } from '../../lib/phone-number';
import { emailFormRules, messages } from '../../lib/validation';

// The rules of the reset-phone-number forms; the server has the last word (services/sms.ts).

export const PHONE_REQUIRED = 'Phone number is required';
export const PHONE_INVALID = PHONE_NUMBER_MESSAGE;

export interface EmailValues {
  email: string;
}

export interface PhoneValues {
  phoneNumber: string;
}

/** The account's email: required, an address; handed on trimmed. */
export const emailRules = emailFormRules(messages.emailRequired);

/** The new number: required, E.164 once spaces, brackets, dots and dashes are gone; handed on so. */
export const phoneRules = {
  validate({ phoneNumber }: PhoneValues): Problems<PhoneValues> {
    const normalized = normalizePhoneNumber(phoneNumber);
    if (normalized === '') return { phoneNumber: PHONE_REQUIRED };
    return isPhoneNumber(normalized) ? {} : { phoneNumber: PHONE_INVALID };
  },
  parse: ({ phoneNumber }: PhoneValues): PhoneValues => ({ phoneNumber: normalizePhoneNumber(phoneNumber) }),
};
