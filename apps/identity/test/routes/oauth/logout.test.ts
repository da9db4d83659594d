import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { cookieValue, expectErrorShape, useTestServer } from '../../harness.js';
import { COOKIE, OAUTH, signedInUser } from '../../oauth-helpers.js';

// Issue 10: one click on a link to GET /frontegg/oauth/logout, from any site, ended the session. The
// end-session endpoint now follows OpenID Connect RP-Initiated Logout 1.0.
const server = useTestServer();

const LOGIN_BOX = 'http://identity.test/account/login';
const OWN_PAGE = { origin: 'http://identity.test', 'sec-fetch-site': 'same-origin' };

const logout = (query: string, cookie?: string, headers: Record<string, string> = {}) =>
  server().app.inject({
    method: 'GET',
    url: `${OAUTH}/logout${query}`,
    headers,
    ...(cookie === undefined ? {} : { cookies: { [COOKIE]: cookie } }),
  });

const confirm = (form: Record<string, string>, cookie: string, headers: Record<string, string> = OWN_PAGE) =>
  server().app.inject({
    method: 'POST',
    url: `${OAUTH}/logout`,
    payload: new URLSearchParams(form).toString(),
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    cookies: { [COOKIE]: cookie },
  });

/** Whether the session of this refresh cookie still stands (the silent authorization answers tokens). */
const isSignedIn = async (cookie: string) => {
  const silent = await server().app.inject({
    method: 'POST',
    url: `${OAUTH}/authorize/silent`,
    payload: {},
    cookies: { [COOKIE]: cookie },
  });
  return silent.statusCode === 200;
};

const isCleared = (response: Awaited<ReturnType<typeof logout>>) =>
  response.cookies.some((entry) => entry.name === COOKIE && entry.value === '');

