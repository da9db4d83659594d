import { encodeSocialLoginState, decodeSocialLoginState } from '@brizo/contract/social-login';
import type { SocialProvider } from '@brizo/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../db/queries/audit-logs.js';
import { findTenantById } from '../../../db/queries/tenants.js';
import { findUserByEmail, findUserById, findUserClaimsById } from '../../../db/queries/users.js';
import { hashToken } from '../../../lib/secrets.js';
import {
  auditLogs,
  federatedLoginRequests,
  socialLoginProviders,
  ssoConnections,
  ssoDomains,
  ssoPolicies,
  userIdentities,
} from '../../../db/schema/index.js';
import { as, createTenantAdmins, signedIn, type TenantAdmins } from '../../../../test/admin-support.js';
import { BrowserJar } from '../../../../test/browser-jar.js';
import { createUser } from '../../../../test/factories.js';
import { mfaClient } from '../../../../test/mfa-support.js';
import { API, cookieValue, expectErrorShape, uniqueEmail, useTestServer } from '../../../../test/harness.js';
import {
  authorizeAt,
  startOAuth2Provider,
  type LocalOAuth2Provider,
} from '../../../../test/oauth2-provider.js';
import { postForm } from '../../../../test/form-post.js';
import {
  followAuthorization,
  followAuthorizationToForm,
  startFakeOidcProvider,
  startOidcProvider,
  signJwt,
  type FakeOidcProvider,
  type LocalOidcProvider,
} from '../../../../test/oidc-provider.js';

// Issue 13: social login against real protocol peers on 127.0.0.1: an OpenID provider (oidc-provider)
// for google, microsoft, apple and linkedin, and OAuth 2.0 providers shaped as GitHub, Facebook and
// Slack for the other three. Every provider's endpoints are pointed at them by the vendor's configuration.

const server = useTestServer({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
const COOKIE = 'fe_refresh_brizoaccess';
const REDIRECT = 'http://identity.test/account/social/success';
/** Apple answers by form post (response_mode=form_post) to this receiver, which sends the browser to REDIRECT. */
const APPLE_RECEIVER = 'http://identity.test/frontegg/auth/social/apple/callback';
const oidcProviders = ['google', 'microsoft', 'apple', 'linkedin'] as const;
const oauth2Providers = ['github', 'facebook', 'slack'] as const;
/** The browser the tests sign in with unless they name another (test/browser-jar.ts). */
const browser = new BrowserJar();
const secretOf = (provider: SocialProvider) => `secret-of-${provider}-${'x'.repeat(12)}`;
const clientOf = (provider: SocialProvider) => `client-${provider}`;

const oidcPeers = new Map<SocialProvider, LocalOidcProvider>();
const oauth2Peers = new Map<SocialProvider, LocalOAuth2Provider>();
let vendor: { authorization: string; email: string };
let team: TenantAdmins;
let subjects = 0;

/** A person at a provider: an account there with this email (verified unless told otherwise). */
function personAt(provider: SocialProvider, email: string | undefined, verified = true, name = 'Sam Social') {
  subjects += 1;
  const id = String(100_000 + subjects);
  const oidc = oidcPeers.get(provider);
  if (oidc) oidc.addAccount({ sub: id, ...(email ? { email, email_verified: verified } : {}), name });
  else
    oauth2Peers.get(provider)?.addAccount({ id, name, ...(email ? { email, emailVerified: verified } : {}) });
  return id;
}

const configure = (provider: SocialProvider, change: Record<string, unknown>) =>
  as(server(), vendor)('PATCH', `${API}/sso/v1/${provider}`, change);

interface Callback {
  code: string;
  state: string;
}

/** The login box's button: GET /sso/v2's authorizationUrl under the API base, then the provider, back with code and state. */
async function authorize(
  provider: SocialProvider,
  loginAs: string,
  query = '',
  from: BrowserJar = browser,
): Promise<Callback> {
  const listed = await server().app.inject({ method: 'GET', url: `${API}/sso/v2` });
  const entry = listed
    .json<Array<{ type: string; authorizationUrl: string }>>()
    .find((item) => item.type === provider);
  if (!entry) throw new Error(`${provider} is not offered`);
  // The store prefixes it with `${baseUrl}/frontegg` (SocialLoginState loadSocialLoginsConfigurationV2).
  const start = from.take(
    await server().app.inject({
      method: 'GET',
      url: `/frontegg${entry.authorizationUrl}${query}`,
      cookies: from.cookies,
    }),
  );
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode}: ${start.body}`);
  const location = String(start.headers.location);
  const back =
    provider === 'apple'
      ? await throughAppleFormPost(location, loginAs)
      : oidcPeers.has(provider)
        ? await followAuthorization(location, { loginAs, stopAt: REDIRECT })
        : await authorizeAt(location, loginAs);
  const code = back.searchParams.get('code');
  const state = back.searchParams.get('state');
  if (!code || !state) throw new Error(`the provider sent back ${back.href}`);
  return { code, state };
}

/** Apple's page posts its form to our receiver (from its origin, no cookie); where the receiver sends the browser. */
async function throughAppleFormPost(location: string, loginAs: string): Promise<URL> {
  const form = await followAuthorizationToForm(location, { loginAs, postTo: APPLE_RECEIVER });
  const relayed = await postForm(server().app, form, new URL(location).origin);
  if (relayed.statusCode !== 303)
    throw new Error(`the receiver answered ${relayed.statusCode}: ${relayed.body}`);
  return new URL(String(relayed.headers.location));
}

/**
 * The web app's /account/social/success: the provider comes from the state, the rest goes to the
 * post-login, from `from` (null: a browser without any cookie).
 */
const postLogin = async (
  provider: SocialProvider,
  query: Record<string, string>,
  body: Record<string, unknown> = {},
  from: BrowserJar | null = browser,
) => {
  const response = await server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user/sso/${provider}/postlogin?${new URLSearchParams(query).toString()}`,
    payload: body,
    cookies: from?.cookies ?? {},
  });
  return from ? from.take(response) : response;
};

