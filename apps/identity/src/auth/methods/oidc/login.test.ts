import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { federatedLoginRequests, ssoTestReports, userIdentities, users } from '../../../db/schema/index.js';
import { API, cookieValue, expectErrorShape, json, useTestServer } from '../../../../test/harness.js';
import {
  followAuthorization,
  startOidcProvider,
  type LocalOidcProvider,
} from '../../../../test/oidc-provider.js';
import { BrowserJar } from '../../../../test/browser-jar.js';
import {
  callbackBody,
  createOidcConnection,
  defaultBrowser,
  lastAuditOf,
  META,
  OIDC_REDIRECT_URI,
  oidcStarter,
  postLogin,
} from '../../../../test/oidc-support.js';

// Sign-in at a real OpenID provider (oidc-provider), from the authorization URL to the session.

const server = useTestServer({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
const COOKIE = 'fe_refresh_brizoaccess';
const CLIENT = {
  clientId: 'brizo-sso',
  clientSecret: 'a-long-client-secret-for-tests',
  redirectUris: [OIDC_REDIRECT_URI],
};
let provider: LocalOidcProvider;

beforeAll(async () => {
  provider = await startOidcProvider({ client: CLIENT });
});
afterAll(async () => {
  await provider.close();
});

/** A connection to the provider, and an account there on the connection's domain. */
async function setUp(sub = `sub-${Math.random().toString(36).slice(2, 10)}`) {
  const setup = await createOidcConnection(server(), { issuer: provider.issuer, ...CLIENT });
  const email = `${sub}@${setup.domain}`;
  provider.addAccount({ sub, email, email_verified: true, name: 'Ada Lovelace', groups: ['engineering'] });
  return { ...setup, sub, email };
}

/** start() in `browser`, then the browser at the provider, back to the callback page's address. */
async function signInAtProvider(
  connection: Awaited<ReturnType<typeof setUp>>['connection'],
  sub: string,
  purpose: 'login' | 'test' = 'login',
  browser: BrowserJar = defaultBrowser,
) {
  const address = await oidcStarter(server(), browser).start(connection, { purpose, meta: META });
  return followAuthorization(address, { loginAs: sub, stopAt: OIDC_REDIRECT_URI });
}

/** The login box's SSO pre-login (v2), from `browser`. */
async function preLoginIn(browser: BrowserJar, email: string) {
  return browser.take(
    await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v2/user/sso/prelogin`,
      payload: { email },
      cookies: browser.cookies,
    }),
  );
}

describe('start', () => {
  it('sends the browser to the provider with state, nonce, PKCE S256, our callback and the scopes', async () => {
    const { connection } = await setUp();
    const address = new URL(await oidcStarter(server()).start(connection, { purpose: 'login', meta: META }));
    expect(address.origin).toBe(provider.issuer);
    const params = Object.fromEntries(address.searchParams);
    expect(params).toMatchObject({
      client_id: CLIENT.clientId,
      response_type: 'code',
      redirect_uri: OIDC_REDIRECT_URI,
      scope: 'openid email profile groups',
      code_challenge_method: 'S256',
    });
    const [stored] = await server()
      .db.select()
      .from(federatedLoginRequests)
      .where(eq(federatedLoginRequests.id, params.state ?? ''));
    expect(stored).toMatchObject({
      kind: 'oidc',
      connectionId: connection.id,
      purpose: 'login',
      nonce: params.nonce,
    });
    expect(stored?.codeVerifier).toMatch(/^[\w-]{43,}$/);
    expect(stored?.codeVerifier).not.toBe(params.code_challenge);
    expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBe(10 * 60 * 1000);
  });
});

describe('POST /auth/v1/user/oidc/postlogin and /auth/v2/user/oidc/postlogin', () => {
  it('signs in (v1): provisions the person from the provider, links the identity, sets the refresh cookie', async () => {
    const { connection, sub, email, tenant } = await setUp();
    const callback = await signInAtProvider(connection, sub);
    expect(callback.searchParams.get('iss')).toBe(provider.issuer);

    const response = await postLogin(server(), callbackBody(callback));
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ accessToken: expect.any(String) });
    expect(json(response)).not.toHaveProperty('refreshToken');
    expect(cookieValue(response, COOKIE)).toBeTruthy();

    const [user] = await server().db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ name: 'Ada Lovelace', verified: true });
    const [identity] = await server()
      .db.select()
      .from(userIdentities)
      .where(and(eq(userIdentities.userId, user!.id), eq(userIdentities.provider, 'oidc')));
    expect(identity).toMatchObject({ subject: sub, connectionKey: connection.id });
    expect((await lastAuditOf(server(), tenant.id))?.action).toBe('User logged in with SSO');
  });

  it("signs in (v2, the SDK store's call with RelayState), the same person again", async () => {
    const { connection, sub, email } = await setUp();
    for (let round = 0; round < 2; round += 1) {
      const callback = await signInAtProvider(connection, sub);
      const { state, ...body } = callbackBody(callback);
      const response = await postLogin(server(), { ...body, RelayState: state }, 'v2');
      expect(response.statusCode).toBe(200);
      expect(cookieValue(response, COOKIE)).toBeTruthy();
    }
    expect(await server().db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('signs in from the login box: the SSO pre-login of the email sends the browser to the provider', async () => {
    const { sub, email } = await setUp();
    const preLogin = await preLoginIn(defaultBrowser, email);
    expect(preLogin.statusCode).toBe(200);
    // The answer binds the sign-in to this browser (auth/federated/browser-binding.ts).
    const [binding] = preLogin.cookies.filter((cookie) => cookie.name.startsWith('brizo-sso-binding-'));
    expect(binding).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(binding?.secure).toBeFalsy();
    expect(binding?.value).toMatch(/^[\w-]{43}$/);
    const { address, idpType } = json<{ address: string; idpType: string }>(preLogin);
    expect(idpType).toBe('oidc');
    const callback = await followAuthorization(address, { loginAs: sub, stopAt: OIDC_REDIRECT_URI });
    const { state, ...body } = callbackBody(callback);
    const response = await postLogin(server(), { ...body, RelayState: state }, 'v2');
    expect(response.statusCode).toBe(200);
    expect(cookieValue(response, COOKIE)).toBeTruthy();
    // The finish spends the binding: the browser no longer holds it.
    expect(defaultBrowser.bindings).not.toContain(binding?.name);
  });

  it('refuses a state used before, and an unknown state, without saying more', async () => {
    const { connection, sub } = await setUp();
    const body = callbackBody(await signInAtProvider(connection, sub));
    expect((await postLogin(server(), body)).statusCode).toBe(200);
    const again = await postLogin(server(), body);
    expectErrorShape(again, 401);
    expect(json(again).errorCode).toBe('ER-OIDC-REQUEST-NOT-FOUND');
    const unknown = await postLogin(server(), { ...body, state: 'no-such-state' });
    expectErrorShape(unknown, 401);
    expect(json(unknown).errorCode).toBe('ER-OIDC-REQUEST-NOT-FOUND');
  });

  it('refuses a code used before, even with a fresh state', async () => {
    const { connection, sub, tenant } = await setUp();
    const first = callbackBody(await signInAtProvider(connection, sub));
    expect((await postLogin(server(), first)).statusCode).toBe(200);
    const fresh = new URL(await oidcStarter(server()).start(connection, { purpose: 'login', meta: META }));
    const replay = await postLogin(server(), { ...first, state: fresh.searchParams.get('state') });
    expectErrorShape(replay, 401);
    expect(json(replay)).toEqual({
      errors: ['The OpenID Connect sign-in could not be completed'],
      errorCode: 'ER-OIDC-INVALID-CALLBACK',
    });
    expect(await lastAuditOf(server(), tenant.id)).toMatchObject({
      action: 'OpenID Connect sign-in rejected',
      description: 'The provider exchanged the code for tokens (with the PKCE verifier)',
    });
  });

  it.each([
    ['a wrong PKCE verifier', 'wrong-verifier-wrong-verifier-wrong-verifier-0123'],
    ['no PKCE verifier', null],
  ])('refuses the exchange with %s', async (_label, codeVerifier) => {
    const { connection, sub, tenant } = await setUp();
    const body = callbackBody(await signInAtProvider(connection, sub));
    await server()
      .db.update(federatedLoginRequests)
      .set({ codeVerifier })
      .where(eq(federatedLoginRequests.id, body.state ?? ''));
    expectErrorShape(await postLogin(server(), body), 401);
    const audit = await lastAuditOf(server(), tenant.id);
    expect(audit?.description).toBe('The provider exchanged the code for tokens (with the PKCE verifier)');
    expect(JSON.stringify(audit?.json)).toContain('invalid_grant');
  });

  it.each([
    ['a wrong iss parameter', 'https://attacker.example'],
    ['no iss parameter, which the provider advertises (RFC 9207)', undefined],
  ])('refuses %s', async (_label, iss) => {
    const { connection, sub, tenant } = await setUp();
    const { iss: _sent, ...body } = callbackBody(await signInAtProvider(connection, sub));
    const response = await postLogin(server(), iss === undefined ? body : { ...body, iss });
    expectErrorShape(response, 401);
    expect((await lastAuditOf(server(), tenant.id))?.description).toBe(
      'The provider named itself in its answer (iss)',
    );
  });

  // Login CSRF: an attacker starts a sign-in as themselves and lures the victim to its callback.
  it('refuses a finish from a browser that did not start the sign-in', async () => {
    const { connection, sub, tenant } = await setUp();
    const victim = new BrowserJar();
    const attacker = new BrowserJar();
    // The victim's own sign-in in flight gives them a binding, of another sign-in.
    const own = callbackBody(await signInAtProvider(connection, sub, 'login', victim));
    const lured = callbackBody(await signInAtProvider(connection, sub, 'login', attacker));
    const refused = await postLogin(server(), lured, 'v1', victim);
    expectErrorShape(refused, 401);
    expect(json(refused).errorCode).toBe('ER-OIDC-REQUEST-NOT-FOUND');
    expect(await lastAuditOf(server(), tenant.id)).toMatchObject({
      action: 'OpenID Connect sign-in rejected',
      description: 'The browser that finished this sign-in is not the one that started it',
    });
    // Without any cookie (v2 too), and the attacker's own browser after the state was spent: refused.
    const bare = callbackBody(await signInAtProvider(connection, sub, 'login', attacker));
    const { state, ...rest } = bare;
    expectErrorShape(await postLogin(server(), { ...rest, RelayState: state }, 'v2', null), 401);
    expectErrorShape(await postLogin(server(), lured, 'v1', attacker), 401);
    // The victim's own sign-in still finishes in their browser.
    expect((await postLogin(server(), own, 'v1', victim)).statusCode).toBe(200);
    expect(victim.bindings).toEqual([]);
  });

  it('finishes sign-ins started in parallel tabs of one browser, in any order', async () => {
    const first = await setUp();
    const second = await setUp();
    const browser = new BrowserJar();
    const started = [];
    for (const person of [first, second]) {
      const preLogin = await preLoginIn(browser, person.email);
      expect(preLogin.statusCode).toBe(200);
      const { address } = json<{ address: string }>(preLogin);
      started.push(await followAuthorization(address, { loginAs: person.sub, stopAt: OIDC_REDIRECT_URI }));
    }
    expect(browser.bindings).toHaveLength(2);
    for (const callback of started.reverse()) {
      const response = await postLogin(server(), callbackBody(callback), 'v1', browser);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(browser.bindings).toEqual([]);
  });

  it('answers 400 to a body without a code or state', async () => {
    expectErrorShape(await postLogin(server(), { state: 'x' }), 400);
    expectErrorShape(await postLogin(server(), { code: 'x' }, 'v2'), 400);
  });
});

describe('the live test (purpose test)', () => {
  it('reports every check and the claims, signs nobody in', async () => {
    const { connection, sub, email } = await setUp();
    const response = await postLogin(server(), callbackBody(await signInAtProvider(connection, sub, 'test')));
    expect(response.statusCode).toBe(200);
    const answer = json<{ testReportId: string; succeeded: boolean }>(response);
    expect(answer).toEqual({ testReportId: expect.any(String), succeeded: true });
    expect(cookieValue(response, COOKIE)).toBeUndefined();
    expect(await server().db.select().from(users).where(eq(users.email, email))).toHaveLength(0);

    const [row] = await server()
      .db.select()
      .from(ssoTestReports)
      .where(eq(ssoTestReports.id, answer.testReportId));
    expect(row).toMatchObject({ connectionId: connection.id, succeeded: true });
    const report = row!.report as {
      checks: { name: string; passed: boolean }[];
      profile: Record<string, unknown>;
      claims: Record<string, unknown>;
    };
    expect(report).toMatchObject({ protocol: 'oidc', succeeded: true });
    expect(report.checks.every((check) => check.passed)).toBe(true);
    expect(report.checks.map((check) => check.name)).toEqual(
      expect.arrayContaining([
        "The ID token is signed by the provider's key",
        'The token is meant for this client (audience)',
        'The ID token answers this sign-in (nonce)',
        'The user info belongs to the same person (sub)',
      ]),
    );
    expect(report.profile).toMatchObject({ provider: 'oidc', subject: sub, email, groups: ['engineering'] });
    expect(report.claims).toMatchObject({ sub, email, iss: provider.issuer, aud: CLIENT.clientId });
  });

  it("is finished in the administrator's browser that started it, not in another", async () => {
    const { connection, sub, tenant } = await setUp();
    const elsewhere = callbackBody(await signInAtProvider(connection, sub, 'test', new BrowserJar()));
    const refused = await postLogin(server(), elsewhere);
    expectErrorShape(refused, 401);
    expect(json(refused).errorCode).toBe('ER-OIDC-REQUEST-NOT-FOUND');
    expect((await lastAuditOf(server(), tenant.id))?.json).toMatchObject({ purpose: 'test' });
  });

  it('reports the check that failed', async () => {
    const { connection, sub } = await setUp();
    const body = {
      ...callbackBody(await signInAtProvider(connection, sub, 'test')),
      iss: 'https://attacker.example',
    };
    const response = await postLogin(server(), body);
    expect(response.statusCode).toBe(200);
    const answer = json<{ testReportId: string; succeeded: boolean }>(response);
    expect(answer.succeeded).toBe(false);
    const [row] = await server()
      .db.select()
      .from(ssoTestReports)
      .where(eq(ssoTestReports.id, answer.testReportId));
    const report = row!.report as { checks: { name: string; passed: boolean }[]; error: string };
    expect(report.checks.at(-1)).toMatchObject({
      name: 'The provider named itself in its answer (iss)',
      passed: false,
    });
    expect(report.error).toContain('iss');
  });
});
