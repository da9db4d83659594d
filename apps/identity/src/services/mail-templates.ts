import { escapeHtml } from '../lib/html.js';
import type { MailMessage } from './mail.js';

// Every mail the identity server sends, as plain text and HTML with the same links.

export const PRODUCT = 'Brizo FoodMetrics';

function layout(paragraphs: string[], action: { label: string; url: string } | undefined): string {
  const body = paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('\n');
  const button = action
    ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#1f4fd1;color:#ffffff;text-decoration:none;border-radius:4px">${escapeHtml(action.label)}</a></p>
<p style="font-size:12px;color:#555">Or paste this link into your browser: <a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#000000">\n${body}\n${button}\n</body></html>`;
}

export function message(
  to: string,
  subject: string,
  paragraphs: string[],
  action?: { label: string; url: string },
): MailMessage {
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : [])].join('\n\n');
  return { to, subject, text, html: layout(paragraphs, action) };
}

export const greeting = (name: string) => (name.trim() ? `Hi ${name.trim()},` : 'Hi,');

export function activationMail(
  to: { email: string; name: string },
  activationUrl: string,
  validDays: number,
): MailMessage {
  return message(
    to.email,
    `Activate your ${PRODUCT} account`,
    [
      greeting(to.name),
      `Thanks for signing up for ${PRODUCT}. Confirm your email address and choose a password to activate your account.`,
      `This link is valid for ${validDays} days. If you did not sign up, you can ignore this email.`,
    ],
    { label: 'Activate your account', url: activationUrl },
  );
}

/** Activation by code (vendor setting): the code is typed at /account/activate/code. */
export function activationCodeMail(
  to: { email: string; name: string },
  code: string,
  validMinutes: number,
  activationPageUrl: string,
): MailMessage {
  return message(
    to.email,
    `${code} is your ${PRODUCT} activation code`,
    [
      greeting(to.name),
      `Thanks for signing up for ${PRODUCT}. Enter this code on the activation page to confirm your email address: ${code}`,
      `The code is valid for ${validMinutes} minutes. If you did not sign up, you can ignore this email.`,
    ],
    // Invited users and resent mails reach the code page from here; the code is still required there.
    { label: 'Open the activation page', url: activationPageUrl },
  );
}

/** Who invites and into which account: every invitation mail names both (issue: it named neither). */
export interface InvitationContext {
  inviter: { name: string; email: string };
  accountName: string;
  validDays: number;
}

const inviterOf = (invitation: InvitationContext) =>
  invitation.inviter.name.trim()
    ? `${invitation.inviter.name.trim()} (${invitation.inviter.email})`
    : invitation.inviter.email;

const ifUnexpected = (invitation: InvitationContext) =>
  `The invitation is valid for ${invitation.validDays} days. If you did not expect it, you can ignore this email: ` +
  `you will not join "${invitation.accountName}" unless you accept. Questions about it go to ${invitation.inviter.email}.`;

/**
 * The invitation of someone who has no account yet: accepting it confirms the email address and
 * chooses a password (the activation link, or the activation page and a code when the vendor
 * activates by code).
 */
export function newUserInvitationMail(
  to: { email: string; name: string },
  invitation: InvitationContext & {
    acceptUrl: string;
    code?: { value: string; validMinutes: number } | undefined;
  },
): MailMessage {
  const how = invitation.code
    ? `To accept, open the page below and enter this code: ${invitation.code.value}. Then choose a password for your new ${PRODUCT} account. ` +
      `The code is valid for ${invitation.code.validMinutes} minutes; the page sends you a new one after that.`
    : `To accept, open the link below and choose a password for your new ${PRODUCT} account.`;
  return message(
    to.email,
    `${invitation.inviter.name.trim() || invitation.inviter.email} invited you to ${invitation.accountName} on ${PRODUCT}`,
    [
      greeting(to.name),
      `${inviterOf(invitation)} invited you to join the account "${invitation.accountName}" on ${PRODUCT}.`,
      how,
      ifUnexpected(invitation),
    ],
    { label: 'Accept the invitation', url: invitation.acceptUrl },
  );
}

