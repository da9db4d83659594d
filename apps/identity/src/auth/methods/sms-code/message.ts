import { PRODUCT } from '../../../services/mail-templates.js';
import type { SmsMessage } from '../../../services/sms.js';

/** The text of an SMS sign-in code. */
export const signInCodeSms = (to: string, code: string, validMinutes: number): SmsMessage => ({
  to,
  text: `${code} is your ${PRODUCT} sign-in code. It expires in ${validMinutes} minutes. Do not share it.`,
});
