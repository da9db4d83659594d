import { z } from 'zod';
import { isPhoneNumber, normalizePhoneNumber, PHONE_NUMBER_MESSAGE } from '../../lib/phone-number';
import { messages } from '../../lib/validation';

// The rules of the reset-phone-number forms; the server has the last word (services/sms.ts).

export const PHONE_REQUIRED = 'Phone number is required';
export const PHONE_INVALID = PHONE_NUMBER_MESSAGE;

export const emailSchema = z.object({
  email: z.string().trim().min(1, messages.emailRequired).pipe(z.email(messages.emailInvalid)),
});

export const phoneSchema = z.object({
  phoneNumber: z
    .string()
    .transform(normalizePhoneNumber)
    .pipe(z.string().min(1, PHONE_REQUIRED).refine(isPhoneNumber, PHONE_INVALID)),
});
