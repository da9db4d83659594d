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

export function invitationMail(
  to: { email: string; name: string },
  invitation: { acceptUrl: string; codeUrl: string; code: string; validDays: number },
): MailMessage {
  return message(
    to.email,
    "You're invited to another Brizo FoodMetrics account",
    [
      greeting(to.name),
      'You have been invited to join another account on Brizo FoodMetrics. Accept the invitation with the link below.',
      `Or open ${invitation.codeUrl} and enter this code: ${invitation.code}`,
      `The invitation is valid for ${invitation.validDays} days. If you did not expect it, you can ignore this email.`,
    ],
    { label: 'Accept the invitation', url: invitation.acceptUrl },
  );
}
