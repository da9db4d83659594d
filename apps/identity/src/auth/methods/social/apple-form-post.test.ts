import { decodeSocialLoginState } from '@brizo/contract/social-login';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserById } from '../../../db/queries/users.js';
import { as, signedIn } from '../../../../test/admin-support.js';
import { createUser } from '../../../../test/factories.js';
import { postForm } from '../../../../test/form-post.js';
import { API, cookieValue, expectErrorShape, uniqueEmail, useTestServer } from '../../../../test/harness.js';
import {
  followAuthorizationToForm,
  startOidcProvider,
  type LocalOidcProvider,
} from '../../../../test/oidc-provider.js';

// Sign in with Apple answers with response_mode=form_post (Apple requires it once the email or name
// scope is asked for): Apple's page posts code and state to our receiver, cross-site, and the receiver
// sends the browser on to the web app's /account/social/success. The OpenID provider here is a real one
// (oidc-provider), which answers form_post the way Apple does: a page whose form posts itself.

const server = useTestServer({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
const RECEIVER = 'http://identity.test/frontegg/auth/social/apple/callback';
const SUCCESS_PAGE = 'http://identity.test/account/social/success';
const COOKIE = 'fe_refresh_brizoaccess';
const APPLE_ORIGIN = 'https://appleid.apple.com';

let apple: LocalOidcProvider;
let vendor: { authorization: string; email: string };

const configureApple = (change: Record<string, unknown>) =>
  as(server(), vendor)('PATCH', `${API}/sso/v1/apple`, change);

/** Apple's page posting `fields` to the receiver, from Apple's origin (no cookie goes with it). */
const applePosts = (fields: Record<string, string>) =>
  postForm(server().app, { action: new URL(RECEIVER), fields: new URLSearchParams(fields) }, APPLE_ORIGIN);

const sentTo = (response: LightMyRequestResponse) => new URL(String(response.headers.location));

beforeAll(async () => {
  const { user } = await createUser(server().db, server().passwords, { superUser: true });
  vendor = { authorization: await signedIn(server(), user.email), email: user.email };
  apple = await startOidcProvider({
    client: {
      clientId: 'client-apple',
      clientSecret: 'secret-of-apple-xxxxxxxxxxxx',
      redirectUris: [RECEIVER],
    },
  });
  const saved = await configureApple({
    clientId: 'client-apple',
    secret: 'secret-of-apple-xxxxxxxxxxxx',
    active: true,
    endpoints: {
      authorizationEndpoint: `${apple.issuer}/auth`,
      tokenEndpoint: `${apple.issuer}/token`,
      userinfoEndpoint: `${apple.issuer}/me`,
      issuer: apple.issuer,
      jwksUri: `${apple.issuer}/jwks`,
    },
    // The local provider's client authenticates with HTTP Basic; Apple documents the body.
    options: { tokenEndpointAuthMethod: 'client_secret_basic' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
});

afterAll(async () => {
  await apple.close();
});

describe("the receiver of Apple's form post", () => {
  it('sends the browser on (303) to the success page with the same code and state, and nothing else', async () => {
    const user = JSON.stringify({
      name: { firstName: 'Ada', lastName: 'Lovelace' },
      email: 'ada@example.test',
    });
    const response = await applePosts({ code: 'c.0a1b2c3d.apple', state: 'eyJwIjoiYXBwbGUifQ', user });
    expect(response.statusCode).toBe(303);
    const next = sentTo(response);
    expect(next.origin + next.pathname).toBe(SUCCESS_PAGE);
    expect([...next.searchParams]).toEqual([
      ['code', 'c.0a1b2c3d.apple'],
      ['state', 'eyJwIjoiYXBwbGUifQ'],
    ]);
    // The unsigned `user` JSON stays out of the address (and so out of the history).
    expect(next.href).not.toContain('Lovelace');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it("passes Apple's refusal on, with its state", async () => {
    const response = await applePosts({ error: 'user_cancelled_authorize', state: 'eyJwIjoiYXBwbGUifQ' });
    expect(response.statusCode).toBe(303);
    expect(Object.fromEntries(sentTo(response).searchParams)).toEqual({
      state: 'eyJwIjoiYXBwbGUifQ',
      error: 'user_cancelled_authorize',
    });
  });

  it('refuses any body but a form (415)', async () => {
    for (const [type, payload] of [
      ['application/json', JSON.stringify({ code: 'c', state: 's' })],
      ['text/plain', 'code=c&state=s'],
      [
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="code"\r\n\r\nc\r\n--x--',
      ],
    ] as const) {
      const response = await server().app.inject({
        method: 'POST',
        url: RECEIVER,
        headers: { 'content-type': type, origin: APPLE_ORIGIN },
        payload,
      });
      expect(expectErrorShape(response, 415).errorCode, type).toEqual(expect.any(String));
    }
  });

  it('refuses a form over its size limit (413), over-long fields and a malformed error (400)', async () => {
    const huge = await applePosts({ code: 'c', state: 's', user: 'x'.repeat(20_000) });
    expectErrorShape(huge, 413);
    const malformed: Array<Record<string, string>> = [
      { code: 'c'.repeat(4097), state: 's' },
      { code: 'c', state: 's'.repeat(1001) },
      { error: '<script>alert(1)</script>', state: 's' },
    ];
    for (const fields of malformed) {
      expectErrorShape(await applePosts(fields), 400);
    }
    const empty = await server().app.inject({
      method: 'POST',
      url: RECEIVER,
      headers: { origin: APPLE_ORIGIN },
    });
    expectErrorShape(empty, 400);
  });

  it('is a POST only', async () => {
    const get = await server().app.inject({ method: 'GET', url: `${RECEIVER}?code=c&state=s` });
    expect(get.statusCode).not.toBe(303);
    expect(get.headers.location).toBeUndefined();
  });
});

describe("Apple's provider definition", () => {
  it('asks for response_mode=form_post with the receiver as the default redirect URI, which the vendor may change', async () => {
    const listed = await server().app.inject({ method: 'GET', url: `${API}/sso/v2` });
    expect(listed.json<Array<{ type: string }>>()).toContainEqual(
      expect.objectContaining({ type: 'apple', redirectUrl: RECEIVER, customised: false }),
    );
    const start = await server().app.inject({
      method: 'GET',
      url: `${API}/auth/v2/user/sso/default/apple/prelogin`,
    });
    expect(start.statusCode).toBe(302);
    expect(Object.fromEntries(sentTo(start).searchParams)).toMatchObject({
      response_mode: 'form_post',
      redirect_uri: RECEIVER,
      scope: 'openid email name',
    });

    const own = 'https://auth.northwind-trading.test/apple/callback';
    expect((await configureApple({ redirectUrl: own })).json()).toMatchObject({
      redirectUrl: own,
      customised: true,
    });
    try {
      const custom = await server().app.inject({
        method: 'GET',
        url: `${API}/auth/v2/user/sso/default/apple/prelogin`,
      });
      expect(Object.fromEntries(sentTo(custom).searchParams)).toMatchObject({
        response_mode: 'form_post',
        redirect_uri: own,
      });
    } finally {
      expect((await configureApple({ redirectUrl: '' })).json()).toMatchObject({ redirectUrl: RECEIVER });
    }
  });
});

describe('a Sign in with Apple from start to finish', () => {
  it('goes through the form post and signs in on the success page, in the browser that started it', async () => {
    const email = uniqueEmail('apple', 'northwind-trading.test');
    const subject = `apple-${Date.now()}`;
    apple.addAccount({ sub: subject, email, email_verified: true });

    // The login box's button (GET /sso/v2's authorizationUrl): the sign-in is bound to this browser.
    const start = await server().app.inject({
      method: 'GET',
      url: `${API}/auth/v2/user/sso/default/apple/prelogin`,
    });
    expect(start.statusCode, start.body).toBe(302);
    const browser = Object.fromEntries(start.cookies.map((cookie) => [cookie.name, cookie.value]));

    // Apple's page posts the form to the receiver; the receiver sends the browser to the success page.
    const form = await followAuthorizationToForm(String(start.headers.location), {
      loginAs: subject,
      postTo: RECEIVER,
    });
    expect(form.fields.get('code')).toEqual(expect.any(String));
    const relayed = await postForm(server().app, form, new URL(apple.issuer).origin);
    expect(relayed.statusCode, relayed.body).toBe(303);
    const page = sentTo(relayed);
    expect(page.origin + page.pathname).toBe(SUCCESS_PAGE);
    expect(page.searchParams.get('code')).toBe(form.fields.get('code'));
    expect(page.searchParams.get('state')).toBe(form.fields.get('state'));
    expect(decodeSocialLoginState(page.searchParams.get('state') ?? '')?.provider).toBe('apple');

    // The page posts the code (naming itself as the redirect URI, as the web app does), from our origin.
    const query = new URLSearchParams({
      code: page.searchParams.get('code') ?? '',
      state: page.searchParams.get('state') ?? '',
      redirectUri: SUCCESS_PAGE,
    });
    const signIn = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user/sso/apple/postlogin?${query.toString()}`,
      payload: {},
      cookies: browser,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    const answer = signIn.json<{ email: string; isNewUser: boolean; userId: string; accessToken?: string }>();
    expect(answer).toMatchObject({ email, isNewUser: true });
    expect(answer.accessToken).toEqual(expect.any(String));
    expect(cookieValue(signIn, COOKIE)).toBeTruthy();
    expect(await findUserById(server().db, answer.userId)).toMatchObject({ email, provider: 'apple' });

    // The code was single-use: the same answer posted again signs no one in.
    const replay = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user/sso/apple/postlogin?${query.toString()}`,
      payload: {},
      cookies: browser,
    });
    expect(replay.statusCode).toBeGreaterThanOrEqual(400);
    expect(replay.statusCode).toBeLessThan(500);
  });

  it('refuses a redirect URI that is neither the one sent to Apple nor the success page', async () => {
    const start = await server().app.inject({
      method: 'GET',
      url: `${API}/auth/v2/user/sso/default/apple/prelogin`,
    });
    const state = sentTo(start).searchParams.get('state') ?? '';
    const query = new URLSearchParams({
      code: 'c',
      state,
      redirectUri: 'https://evil.test/account/social/success',
    });
    const response = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user/sso/apple/postlogin?${query.toString()}`,
      payload: {},
      cookies: Object.fromEntries(start.cookies.map((cookie) => [cookie.name, cookie.value])),
    });
    expect(expectErrorShape(response, 401).errorCode).toBe('ER-SOCIAL-INVALID-CALLBACK');
  });
});
