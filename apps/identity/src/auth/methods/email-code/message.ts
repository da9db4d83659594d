import type { MailMessage } from '../../../services/mail.js';
import { greeting, message, PRODUCT } from '../../../services/mail-templates.js';

/** The mail of an email sign-in code. */
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
