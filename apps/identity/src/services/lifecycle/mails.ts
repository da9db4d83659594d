import { greeting, message } from '../mail-templates.js';
import type { MailMessage } from '../mail.js';

export function accountLockedMail(
  to: { email: string; name: string },
  unlockUrl: string,
  validMinutes: number,
): MailMessage {
  return message(
    to.email,
    'Your Brizo FoodMetrics account is locked',
    [
      greeting(to.name),
      'Your account was locked after too many failed sign-in attempts. Unlock it with the link below, then sign in again.',
      `This link is valid for ${validMinutes} minutes and works once. If these attempts were not yours, unlock your account and reset your password.`,
    ],
    { label: 'Unlock your account', url: unlockUrl },
  );
}
