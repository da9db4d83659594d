import { isoDate } from '../../../lib/time.js';

// Every sentence the policy impact preview shows, in one place: the summary of each kind (one
// sentence for the screen) and the reason given beside each affected member.

const plural = (count: number, one: string, many: string) => (count === 1 ? one : many);
const members = (count: number) => `${count} ${plural(count, 'member', 'members')}`;
const isAre = (count: number) => plural(count, 'is', 'are');
const hasHave = (count: number) => plural(count, 'has', 'have');

/** Minutes as the largest whole unit a person reads easily. */
function duration(minutes: number): string {
  const days = Math.floor(minutes / 1440);
  if (days >= 1) return `${days} ${plural(days, 'day', 'days')}`;
  const hours = Math.floor(minutes / 60);
  if (hours >= 1) return `${hours} ${plural(hours, 'hour', 'hours')}`;
  return `${Math.max(minutes, 1)} ${plural(minutes, 'minute', 'minutes')}`;
}

export const mfaTexts = {
  optional: 'MFA stays optional: nobody will be asked to enrol',
  summary: (count: number, exceptSso: boolean) =>
    count === 0
      ? `Every member ${exceptSso ? 'signing in without SSO ' : ''}is enrolled in MFA: nobody will be asked to enrol`
      : `${members(count)} ${isAre(count)} not enrolled in MFA and will be asked to enrol at their next sign-in` +
        (exceptSso ? ' (members signing in with SSO are not asked)' : ''),
  reason: (exceptSso: boolean) =>
    exceptSso ? 'Not enrolled in MFA, and does not sign in with SSO' : 'Not enrolled in MFA',
};

export const ipTexts = {
  inactive: 'IP restrictions are off: no address is refused',
  summary: (count: number, days: number) =>
    count === 0
      ? `No member signed in from an address these rules refuse in the last ${days} days`
      : `${members(count)} signed in from addresses these rules refuse in the last ${days} days: they would lose access`,
  reason: (ip: string, others: number) =>
    others === 0
      ? `Signed in from ${ip}, which these rules refuse`
      : `Signed in from ${ip} and ${others} other ${plural(others, 'address', 'addresses')} these rules refuse`,
  self: (ip: string | null) =>
    ip
      ? `Your current address ${ip} would be refused: saving would sign you out`
      : 'Your current address is unknown, and these rules refuse unknown addresses: saving would sign you out',
};

export const domainTexts = {
  inactive: 'Email-domain restrictions are off: no address is refused',
  summary: (count: number) =>
    count === 0
      ? 'No member has an email domain these rules refuse'
      : `${members(count)} ${hasHave(count)} an email domain these rules refuse: they keep their access, but could not be invited or sign up again`,
  reason: (domain: string, why: 'personal' | 'notAllowed' | 'blocked') =>
    why === 'personal'
      ? `${domain} is a personal email domain, which these rules refuse`
      : why === 'notAllowed'
        ? `${domain} is not on the allowed domains`
        : `${domain} is on the blocked domains`,
  self: (domain: string) => `Your own email domain ${domain} would be refused`,
};

export const lockoutTexts = {
  off: 'Lockout is off: wrong passwords will not lock any account',
  summary: (nearLimit: number, locked: number, maxAttempts: number) => {
    if (nearLimit === 0 && locked === 0)
      return `No member is close to the limit of ${maxAttempts} wrong passwords in a row`;
    const near =
      nearLimit === 0
        ? ''
        : `${members(nearLimit)} ${isAre(nearLimit)} one wrong password away from being locked at their next sign-in`;
    const already = locked === 0 ? '' : `${members(locked)} ${isAre(locked)} locked already`;
    return near && already ? `${near}, and ${already}` : near || already;
  },
  reasonLocked: 'Locked: stays locked until unlocked',
  reasonNearLimit: (failedAttempts: number) =>
    failedAttempts === 0
      ? 'The next wrong password locks the account'
      : `${failedAttempts} wrong ${plural(failedAttempts, 'password', 'passwords')} in a row: the next one locks the account`,
};

export const historyTexts = {
  off: 'Password history is off: members may reuse earlier passwords',
  summary: (count: number, historySize: number) =>
    count === 0
      ? 'No member has a password: nobody is affected'
      : `${members(count)} with a password may not reuse ${historySize === 1 ? 'their current password' : `any of their last ${historySize} passwords`} at their next change`,
  /** `refused`: how many passwords the next change may not reuse (the current one and those on record). */
  reason: (refused: number) =>
    refused === 1
      ? 'The next password may not be the current one'
      : `The next password may not be any of the last ${refused} (on record)`,
};

export const rotationTexts = {
  off: 'Password rotation is off: no password expires',
  summary: (expired: number, expiring: number, period: number) => {
    if (expired === 0 && expiring === 0)
      return `No password is older than ${duration(period)} or close to it: nobody is asked to change theirs`;
    const parts = [
      expired === 0
        ? ''
        : `${members(expired)} will be asked to change an expired password at their next sign-in`,
      expiring === 0
        ? ''
        : `${members(expiring)} will be told ${plural(expiring, 'theirs expires', 'theirs expire')} soon`,
    ].filter(Boolean);
    return parts.join(', and ');
  },
  reasonExpired: (changedAt: Date) => `Password unchanged since ${isoDate(changedAt)}: expired`,
  reasonExpiring: (minutesLeft: number) => `Password expires in ${duration(minutesLeft)}`,
};

export const ssoTexts = {
  off: 'Single sign-on is not required: members keep their other sign-in methods',
  noDomains: 'No verified domain has an enabled connection: nobody would have to sign in with SSO',
  summary: (count: number, domains: string[]) =>
    count === 0
      ? `No member outside the break-glass addresses has an address on ${domains.join(', ')}`
      : `${members(count)} would have to sign in through SSO: their passwords and other sign-in methods stop working`,
  reason: (domain: string) => `Address on ${domain}: SSO only`,
  self: (domain: string) => `Your address is on ${domain}: you would have to sign in through SSO`,
};
