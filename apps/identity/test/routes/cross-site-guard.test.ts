import { describe, expect, it } from 'vitest';
import { API, expectErrorShape, useTestServer } from '../harness.js';
import { COOKIE, OAUTH, signedInUser } from '../oauth-helpers.js';

// Issue 10: the refresh cookie (SameSite=Lax) also goes with requests from a sibling origin of the same
// site, so logout and refresh accepted a no-cors form POST from another port or subdomain.
const server = useTestServer();

/** What a browser adds to a request sent by a page of another origin of the same site. */
const SIBLING = { origin: 'http://identity.test:8080', 'sec-fetch-site': 'same-site' };
/** What a browser adds to a request of our own pages (PUBLIC_URL is http://identity.test in tests). */
const OWN_PAGE = { origin: 'http://identity.test', 'sec-fetch-site': 'same-origin' };

const refresh = (cookie: string, headers: Record<string, string> = {}) =>
  server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user/token/refresh`,
    cookies: { [COOKIE]: cookie },
    headers,
  });

const expectRefused = (response: Awaited<ReturnType<typeof refresh>>) =>
  expect(expectErrorShape(response, 403).errorCode).toBe('ER-REQUEST-CROSS-SITE');

describe('issue 10: state changes with the cookies come from our own pages only', () => {
  it('refuses a logout from a sibling origin and the session lives on', async () => {
    const { cookie } = await signedInUser(server());
    const logout = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/logout`,
      cookies: { [COOKIE]: cookie },
      headers: SIBLING,
    });
    expectRefused(logout);
    expect(logout.cookies.find((entry) => entry.name === COOKIE)).toBeUndefined();
    expect((await refresh(cookie)).statusCode).toBe(200);
  });

  it('refuses a refresh from a sibling origin, with or without Sec-Fetch-Site', async () => {
    const { cookie } = await signedInUser(server());
    expectRefused(await refresh(cookie, SIBLING));
    expectRefused(await refresh(cookie, { origin: 'http://other.identity.test' }));
    expectRefused(await refresh(cookie, { 'sec-fetch-site': 'cross-site' }));
    // A sandboxed frame or a no-referrer page sends `Origin: null`: it names no allowed origin.
    expectRefused(await refresh(cookie, { origin: 'null', 'sec-fetch-site': 'same-origin' }));
    // An allowed Origin does not make a request another site sent a same-origin one.
    expectRefused(await refresh(cookie, { origin: 'http://identity.test', 'sec-fetch-site': 'same-site' }));
  });

  it("accepts our own pages' requests and clients that are not browsers", async () => {
    const { cookie } = await signedInUser(server());
    const own = await refresh(cookie, OWN_PAGE);
    expect(own.statusCode).toBe(200);
    const rotated = own.cookies.find((entry) => entry.name === COOKIE)?.value ?? '';
    const withOriginOnly = await refresh(rotated, { origin: 'http://identity.test' });
    expect(withOriginOnly.statusCode).toBe(200);
    const next = withOriginOnly.cookies.find((entry) => entry.name === COOKIE)?.value ?? '';
    // curl, a backend or an SDK on a server sends neither header: it holds the cookie itself.
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it.each([
    ['POST', `${API}/auth/v1/user`, { email: 'someone@example.com', password: 'x' }],
    ['POST', `${OAUTH}/authorize/silent`, {}],
    ['POST', `${OAUTH}/token`, { grant_type: 'refresh_token', refresh_token: 'x' }],
    ['POST', `${OAUTH}/logout`, {}],
    ['PUT', `${API}/users/v1/tenant`, { tenantId: '00000000-0000-4000-8000-000000000000' }],
    ['POST', '/dev/api/clock', { offsetSeconds: 60 }],
  ])('refuses %s %s from a sibling origin before reading it', async (method, url, payload) => {
    const { cookie } = await signedInUser(server());
    const response = await server().app.inject({
      method: method as 'POST' | 'PUT',
      url,
      payload,
      cookies: { [COOKIE]: cookie },
      headers: SIBLING,
    });
    expectRefused(response);
  });

  it('refuses a sibling form POST to the token endpoint (a cookie set for someone else’s session)', async () => {
    const response = await server().app.inject({
      method: 'POST',
      url: `${OAUTH}/token`,
      payload: 'grant_type=refresh_token&refresh_token=attacker',
      headers: { ...SIBLING, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectRefused(response);
  });

  it('leaves reads alone: a GET from anywhere is not a state change', async () => {
    const response = await server().app.inject({
      method: 'GET',
      url: '/health',
      headers: { origin: 'http://evil.test', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(200);
  });
});
