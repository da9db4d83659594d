import type { KeyValueStorage } from './types';

// The signup source (SPEC section 3), apart from the rest of the query-string handling
// (query-string.ts re-exports it): the sign-up page needs only this, and its chunk none of the rest.

/** Session storage key of the signup source (SPEC section 3). */
export const SOURCE_KEY = 'bfmSource';

/** Saves the signup source (the `source` query parameter); absent or empty leaves any saved one. */
export function storeSource(source: string | null, session: KeyValueStorage): void {
  if (source) session.setItem(SOURCE_KEY, source);
}

/** The saved signup source, or null. */
export function readStoredSource(session: KeyValueStorage): string | null {
  return session.getItem(SOURCE_KEY) || null;
}

export function clearStoredSource(session: KeyValueStorage): void {
  session.removeItem(SOURCE_KEY);
}
