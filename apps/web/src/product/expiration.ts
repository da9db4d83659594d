import { isRegularUser, isTrialUser } from './access';
import { parseJsonObject, parseVendorMetadata } from './metadata';
import type { ProductTenant, ProductUser } from './types';

// Trial expiration, SPEC sections 4 and 9.

// Re-exported because screens were promised it under this module; it lives in metadata.ts.
export { parseJsonObject } from './metadata';

/** Stands for "expired long ago": an activated trial user without any expiration date. */
export const EXPIRED_SENTINEL = '2001-01-01';
/** Stands for "never expires": regular-access users. */
export const REGULAR_SENTINEL = '2999-01-01';
/** How often the trial countdown re-renders. */
export const COUNTDOWN_REFRESH_MS = 30_000;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseCalendarDate(date: string): { year: number; month: number; day: number } | null {
  const match = CALENDAR_DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Date.UTC rolls 2026-02-30 over into March; a round trip rejects such dates.
  const check = new Date(Date.UTC(year, month - 1, day));
  const isReal = check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
  return isReal ? { year, month, day } : null;
}

/** A strict, real 'YYYY-MM-DD' date; anything else in metadata is treated as absent. */
export function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && parseCalendarDate(value) !== null;
}

/**
 * The user's expiration date ('YYYY-MM-DD'), or null when there is none to enforce.
 * Trial users: vendorMetadata.expiration, else the tenant's metadata.expiration; an activated
 * trial without either is expired. Regular users never expire. Everyone else: null.
 */
export function getExpirationDate(user: ProductUser, tenant: ProductTenant | null): string | null {
  if (isRegularUser(user)) return REGULAR_SENTINEL;
  if (!isTrialUser(user)) return null;
  const vendor = parseVendorMetadata(user);
  if (isCalendarDate(vendor.expiration)) return vendor.expiration;
  const tenantExpiration = parseJsonObject(tenant?.metadata).expiration;
  if (isCalendarDate(tenantExpiration)) return tenantExpiration;
  return vendor.activated ? EXPIRED_SENTINEL : null;
}

/**
 * The instant a date stops being valid: the day after, at 03:59:59 UTC (the end of the day
 * in US Eastern time). An invalid date gives an Invalid Date, which never counts as passed.
 */
export function getExpiryInstant(date: string): Date {
  const parts = parseCalendarDate(date);
  if (!parts) return new Date(Number.NaN);
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day + 1, 3, 59, 59));
}

/** The trial user's expiry instant, or null when the user is not a trial user or has no date. */
export function getTrialExpiry(user: ProductUser, tenant: ProductTenant | null): Date | null {
  if (!isTrialUser(user)) return null;
  const date = getExpirationDate(user, tenant);
  return date === null ? null : getExpiryInstant(date);
}

/**
 * True once `now` has reached the trial user's expiry instant (at the instant itself the
 * trial is over). A trial user with no date, not yet activated, is still within the trial.
 */
export function isTrialExpired(user: ProductUser, tenant: ProductTenant | null, now: Date): boolean {
  const expiry = getTrialExpiry(user, tenant);
  return expiry !== null && now.getTime() >= expiry.getTime();
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
}

/** Whole days, hours and minutes left until `expiry` (rounded down); zeros once passed. */
export function getCountdown(expiry: Date, now: Date): Countdown {
  const remainingMs = expiry.getTime() - now.getTime();
  // `!(x > 0)` also catches NaN from an Invalid Date.
  if (!(remainingMs > 0)) return { days: 0, hours: 0, minutes: 0 };
  const totalMinutes = Math.floor(remainingMs / 60_000);
  return {
    days: Math.floor(totalMinutes / (24 * 60)),
    hours: Math.floor(totalMinutes / 60) % 24,
    minutes: totalMinutes % 60,
  };
}
