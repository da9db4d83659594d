// The SDK starts by refreshing the session from the HttpOnly refresh cookie, which scripts cannot see.
// Signed out, that call answers 401 and the browser logs the failed request as a console error on every
// visit of the login page (issue 10). The identity server mirrors the refresh cookie into a presence
// cookie scripts can read, set and cleared with it (docs/CONTRACTS.md "Session presence cookie"): without
// it there is no session to refresh, and the call is answered here with the 401 the server would give.

/**
 * The SDK's session refresh calls: embedded login's `.../auth/v1/user/token/refresh`, and hosted login's
 * silent authorization `/frontegg/oauth/authorize/silent`.
 */
const REFRESH = /\/(?:user\/token\/refresh|authorize\/silent)$/;

/** The presence cookie's name for a client id: the refresh cookie's name (`fe_refresh_<id>`) + `_present`. */
export const presenceCookieName = (clientId: string) => `fe_refresh_${clientId.replaceAll('-', '')}_present`;

/** Whether the presence cookie says there is a session to refresh. */
export const hasSessionPresence = (clientId: string) =>
  document.cookie.includes(`${presenceCookieName(clientId)}=1`);

/**
 * Wraps `window.fetch` so that the SDK's session refresh is not sent while the presence cookie is absent:
 * it gets the 401 the server would answer, so the SDK takes the same signed-out path. Every other call,
 * and every refresh while the cookie is there, goes to the network unchanged. (Kept this small because
 * it rides in the login page's bundle, docs/decisions/0003.)
 */
export function skipRefreshWithoutSession(clientId: string): void {
  const present = `${presenceCookieName(clientId)}=1`;
  const networkFetch = window.fetch.bind(window);
  window.fetch = (input, init) =>
    init?.method === 'POST' && REFRESH.test(String(input)) && !document.cookie.includes(present)
      ? Promise.resolve(new Response(null, { status: 401 }))
      : networkFetch(input, init);
}
