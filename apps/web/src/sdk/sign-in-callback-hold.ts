import type { RedirectOptions } from './redirect-bridge';

// Issue 13. The store's start-up refresh sends a signed-in visitor on from the pages identity providers
// return to (SAML, OIDC, social): its __handleRedirectRefreshToken treats them like the login page.
// Those pages carry a single-use answer (a code) that must be posted first: the SSO section's live test
// comes back to /account/oidc/callback in the administrator's own signed-in browser, and someone signed
// in may finish a sign-in as another person. So on those pages the store's redirects wait until the page
// has read the session and let them go (the page then decides: post the code, or land as signed in).

type Redirect = (path: string, opts?: RedirectOptions) => void;

let holding = false;

/** Wraps the store's onRedirectTo: while the page at start-up is a callback page, its redirects are dropped. */
export function withSignInCallbackHold(
  redirect: Redirect,
  callbackPaths: readonly (string | undefined)[],
  pathname: string,
): Redirect {
  holding = callbackPaths.includes(pathname);
  return (...request) => {
    if (!holding) redirect(...request);
  };
}

/** The callback page has read the session: the store's redirects go through again. */
export function releaseSignInCallbackHold(): void {
  holding = false;
}
