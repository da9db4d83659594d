import type { MailMessage } from '../../../services/mail.js';
import { greeting, message, PRODUCT } from '../../../services/mail-templates.js';

/** The mail of a magic link: one click signs in, once. */
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
