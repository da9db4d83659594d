import { trialPagePaths } from './landing';
import { clearStoredSource } from './source';
import type { KeyValueStorage } from './types';

// Query-string and source handling, SPEC section 4. Marketing parameters (utm_*, ...) given
// on the way in must survive sign-up, sign-in and the redirects that follow.

// Re-exported because screens were promised it under this module; it lives in types.ts.
export type { KeyValueStorage } from './types';
// The signup source's own module, which the sign-up page imports alone (issue 17).
export { clearStoredSource, readStoredSource, SOURCE_KEY, storeSource } from './source';

/** Local storage key of the saved query string (SPEC section 3). */
export const QUERY_STRING_KEY = 'bfmQueryString';

const SIGN_UP_PATH = '/account/sign-up';

function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

function isAccountPath(pathname: string): boolean {
  return pathname === '/account' || pathname.startsWith('/account/');
}

/**
 * The hosted login's redirect (SPEC section 2, an authentication-service route): its query is the
 * single-use authorization code and state, never a visitor's parameters to carry on.
 */
const HOSTED_LOGIN_CALLBACK_PATH = '/oauth/callback';

/** The sign-up page, or any page outside /account other than the root and the hosted login callback. */
export function shouldStoreQueryString(pathname: string): boolean {
  const path = normalizePath(pathname);
  if (path === HOSTED_LOGIN_CALLBACK_PATH) return false;
  return path === SIGN_UP_PATH || (path !== '/' && !isAccountPath(path));
}

/** True on /trial-started, /trial-ended and /under-review. */
export function isTrialPage(pathname: string): boolean {
  return trialPagePaths.includes(normalizePath(pathname));
}

function toPairs(search: string): string[] {
  return search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '');
}

function toSearch(pairs: readonly string[]): string {
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

/**
 * `search` with the pairs of `extra` it lacks appended ('?a=1' + '?a=1&b=2' → '?a=1&b=2').
 * Works on raw pairs so the parameters keep their original encoding.
 */
export function mergeQueryStrings(search: string, extra: string): string {
  const pairs = toPairs(search);
  const missing = toPairs(extra).filter((pair) => !pairs.includes(pair));
  return toSearch([...pairs, ...missing]);
}

/**
 * Saves the current query string where SPEC asks for it. An empty query string is not
 * saved, so a later bare address does not wipe the parameters the visitor came with.
 */
export function rememberQueryString(pathname: string, search: string, local: KeyValueStorage): void {
  const normalized = toSearch(toPairs(search));
  if (normalized !== '' && shouldStoreQueryString(pathname)) local.setItem(QUERY_STRING_KEY, normalized);
}

/**
 * On a trial/review page: the search to replace the address with so it carries the saved
 * query string, or null when there is nothing to do. Once the address already carries every
 * saved parameter (equal, or appended earlier) the saved copy is removed; checking inclusion
 * rather than strict equality keeps a second pass from appending again.
 */
export function reconcileTrialPageQuery(search: string, local: KeyValueStorage): string | null {
  const stored = local.getItem(QUERY_STRING_KEY);
  if (stored === null) return null;
  const merged = mergeQueryStrings(search, stored);
  if (merged === toSearch(toPairs(search))) {
    local.removeItem(QUERY_STRING_KEY);
    return null;
  }
  return merged;
}

export interface RedirectPlan {
  url: string;
  /** True: leave the single-page app with a full navigation. */
  external: boolean;
}

const EXTERNAL_URL = /^https?:\/\//i;

/** Adds the saved query string to an in-app path, before any #fragment. */
function appendStoredQuery(target: string, stored: string): string {
  const hashAt = target.indexOf('#');
  const beforeHash = hashAt === -1 ? target : target.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : target.slice(hashAt);
  const queryAt = beforeHash.indexOf('?');
  const path = queryAt === -1 ? beforeHash : beforeHash.slice(0, queryAt);
  const search = queryAt === -1 ? '' : beforeHash.slice(queryAt);
  return `${path}${mergeQueryStrings(search, stored)}${hash}`;
}

/**
 * How to go to `target`. An http(s) address leaves the app, so the saved source has served
 * its purpose and is cleared; an in-app path carries the saved query string along.
 */
export function planRedirect(target: string, local: KeyValueStorage, session: KeyValueStorage): RedirectPlan {
  if (EXTERNAL_URL.test(target)) {
    clearStoredSource(session);
    return { url: target, external: true };
  }
  return { url: appendStoredQuery(target, local.getItem(QUERY_STRING_KEY) ?? ''), external: false };
}
