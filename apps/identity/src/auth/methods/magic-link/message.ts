import type { MailMessage } from '../../services/mail.js';
import { greeting, message } from '../../services/mail-templates.js';
import type { SmsMessage } from '../../services/sms.js';

// The mail and text messages of passwordless sign-in.

const PRODUCT = 'Brizo FoodMetrics';

export function magicLinkMail(
  to: { email: string; name: string },
  url: string,
  validMinutes: number,
): MailMessage {
  return message(
    to.email,
    `Your ${PRODUCT} sign-in link`,
    [
      greeting(to.name),
      `Use the link below to sign in to ${PRODUCT}. It works once and expires in ${validMinutes} minutes.`,
      'If you did not try to sign in, you can ignore this email: nobody can sign in without this link.',
    ],
    { label: 'Sign in', url },
  );
}

export function signInCodeMail(
  to: { email: string; name: string },
  code: string,
  validMinutes: number,
): MailMessage {
  return message(to.email, `${code} is your ${PRODUCT} sign-in code`, [
    greeting(to.name),
    `Your sign-in code is ${code}. It works once and expires in ${validMinutes} minutes.`,
    'If you did not try to sign in, you can ignore this email.',
  ]);
}

export const signInCodeSms = (to: string, code: string, validMinutes: number): SmsMessage => ({
  to,
  text: `${code} is your ${PRODUCT} sign-in code. It expires in ${validMinutes} minutes. Do not share it.`,
});