describe('issue 10: GET /oauth/logout with proof of the session ends it at once', () => {
  it("ends the session for the SDK's call: no parameters, its ID token as the bearer", async () => {
    const { cookie, user, accessToken } = await signedInUser(server());
    const response = await logout('', cookie, { authorization: `Bearer ${accessToken}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect(isCleared(response)).toBe(true);
    expect(await isSignedIn(cookie)).toBe(false);
    const audit = await listAuditLogsByEmail(server().db, user.email);
    expect(audit.map((entry) => entry.action)).toContain('User logged out');
  });

  it('redirects to a registered post_logout_redirect_uri with the state (id_token_hint)', async () => {
    const { cookie, accessToken } = await signedInUser(server());
    const query = new URLSearchParams({
      id_token_hint: accessToken,
      post_logout_redirect_uri: LOGIN_BOX,
      state: 's1',
    });
    const response = await logout(`?${query.toString()}`, cookie);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${LOGIN_BOX}?state=s1`);
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it('accepts an expired hint of the very session (the OpenID spec asks it)', async () => {
    const { cookie, accessToken } = await signedInUser(server());
    server().clock.advanceSeconds(server().config.accessTokenTtlSeconds + 60);
    const response = await logout(`?id_token_hint=${accessToken}`, cookie);
    expect(response.statusCode).toBe(200);
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it('refuses an unregistered post_logout_redirect_uri, even with a good hint, and keeps the session', async () => {
    const { cookie, accessToken } = await signedInUser(server());
    const query = new URLSearchParams({
      id_token_hint: accessToken,
      post_logout_redirect_uri: 'http://evil.test/',
    });
    const response = await logout(`?${query.toString()}`, cookie);
    expect(expectErrorShape(response, 400).errorCode).toBe('ER-OAUTH-INVALID-POST-LOGOUT-REDIRECT-URI');
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it('answers 200 without a session, and goes on to a registered address', async () => {
    expect((await logout('')).statusCode).toBe(200);
    const response = await logout(`?post_logout_redirect_uri=${encodeURIComponent(LOGIN_BOX)}&state=x`);
    expect(response.headers.location).toBe(`${LOGIN_BOX}?state=x`);
  });

  it('sends a person who opened it in the address bar without a session to the login box, not to JSON', async () => {
    const navigation = await logout('', undefined, {
      'sec-fetch-mode': 'navigate',
      'sec-fetch-site': 'none',
    });
    expect(navigation.statusCode).toBe(302);
    expect(navigation.headers.location).toBe('/account/login');
    const fetched = await logout('', undefined, {
      'sec-fetch-mode': 'cors',
      'sec-fetch-site': 'same-origin',
    });
    expect(fetched.json()).toEqual({});
  });
});

describe('issue 10: GET /oauth/logout without that proof asks the user first', () => {
  it('a link from anywhere shows the confirmation page and ends nothing', async () => {
    const { cookie, user } = await signedInUser(server());
    const response = await logout('', cookie, {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<h1>Sign out of Brizo FoodMetrics?</h1>');
    expect(response.body).toContain(user.email);
    expect(response.body).toMatch(
      /<form method="post" action="\/frontegg\/oauth\/logout">.*<button type="submit">Sign out<\/button><\/form>/,
    );
    expect(response.body).not.toContain('<script');
    expect(isCleared(response)).toBe(false);
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it('the page runs no script, cannot be framed and keeps the Origin of its form', async () => {
    const { cookie } = await signedInUser(server());
    const response = await logout(`?post_logout_redirect_uri=${encodeURIComponent(LOGIN_BOX)}`, cookie);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("form-action 'self' http://identity.test");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });

  it("a hint of another session, a tampered or a foreign token does not end the cookie's session", async () => {
    const { cookie } = await signedInUser(server());
    const other = await signedInUser(server());
    const [header, payload, signature] = other.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const tampered = [
      header,
      Buffer.from(JSON.stringify({ ...claims, sid: 'x' })).toString('base64url'),
      signature,
    ];
    for (const hint of [other.accessToken, tampered.join('.'), 'not-a-jwt']) {
      const response = await logout(`?id_token_hint=${encodeURIComponent(hint)}`, cookie);
      expect(response.body).toContain('Sign out of Brizo FoodMetrics?');
    }
    expect(await isSignedIn(cookie)).toBe(true);
  });

  it('carries the request into the form, escaped', async () => {
    const { cookie } = await signedInUser(server());
    const query = new URLSearchParams({ post_logout_redirect_uri: LOGIN_BOX, state: '"><b>x</b>' });
    const response = await logout(`?${query.toString()}`, cookie);
    expect(response.body).toContain(
      `<input type="hidden" name="post_logout_redirect_uri" value="${LOGIN_BOX}"><input type="hidden" name="state" value="&quot;&gt;&lt;b&gt;x&lt;/b&gt;">`,
    );
  });

  it('the confirmation (a POST from our page) ends the session and goes on with the state', async () => {
    const { cookie } = await signedInUser(server());
    const response = await confirm({ post_logout_redirect_uri: LOGIN_BOX, state: 's2' }, cookie);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`${LOGIN_BOX}?state=s2`);
    expect(cookieValue(response, COOKIE)).toBe('');
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it('without a post_logout_redirect_uri the confirmation goes to the login box', async () => {
    const { cookie } = await signedInUser(server());
    const response = await confirm({}, cookie);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/account/login');
    expect(await isSignedIn(cookie)).toBe(false);
  });

  it('a confirmation posted by another site, or to an unregistered address, ends nothing', async () => {
    const { cookie } = await signedInUser(server());
    const sibling = await confirm({}, cookie, {
      origin: 'http://identity.test:8080',
      'sec-fetch-site': 'same-site',
    });
    expect(expectErrorShape(sibling, 403).errorCode).toBe('ER-REQUEST-CROSS-SITE');
    const evil = await confirm({ post_logout_redirect_uri: 'https://evil.test/' }, cookie);
    expect(expectErrorShape(evil, 400).errorCode).toBe('ER-OAUTH-INVALID-POST-LOGOUT-REDIRECT-URI');
    expect(await isSignedIn(cookie)).toBe(true);
  });
});
