// Issue 13: login CSRF (session swapping). Without this, someone could start an SP-initiated SAML,
// OIDC or social sign-in as themselves, stop before the callback, and lure a victim's browser to the
// callback page with their code and state: the victim would end up signed in to the attacker's account.
//
// So every sign-in started from a browser binds itself to that browser:
// - The start (the SSO pre-login XHR of the login box, the social start navigation, the SSO section's
//   live test XHR) makes a random value, keeps only its SHA-256 in the federated_login_requests row
//   (data.browserBinding, with the cookie's slot) and sets it in an HttpOnly, SameSite=Lax cookie,
//   Path=/, Secure when PUBLIC_URL is https, for a little longer than the request itself lives.
// - The finish (the SAML post-login of a hand-off code or a raw response answering our request, the
//   OIDC post-login v1/v2, the social post-login) reads the cookie the row names and compares its hash
//   in constant time; without it, or with another sign-in's, the protocol's "sign-in not found" error
//   answers and the refusal is audited. The cookie is cleared at the finish whatever the outcome: the
//   request it stood for is spent either way.
// - One cookie per sign-in in flight, `brizo-sso-binding-<slot>`, so that sign-ins started in parallel
//   tabs each keep theirs and two starts answered at once cannot overwrite each other (one cookie
//   holding a list could lose an entry that way). The slot is random, not derived from the request id,
//   so that the start needs nothing of the protocol but a place to store the hash; it begins with the
//   time in base 36 only so that a browser with too many of them loses its oldest first.
// - IdP-initiated SAML has no request and so no binding: it stays governed by the connection's
//   allowIdpInitiated and the one-time assertion ids. The SAML assertion consumer is posted
//   cross-site by the IdP's page, which carries no SameSite=Lax cookie: it reads none, and the check
//   happens at the post-login the web app's callback page makes from our origin.
// - A SAML live test ends at the assertion consumer (its report is stored there, nobody is signed
//   in), so its binding is never checked; an OIDC live test ends at the post-login and is checked.
// The request's cookies and the reply's cookie setters are @fastify/cookie's (registered in app.ts).
import type {} from '@fastify/cookie';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { generateToken, hashToken } from '../../lib/secrets.js';

export const BROWSER_BINDING_COOKIE = 'brizo-sso-binding';
/** Longer than any sign-in in flight (ten minutes) plus the SAML hand-off's minute. */
const BINDING_MAX_AGE_SECONDS = 15 * 60;
/** Past this many unfinished sign-ins, a browser's oldest bindings are dropped (the Cookie header stays small). */
const MAX_BINDINGS_PER_BROWSER = 8;
const SLOT = /^[0-9a-z]{16}$/;

/** What the sign-in in flight keeps (in its data.browserBinding): which cookie, and its value's hash. */
export interface StoredBrowserBinding {
  slot: string;
  hash: string;
}

/** A new binding: the cookie's value for the browser, its hash for the database. */
export interface BrowserBinding {
  value: string;
  stored: StoredBrowserBinding;
}

/** The cookie of one sign-in in flight. */
export const browserBindingCookieName = (slot: string) => `${BROWSER_BINDING_COOKIE}-${slot}`;

export function newBrowserBinding(): BrowserBinding {
  // Wall time orders a browser's slots for trimming only; validity rests on the request row's expiry.
  const slot = `${Date.now().toString(36).padStart(8, '0')}${randomBytes(4).toString('hex')}`;
  const value = generateToken();
  return { value, stored: { slot, hash: hashToken(value) } };
}

/** Gives the browser the binding of the sign-in it just started, on the answer that starts it. */
export function bindBrowser(reply: FastifyReply, config: Pick<Config, 'publicUrl'>, binding: BrowserBinding) {
  const held = Object.keys(reply.request.cookies)
    .filter((name) => name.startsWith(`${BROWSER_BINDING_COOKIE}-`))
    .sort();
  for (const name of held.slice(0, Math.max(0, held.length - (MAX_BINDINGS_PER_BROWSER - 1))))
    reply.clearCookie(name, { path: '/' });
  reply.setCookie(browserBindingCookieName(binding.stored.slot), binding.value, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: config.publicUrl.startsWith('https:'),
    maxAge: BINDING_MAX_AGE_SECONDS,
  });
}

/** The finish's side: whether the browser that finishes a sign-in is the one that started it. */
export interface BrowserBindingCheck {
  /**
   * True when the browser holds the cookie whose hash `stored` (a request row's data.browserBinding)
   * keeps; false when it does not, or when nothing was stored. Clears that cookie either way.
   */
  holds(stored: unknown): boolean;
}

const isStoredBinding = (value: unknown): value is StoredBrowserBinding =>
  typeof value === 'object' &&
  value !== null &&
  'slot' in value &&
  'hash' in value &&
  typeof value.slot === 'string' &&
  SLOT.test(value.slot) &&
  typeof value.hash === 'string';

/** The check for one finishing request (its cookies in, the clearing out through its reply). */
export function browserBindingCheck(request: FastifyRequest, reply: FastifyReply): BrowserBindingCheck {
  return {
    holds(stored) {
      if (!isStoredBinding(stored)) return false;
      const name = browserBindingCookieName(stored.slot);
      const presented = request.cookies[name];
      reply.clearCookie(name, { path: '/' });
      if (!presented) return false;
      const expected = Buffer.from(stored.hash);
      const actual = Buffer.from(hashToken(presented));
      return expected.length === actual.length && timingSafeEqual(expected, actual);
    },
  };
}

/** What the audit rows say when the binding is missing or wrong. */
export const BROWSER_MISMATCH = 'The browser that finished this sign-in is not the one that started it';