/** The invitation of someone who already has an account: accepting adds the account to theirs. */
export function existingUserInvitationMail(
  to: { email: string; name: string },
  invitation: InvitationContext & { acceptUrl: string; codeUrl: string; code: string },
): MailMessage {
  return message(
    to.email,
    `${invitation.inviter.name.trim() || invitation.inviter.email} invited you to ${invitation.accountName} on ${PRODUCT}`,
    [
      greeting(to.name),
      `${inviterOf(invitation)} invited you to join the account "${invitation.accountName}" on ${PRODUCT}. ` +
        `You keep signing in as ${to.email}; once you accept, you can switch to "${invitation.accountName}" from your accounts.`,
      `Accept the invitation with the link below, or open ${invitation.codeUrl} and enter this code: ${invitation.code}`,
      ifUnexpected(invitation),
    ],
    { label: 'Accept the invitation', url: invitation.acceptUrl },
  );
}

export function accountExistsMail(
  to: { email: string; name: string },
  loginUrl: string,
  resetUrl: string,
): MailMessage {
  return message(
    to.email,
    `You already have a ${PRODUCT} account`,
    [
      greeting(to.name),
      `Someone (hopefully you) tried to sign up for ${PRODUCT} with this email address, but you already have an account.`,
      `Sign in at ${loginUrl}. Forgot your password? Reset it at ${resetUrl}.`,
      'If this was not you, you can ignore this email: nothing has changed.',
    ],
    { label: 'Sign in', url: loginUrl },
  );
}

export function resetPasswordMail(
  to: { email: string; name: string },
  resetUrl: string,
  validMinutes: number,
): MailMessage {
  return message(
    to.email,
    `Reset your ${PRODUCT} password`,
    [
      greeting(to.name),
      'We received a request to reset your password. Choose a new one with the link below.',
      `This link is valid for ${validMinutes} minutes and works once. If you did not ask for it, you can ignore this email.`,
    ],
    { label: 'Reset your password', url: resetUrl },
  );
}

// Email change (issue 10): a code to the new address, or, when an account already uses that
// address, a note to it instead; the old address always learns of a change and can undo it.

export function emailChangeCodeMail(
  to: { email: string; name: string },
  code: string,
  validMinutes: number,
): MailMessage {
  return message(to.email, `Confirm your new ${PRODUCT} email address`, [
    greeting(to.name),
    `Your code to make this address the email of your account is ${code}.`,
    `It expires in ${validMinutes} minutes and works once. If you did not ask for it, you can ignore this email.`,
  ]);
}

/**
 * The address asked for already has an account: its owner hears so (the person asking is told
 * nothing different, so the form cannot be used to find out who has an account).
 */
export function emailChangeAddressInUseMail(to: string, loginUrl: string): MailMessage {
  return message(
    to,
    `This address already has a ${PRODUCT} account`,
    [
      'Hi,',
      `Someone asked to move a ${PRODUCT} account to this email address, but an account already signs in with it, so nothing was changed and no code was sent.`,
      'If that was you, sign in to the account that uses this address instead. If it was not, you can ignore this email.',
    ],
    { label: 'Sign in', url: loginUrl },
  );
}

export function emailChangedMail(
  to: { email: string; name: string },
  newEmail: string,
  revertUrl: string,
  validDays: number,
): MailMessage {
  return message(
    to.email,
    `The email address of your ${PRODUCT} account changed`,
    [
      greeting(to.name),
      `Your account now signs in with ${newEmail}; this address no longer receives its mail.`,
      `If you did not make this change, undo it with the link below (valid for ${validDays} days, once): it gives your account this address back, signs it out everywhere and asks you to choose a new password.`,
    ],
    { label: 'This was not me: undo the change', url: revertUrl },
  );
}
