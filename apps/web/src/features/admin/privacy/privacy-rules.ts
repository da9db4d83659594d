import { z } from 'zod';

// The Privacy section's rules as pure functions (unit-tested beside this file).

/** A session's browser in the user's words, e.g. "Chrome on Linux", from its user agent. */
export function describeUserAgent(userAgent: string): string {
  if (!userAgent.trim()) return 'Unknown device';
  const browser =
    [
      ['Edge', /Edg\//],
      ['Opera', /OPR\//],
      ['Firefox', /Firefox\//],
      ['Chrome', /(Chrome|Chromium|CriOS)\//],
      ['Safari', /Version\/[\d.]+.*Safari\//],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? null;
  const system =
    [
      ['Android', /Android/],
      ['iOS', /iPhone|iPad|iPod/],
      ['Windows', /Windows/],
      ['macOS', /Mac OS X|Macintosh/],
      ['Linux', /Linux|X11/],
    ].find(([, pattern]) => (pattern as RegExp).test(userAgent))?.[0] ?? null;
  if (browser && system) return `${browser as string} on ${system as string}`;
  if (browser || system) return (browser ?? system) as string;
  return userAgent.length > 60 ? `${userAgent.slice(0, 57)}...` : userAgent;
}

/** An ISO date as the viewer's local date and time; empty when unknown. */
export function formatDateTime(value: string | null, locale?: string): string {
  if (!value) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';

/** Change password: the current one, the new one twice (SPEC section 5 messages). */
export const changePasswordSchema = z
  .object({
    password: z.string().min(1, 'Password is required'),
    newPassword: z.string().min(1, 'Password is required'),
    confirmPassword: z.string().min(1, 'Confirm Password is required'),
  })
  .refine((values) => values.confirmPassword === values.newPassword, {
    path: ['confirmPassword'],
    message: PASSWORDS_DO_NOT_MATCH,
  });
export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;

/** Sessions shown per page: each sign-in adds one, so the list is paged instead of growing. */
export const SESSIONS_PAGE_SIZE = 10;

/** One page (1-based) of the sessions: this device first, then the newest sign-in first. */
export function sessionsPage<T extends { current: boolean; createdAt: string | null }>(
  sessions: readonly T[],
  page: number,
  size = SESSIONS_PAGE_SIZE,
): { rows: T[]; page: number; pageCount: number } {
  const ordered = [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || (b.createdAt ?? '').localeCompare(a.createdAt ?? ''),
  );
  const pageCount = Math.max(1, Math.ceil(ordered.length / size));
  // A page emptied by signing sessions out falls back to the last one left.
  const shown = Math.min(Math.max(1, page), pageCount);
  return { rows: ordered.slice((shown - 1) * size, shown * size), page: shown, pageCount };
}