async function signIn(
  provider: SocialProvider,
  loginAs: string,
  options: { query?: string; body?: Record<string, unknown> } = {},
) {
  const { code, state } = await authorize(provider, loginAs, options.query);
  expect(decodeSocialLoginState(state)?.provider).toBe(provider);
  return postLogin(provider, { code, state, redirectUri: REDIRECT }, options.body);
}

interface SocialAnswer {
  email: string;
  isNewUser: boolean;
  userId: string;
  tenantId: string;
  name: string;
  accessToken?: string;
  mfaRequired: boolean;
  mfaToken?: string;
}

const identitiesOf = (userId: string) =>
  server().db.select().from(userIdentities).where(eq(userIdentities.userId, userId));

beforeAll(async () => {
  const { user } = await createUser(server().db, server().passwords, { superUser: true });
  vendor = { authorization: await signedIn(server(), user.email), email: user.email };
  team = await createTenantAdmins(server());
  for (const provider of oidcProviders) {
    const peer = await startOidcProvider({
      client: {
        clientId: clientOf(provider),
        clientSecret: secretOf(provider),
        redirectUris: [provider === 'apple' ? APPLE_RECEIVER : REDIRECT],
      },
    });
    oidcPeers.set(provider, peer);
    const saved = await configure(provider, {
      clientId: clientOf(provider),
      secret: secretOf(provider),
      active: true,
      endpoints: {
        authorizationEndpoint: `${peer.issuer}/auth`,
        tokenEndpoint: `${peer.issuer}/token`,
        userinfoEndpoint: `${peer.issuer}/me`,
        issuer: peer.issuer,
        jwksUri: `${peer.issuer}/jwks`,
      },
      // The local provider's client authenticates with HTTP Basic; Apple and LinkedIn document the body.
      options: { tokenEndpointAuthMethod: 'client_secret_basic' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  for (const provider of oauth2Providers) {
    const peer = await startOAuth2Provider({
      shape: provider,
      clientId: clientOf(provider),
      clientSecret: secretOf(provider),
      redirectUris: [REDIRECT],
    });
    oauth2Peers.set(provider, peer);
    const saved = await configure(provider, {
      clientId: clientOf(provider),
      secret: secretOf(provider),
      active: true,
      endpoints: peer.endpoints,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
});

afterAll(async () => {
  await Promise.all([...oidcPeers.values(), ...oauth2Peers.values()].map((peer) => peer.close()));
});

describe('the providers the login box offers', () => {
  it('lists the active providers with a start address relative to the API base, and no secret', async () => {
    const v2 = await server().app.inject({ method: 'GET', url: `${API}/sso/v2` });
    expect(v2.statusCode).toBe(200);
    const providers = v2.json<Array<Record<string, unknown>>>();
    expect(providers.map((entry) => entry.type).sort()).toEqual(
      [...oidcProviders, ...oauth2Providers].sort(),
    );
    expect(providers.find((entry) => entry.type === 'google')).toEqual({
      type: 'google',
      clientId: 'client-google',
      redirectUrl: REDIRECT,
      active: true,
      authorizationUrl: '/identity/resources/auth/v2/user/sso/default/google/prelogin',
      customised: false,
      additionalScopes: [],
    });
    const v1 = await server().app.inject({ method: 'GET', url: `${API}/sso/v1` });
    expect(v1.json()).toContainEqual({
      type: 'github',
      clientId: 'client-github',
      redirectUrl: REDIRECT,
      active: true,
    });
    const authenticated = await server().app.inject({
      method: 'GET',
      url: `${API}/sso/v2/authenticated`,
      headers: { authorization: team.member.authorization },
    });
    expect(authenticated.json()).toEqual(providers);
    for (const answer of [v2, v1, authenticated]) expect(answer.body).not.toContain('secret-of-');
    const custom = await server().app.inject({ method: 'GET', url: `${API}/sso/custom/v1` });
    expect(custom.json()).toEqual({ providers: [] });
  });

  it('serves the prevent-auth-redirect-on-social-login flag, off by default (SPEC section 9)', async () => {
    const flags = await server().app.inject({ method: 'GET', url: '/frontegg/flags' });
    expect(flags.json<Record<string, string>>()['prevent-auth-redirect-on-social-login']).toBe('off');
  });

  it('starts at the provider with PKCE S256, a nonce for OpenID providers and a single-use state', async () => {
    const start = await server().app.inject({
      method: 'GET',
      url: `${API}/auth/v2/user/sso/default/google/prelogin?invitationToken=inv-1&redirectUrl=%2Fsettings`,
    });
    expect(start.statusCode).toBe(302);
    const location = new URL(String(start.headers.location));
    expect(location.origin + location.pathname).toBe(`${oidcPeers.get('google')?.issuer}/auth`);
    const params = Object.fromEntries(location.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: 'client-google',
      redirect_uri: REDIRECT,
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    const state = decodeSocialLoginState(params.state ?? '');
    expect(state?.provider).toBe('google');
    const [row] = await server()
      .db.select()
      .from(federatedLoginRequests)
      .where(eq(federatedLoginRequests.id, state?.id ?? ''));
    expect(row).toMatchObject({
      kind: 'social',
      provider: 'google',
      nonce: params.nonce,
      redirectUri: REDIRECT,
    });
    // The start binds the sign-in to this browser: an HttpOnly, SameSite=Lax cookie whose hash the row keeps.
    const [cookie] = start.cookies.filter((entry) => entry.name.startsWith('brizo-sso-binding-'));
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(row?.data).toEqual({
      invitationToken: 'inv-1',
      redirectUrl: '/settings',
      browserBinding: {
        slot: cookie?.name.replace('brizo-sso-binding-', ''),
        hash: hashToken(cookie?.value ?? ''),
      },
    });
    expect(params.code_challenge).not.toBe(row?.codeVerifier);

    const github = await server().app.inject({
      method: 'GET',
      url: `${API}/auth/v2/user/sso/default/github/prelogin`,
    });
    expect(new URL(String(github.headers.location)).searchParams.has('nonce')).toBe(false);
    const elsewhere = await server().app.inject({
      method: 'GET',
      url: `${API}/auth/v2/user/sso/default/google/prelogin?redirectUrl=%2F%2Fevil.test`,
    });
    expectErrorShape(elsewhere, 400);
  });
});

describe('signing in with each provider', () => {
  it.each([...oidcProviders, ...oauth2Providers])(
    '%s: a new person with a work email gets a trial account, then signs in to the same one',
    async (provider) => {
      const email = uniqueEmail(provider, 'northwind-trading.test');
      const subject = personAt(provider, email, true, 'Robin Social');
      const first = await signIn(provider, subject);
      expect(first.statusCode, first.body).toBe(200);
      const answer = first.json<SocialAnswer>();
      // Apple never puts the name in its ID token (it posts it once, beside the first code).
      const name = provider === 'apple' ? '' : 'Robin Social';
      expect(answer).toMatchObject({ email, isNewUser: true, name, mfaRequired: false });
      expect(answer.accessToken).toEqual(expect.any(String));
      expect(first.body).not.toContain('refreshToken');
      expect(cookieValue(first, COOKIE)).toBeTruthy();

      const user = await findUserById(server().db, answer.userId);
      expect(user).toMatchObject({ email, provider, verified: true });
      expect(JSON.parse(user?.vendorMetadata ?? '{}')).toMatchObject({ signupType: 'work', activated: true });
      const tenant = await findTenantById(server().db, answer.tenantId);
      expect(JSON.parse(tenant?.metadata ?? '{}').expiration).toEqual(expect.any(String));
      const claims = await findUserClaimsById(server().db, answer.userId, answer.tenantId, new Date());
      expect(claims?.roleKeys).toContain('bfm-trial');
      expect(await identitiesOf(answer.userId)).toEqual([
        expect.objectContaining({ provider, connectionKey: '', subject, email }),
      ]);

      const again = await signIn(provider, subject);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json<SocialAnswer>()).toMatchObject({ userId: answer.userId, isNewUser: false });
      const actions = (await listAuditLogsByEmail(server().db, email)).map((entry) => entry.action);
      expect(actions).toEqual(
        expect.arrayContaining([
          'User signed up',
          'User signed up with a social provider',
          'User logged in with a social provider',
        ]),
      );
    },
  );

  it('a personal email lands under review: no trial, no product role', async () => {
    const email = uniqueEmail('personal', 'gmail.com');
    const answer = (await signIn('github', personAt('github', email))).json<SocialAnswer>();
    expect(answer.isNewUser).toBe(true);
    const tenant = await findTenantById(server().db, answer.tenantId);
    expect(JSON.parse(tenant?.metadata ?? '{}').expiration).toBeUndefined();
    const claims = await findUserClaimsById(server().db, answer.userId, answer.tenantId, new Date());
    expect(claims?.roleKeys.filter((key) => key.startsWith('bfm-'))).toEqual([]);
    const user = await findUserById(server().db, answer.userId);
    expect(JSON.parse(user?.vendorMetadata ?? '{}').signupType).toBe('personal');
  });

  it('an invitation token joins that account instead of opening one', async () => {
    const link = await as(server(), team.admin)('POST', `${API}/tenants/invites/v1/user`, {});
    expect(link.statusCode, link.body).toBe(201);
    const token = link.json<{ token: string }>().token;
    const email = uniqueEmail('invited', 'northwind-trading.test');
    const response = await signIn('slack', personAt('slack', email), {
      query: `?invitationToken=${encodeURIComponent(token)}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<SocialAnswer>();
    expect(answer).toMatchObject({ isNewUser: true, tenantId: team.tenant.id });
    expect(await findUserById(server().db, answer.userId)).toMatchObject({
      verified: true,
      provider: 'slack',
    });
  });

  it('an account with MFA gets the mfaToken, not a session', async () => {
    const { user } = await mfaClient(server).enrolledUser();
    const response = await signIn('linkedin', personAt('linkedin', user.email));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SocialAnswer>()).toMatchObject({
      mfaRequired: true,
      mfaToken: expect.any(String),
      userId: user.id,
    });
    expect(cookieValue(response, COOKIE)).toBeUndefined();
  });
});

describe('linking accounts by email', () => {
  it('links an existing account when the provider verified the email', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const response = await signIn('google', personAt('google', user.email, true));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SocialAnswer>()).toMatchObject({ userId: user.id, isNewUser: false });
    expect(await identitiesOf(user.id)).toHaveLength(1);
    const actions = (await listAuditLogsByEmail(server().db, user.email)).map((entry) => entry.action);
    expect(actions).toContain('Social identity linked to the account');
  });

  it.each(['microsoft', 'github'] as const)(
    '%s: an unverified email links nothing and creates nothing',
    async (provider) => {
      const { user } = await createUser(server().db, server().passwords);
      const before = await findUserById(server().db, user.id);
      const response = await signIn(provider, personAt(provider, user.email, false));
      expect(expectErrorShape(response, 403).errorCode).toBe('ER-SOCIAL-EMAIL-NOT-VERIFIED');
      expect(await identitiesOf(user.id)).toEqual([]);
      expect(await findUserById(server().db, user.id)).toEqual(before);

      const stranger = uniqueEmail('unverified');
      const fresh = await signIn(provider, personAt(provider, stranger, false));
      expect(expectErrorShape(fresh, 403).errorCode).toBe('ER-SOCIAL-EMAIL-NOT-VERIFIED');
      expect(await findUserByEmail(server().db, stranger)).toBeUndefined();
      const actions = (await listAuditLogsByEmail(server().db, stranger)).map((entry) => entry.action);
      expect(actions).toEqual(['User failed to log in with a social provider']);
    },
  );

  it('GitHub: only the primary verified address counts, not another verified one', async () => {
    const { user } = await createUser(server().db, server().passwords);
    subjects += 1;
    const id = String(100_000 + subjects);
    oauth2Peers.get('github')?.addAccount({
      id,
      name: 'Two Addresses',
      emails: [
        { email: uniqueEmail('primary'), primary: true, verified: false },
        { email: user.email, primary: false, verified: true },
      ],
    });
    const response = await signIn('github', id);
    expect(expectErrorShape(response, 403).errorCode).toBe('ER-SOCIAL-EMAIL-NOT-VERIFIED');
    expect(await identitiesOf(user.id)).toEqual([]);
  });

  it('a provider that shares no email is refused', async () => {
    const response = await signIn('facebook', personAt('facebook', undefined));
    expect(expectErrorShape(response, 400).errorCode).toBe('ER-SOCIAL-EMAIL-MISSING');
  });
});

describe('a tenant that enforces SSO', () => {
  it('keeps the people of its validated domain from signing in socially, new or linked', async () => {
    const domain = `enforced-${Date.now()}.test`;
    const [connection] = await server()
      .db.insert(ssoConnections)
      .values({ tenantId: team.tenant.id })
      .returning();
    await server()
      .db.insert(ssoDomains)
      .values({
        connectionId: connection?.id ?? '',
        tenantId: team.tenant.id,
        domain,
        validated: true,
        txtRecord: 'x',
      });
    await server().db.insert(ssoPolicies).values({ tenantId: team.tenant.id, enforced: true });

    const newcomer = `someone@${domain}`;
    const refused = await signIn('google', personAt('google', newcomer));
    expect(expectErrorShape(refused, 403).errorCode).toBe('ER-SSO-REQUIRED');
    expect(await findUserByEmail(server().db, newcomer)).toBeUndefined();

    const { user } = await createUser(server().db, server().passwords, { email: `member@${domain}` });
    const subject = personAt('github', user.email);
    await server()
      .db.insert(userIdentities)
      .values({ userId: user.id, provider: 'github', subject, email: user.email });
    const linked = await signIn('github', subject);
    expect(expectErrorShape(linked, 403).errorCode).toBe('ER-SSO-REQUIRED');
  });
});

describe('what the callback must prove', () => {
  it('a state is taken once: a replay is refused', async () => {
    const subject = personAt('github', uniqueEmail('replay'));
    const { code, state } = await authorize('github', subject);
    expect((await postLogin('github', { code, state })).statusCode).toBe(200);
    const replay = await postLogin('github', { code, state });
    expect(expectErrorShape(replay, 401).errorCode).toBe('ER-SOCIAL-REQUEST-NOT-FOUND');
  });

  it("another provider's state is refused, and spent", async () => {
    const subject = personAt('google', uniqueEmail('crossed'));
    const { code, state } = await authorize('google', subject);
    const crossed = await postLogin('github', { code, state });
    expect(expectErrorShape(crossed, 401).errorCode).toBe('ER-SOCIAL-REQUEST-NOT-FOUND');
    // The same sign-in's id presented as GitHub's: the server's record says Google.
    const id = decodeSocialLoginState(state)?.id ?? '';
    const relabelled = await postLogin('github', {
      code,
      state: encodeSocialLoginState({ provider: 'github', id }),
    });
    expect(expectErrorShape(relabelled, 401).errorCode).toBe('ER-SOCIAL-REQUEST-NOT-FOUND');
    const original = await postLogin('google', { code, state });
    expect(expectErrorShape(original, 401).errorCode).toBe('ER-SOCIAL-REQUEST-NOT-FOUND');
  });

  it.each(['github', 'google'] as const)(
    '%s: a code issued to another sign-in fails its PKCE check at the provider',
    async (provider) => {
      const subject = personAt(provider, uniqueEmail('pkce'));
      const victim = await authorize(provider, subject);
      const attacker = await authorize(provider, subject);
      const mixed = await postLogin(provider, { code: attacker.code, state: victim.state });
      expect(expectErrorShape(mixed, 401).errorCode).toBe('ER-SOCIAL-PROVIDER-REFUSED');
    },
  );

  // Login CSRF: an attacker starts a sign-in as themselves and lures the victim to its callback page.
  it('is finished only by the browser that started it', async () => {
    const victim = new BrowserJar();
    const attacker = new BrowserJar();
    const own = await authorize('github', personAt('github', uniqueEmail('victim')), '', victim);
    const attackers = uniqueEmail('attacker');
    const mismatches = async () =>
      (
        await server()
          .db.select()
          .from(auditLogs)
          .where(
            and(
              eq(auditLogs.action, 'User failed to log in with a social provider'),
              eq(
                auditLogs.description,
                'The browser that finished this sign-in is not the one that started it',
              ),
            ),
          )
      ).length;
    const before = await mismatches();
    // With another sign-in's cookie, and with none.
    for (const from of [victim, null]) {
      const lured = await authorize('github', personAt('github', attackers), '', attacker);
      const response = await postLogin('github', { ...lured }, {}, from);
      expect(expectErrorShape(response, 401).errorCode).toBe('ER-SOCIAL-REQUEST-NOT-FOUND');
    }
    expect(await mismatches()).toBe(before + 2);
    expect(await findUserByEmail(server().db, attackers)).toBeUndefined();
    expect((await postLogin('github', { ...own }, {}, victim)).statusCode).toBe(200);
    expect(victim.bindings).toEqual([]);
  });

  it('finishes sign-ins started in parallel tabs of one browser, in any order', async () => {
    const tabs = new BrowserJar();
    const started = [
      {
        provider: 'google' as const,
        ...(await authorize('google', personAt('google', uniqueEmail('tab')), '', tabs)),
      },
      {
        provider: 'slack' as const,
        ...(await authorize('slack', personAt('slack', uniqueEmail('tab')), '', tabs)),
      },
    ];
    expect(tabs.bindings).toHaveLength(2);
    for (const { provider, code, state } of started.reverse()) {
      const response = await postLogin(provider, { code, state, redirectUri: REDIRECT }, {}, tabs);
      expect(response.statusCode, response.body).toBe(200);
    }
    expect(tabs.bindings).toEqual([]);
  });

  it('a code_verifier other than the one the sign-in started with is refused', async () => {
    const { code, state } = await authorize('slack', personAt('slack', uniqueEmail('verifier')));
    const response = await postLogin('slack', { code, state, code_verifier: 'A'.repeat(43) });
    expect(expectErrorShape(response, 401).errorCode).toBe('ER-SOCIAL-PROVIDER-REFUSED');
  });

  it('a state that is not ours, and a missing one, are refused', async () => {
    expect(expectErrorShape(await postLogin('google', { code: 'x', state: 'garbage' }), 401).errorCode).toBe(
      'ER-SOCIAL-REQUEST-NOT-FOUND',
    );
    expect(expectErrorShape(await postLogin('google', { code: 'x' }), 401).errorCode).toBe(
      'ER-SOCIAL-REQUEST-NOT-FOUND',
    );
    expectErrorShape(await postLogin('twitter' as SocialProvider, { code: 'x' }), 400);
  });

  it('a token endpoint on a private address is not called: the provider counts as unreachable', async () => {
    const { code, state } = await authorize('github', personAt('github', uniqueEmail('private')));
    const endpoints = oauth2Peers.get('github')?.endpoints;
    await configure('github', {
      endpoints: { ...endpoints, tokenEndpoint: 'http://10.0.0.1/login/oauth/access_token' },
    });
    try {
      const response = await postLogin('github', { code, state });
      expect(expectErrorShape(response, 502).errorCode).toBe('ER-SOCIAL-PROVIDER-UNREACHABLE');
    } finally {
      await configure('github', { endpoints });
    }
  });

  it('an inactive provider is neither offered nor started nor finished', async () => {
    const subject = personAt('facebook', uniqueEmail('inactive'));
    const pending = await authorize('facebook', subject);
    expect((await configure('facebook', { active: false })).statusCode).toBe(200);
    try {
      const listed = await server().app.inject({ method: 'GET', url: `${API}/sso/v2` });
      expect(listed.json<Array<{ type: string }>>().map((entry) => entry.type)).not.toContain('facebook');
      const start = await server().app.inject({
        method: 'GET',
        url: `${API}/auth/v2/user/sso/default/facebook/prelogin`,
      });
      expect(expectErrorShape(start, 400).errorCode).toBe('ER-SOCIAL-PROVIDER-INACTIVE');
      const finish = await postLogin('facebook', pending as unknown as Record<string, string>);
      expect(expectErrorShape(finish, 400).errorCode).toBe('ER-SOCIAL-PROVIDER-INACTIVE');
    } finally {
      expect((await configure('facebook', { active: true })).statusCode).toBe(200);
    }
  });
});

describe('ID token checks (a provider whose answers the test writes)', () => {
  let fake: FakeOidcProvider;
  beforeAll(async () => {
    fake = await startFakeOidcProvider();
  });
  afterAll(async () => {
    await configure('apple', {
      endpoints: {
        authorizationEndpoint: `${oidcPeers.get('apple')?.issuer}/auth`,
        tokenEndpoint: `${oidcPeers.get('apple')?.issuer}/token`,
        userinfoEndpoint: `${oidcPeers.get('apple')?.issuer}/me`,
        issuer: oidcPeers.get('apple')?.issuer,
        jwksUri: `${oidcPeers.get('apple')?.issuer}/jwks`,
      },
    });
    await fake.close();
  });

  /** Starts an Apple sign-in against the fake provider and answers its token request with `claims` signed as told. */
  async function withIdToken(
    claims: (nonce: string) => Record<string, unknown>,
    signWith: 'published' | 'unknown' = 'published',
  ) {
    await configure('apple', {
      endpoints: {
        authorizationEndpoint: `${fake.issuer}/authorize`,
        tokenEndpoint: `${fake.issuer}/token`,
        issuer: fake.issuer,
        jwksUri: `${fake.issuer}/jwks`,
      },
    });
    const start = browser.take(
      await server().app.inject({
        method: 'GET',
        url: `${API}/auth/v2/user/sso/default/apple/prelogin`,
        cookies: browser.cookies,
      }),
    );
    const params = new URL(String(start.headers.location)).searchParams;
    const nonce = params.get('nonce') ?? '';
    const key =
      signWith === 'published'
        ? fake.keys[0]
        : await startFakeOidcProvider().then(async (other) => {
            await other.close();
            return other.keys[0];
          });
    if (!key) throw new Error('no key');
    fake.onToken = () => ({
      body: { access_token: 'at', token_type: 'Bearer', id_token: signJwt(claims(nonce), { key }) },
    });
    return postLogin('apple', { code: 'fake-code', state: params.get('state') ?? '' });
  }

  const now = () => Math.floor(Date.now() / 1000);
  const good = (nonce: string) => ({
    iss: fake.issuer,
    aud: 'client-apple',
    sub: `apple-${now()}-${Math.random()}`,
    email: uniqueEmail('apple', 'northwind-trading.test'),
    email_verified: 'true',
    nonce,
    iat: now(),
    exp: now() + 300,
  });

  it('accepts a well-signed token (Apple says email_verified as the string "true")', async () => {
    const response = await withIdToken(good);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SocialAnswer>().isNewUser).toBe(true);
  });

  it.each([
    ['another nonce', (nonce: string) => ({ ...good(nonce), nonce: 'not-this-sign-in' })],
    ['another audience', (nonce: string) => ({ ...good(nonce), aud: 'someone-else' })],
    ['another issuer', (nonce: string) => ({ ...good(nonce), iss: 'https://evil.test' })],
    ['an expired token', (nonce: string) => ({ ...good(nonce), exp: now() - 3600, iat: now() - 7200 })],
  ])('refuses %s', async (_label, claims) => {
    const response = await withIdToken(claims);
    expect(expectErrorShape(response, 401).errorCode).toBe('ER-SOCIAL-PROVIDER-REFUSED');
  });

  it('refuses a token signed with a key the provider does not publish', async () => {
    const response = await withIdToken(good, 'unknown');
    expect(expectErrorShape(response, 401).errorCode).toBe('ER-SOCIAL-PROVIDER-REFUSED');
  });
});

describe('the vendor configuration endpoints', () => {
  it('are for superusers only: a tenant admin and an anonymous caller are refused', async () => {
    for (const [method, url, payload] of [
      ['GET', `${API}/sso/v1/configurations`, undefined],
      ['POST', `${API}/sso/v1`, { type: 'google', clientId: 'mine', secret: 'stolen', active: true }],
      ['PATCH', `${API}/sso/v1/google`, { active: false }],
      ['DELETE', `${API}/sso/v1/google`, undefined],
    ] as const) {
      expectErrorShape(await as(server(), team.admin)(method, url, payload), 403);
      expectErrorShape(await server().app.inject({ method, url, ...(payload ? { payload } : {}) }), 401);
    }
    const [google] = await server()
      .db.select()
      .from(socialLoginProviders)
      .where(and(eq(socialLoginProviders.type, 'google'), eq(socialLoginProviders.active, true)));
    expect(google?.clientId).toBe('client-google');
  });

  it('never answer a secret, store it sealed, and keep it when a change leaves it out', async () => {
    const list = await as(server(), vendor)('GET', `${API}/sso/v1/configurations`);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain('secret-of-');
    const entries = list.json<Array<{ type: string; hasSecret: boolean; configured: boolean }>>();
    expect(entries).toHaveLength(7);
    expect(entries.every((entry) => entry.hasSecret && entry.configured)).toBe(true);

    const [row] = await server()
      .db.select()
      .from(socialLoginProviders)
      .where(eq(socialLoginProviders.type, 'slack'));
    expect(row?.clientSecret).not.toContain('secret-of-');

    const renamed = await configure('slack', { redirectUrl: 'https://app.example.test/social' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body).not.toContain('secret-of-');
    expect(renamed.json()).toMatchObject({
      customised: true,
      redirectUrl: 'https://app.example.test/social',
      hasSecret: true,
    });
    expect((await configure('slack', { redirectUrl: '' })).json()).toMatchObject({
      redirectUrl: REDIRECT,
      customised: false,
    });
    // Still signs in: the stored secret was kept.
    const response = await signIn('slack', personAt('slack', uniqueEmail('kept')));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuse to activate a provider without credentials, and delete a configuration', async () => {
    const created = await as(server(), vendor)('POST', `${API}/sso/v1`, {
      type: 'apple',
      clientId: 'c',
      active: true,
    });
    // Apple has a stored secret: the POST keeps it. A provider without one may not be activated.
    expect(created.statusCode).toBe(200);
    await as(server(), vendor)('DELETE', `${API}/sso/v1/apple`);
    const bare = await as(server(), vendor)('POST', `${API}/sso/v1`, {
      type: 'apple',
      clientId: 'c',
      active: true,
    });
    expect(expectErrorShape(bare, 400).errorCode).toBe('ER-SOCIAL-INVALID-CONFIGURATION');
    const missing = await as(server(), vendor)('DELETE', `${API}/sso/v1/apple`);
    expect(expectErrorShape(missing, 404).errorCode).toBe('ER-SOCIAL-CONFIGURATION-NOT-FOUND');
    const actions = (await listAuditLogsByEmail(server().db, vendor.email)).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['Social login configuration updated', 'Social login configuration deleted']),
    );
  });
});
