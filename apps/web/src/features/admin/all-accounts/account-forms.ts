import type { SubAccountAccessType } from '../../../sdk/admin/sub-accounts';

/** SPEC section 3 "Sub-account": the access types, as the hierarchy settings dialog offers them. */
export const accessTypeLabels: Record<SubAccountAccessType, string> = {
  defaultOff: 'Off by default: only users allowed access reach sub-accounts',
  defaultOn: 'On by default: users reach sub-accounts unless denied',
  alwaysOn: 'Always on: every user reaches sub-accounts',
};

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** The emails typed in the add users dialog (commas, semicolons or new lines between them). */
export function parseEmails(text: string): { emails: string[] } | { error: string } {
  const emails = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((email) => email.trim())
        .filter(Boolean),
    ),
  ];
  if (emails.length === 0) return { error: 'Enter at least one email' };
  const invalid = emails.find((email) => !EMAIL.test(email));
  if (invalid) return { error: `${invalid} is not a valid email` };
  if (emails.length > 50) return { error: 'Add at most 50 users at a time' };
  return { emails };
}
