import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ssoTestReports } from '../../../db/schema/index.js';
import { newBrowserBinding } from '../../federated/browser-binding.js';
import { createOidcService } from './service.js';
import { expectErrorShape, json, startTestServer, useTestServer } from '../../../../test/harness.js';
import {
  atHash,
  createSigningKey,
  signJwt,
  startFakeOidcProvider,
  type FakeOidcProvider,
  type SigningKey,
  type TokenRequest,
} from '../../../../test/oidc-provider.js';
import {
  createOidcConnection,
  lastAuditOf,
  META,
  oidcStarter,
  postLogin,
} from '../../../../test/oidc-support.js';

// The ID token and user info checks, against a provider whose answers the test writes: what a forged,
// stale or misdirected token gets is a 401 (and the audit row names the check it failed).

const server = useTestServer({ env: { OUTBOUND_ALLOW_HOSTS: '127.0.0.1' } });
const CLIENT_ID = 'fake-client';
const CLIENT_SECRET = 'a-client-secret-shared-with-the-provider';
const ACCESS_TOKEN = 'access-token-from-the-fake-provider';
let fake: FakeOidcProvider;
let providerKey: SigningKey;
let originalDiscovery: Record<string, unknown>;

beforeAll(async () => {
  fake = await startFakeOidcProvider();
  providerKey = fake.keys[0]!;
  originalDiscovery = { ...fake.discovery };
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.keys = [providerKey];
  fake.discovery = { ...originalDiscovery };
  server().clock.set(new Date());
});

type Claims = Record<string, unknown>;
type Signing = Parameters<typeof signJwt>[1];

/**
 * A connection to the fake provider, a started sign-in, and the provider's answer to the code exchange:
 * an ID token over `claims(valid claims)`, signed as `signing` says (the provider's key by default).
 */
async function exchange(options: {
  claims?: (valid: Claims) => Claims;
  signing?: Signing;
  userInfo?: (valid: Claims) => Claims;
  purpose?: 'login' | 'test';
}) {
  const setup = await createOidcConnection(server(), {
    issuer: fake.issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
  });
  const address = new URL(
    await oidcStarter(server()).start(setup.connection, { purpose: options.purpose ?? 'login', meta: META }),
  );
  const now = Math.floor(server().clock.now().getTime() / 1000);
  const valid: Claims = {
    iss: fake.issuer,
    aud: CLIENT_ID,
    sub: 'person-1',
    email: `person-1@${setup.domain}`,
    email_verified: true,
    name: 'Grace Hopper',
    nonce: address.searchParams.get('nonce'),
    iat: now,
    exp: now + 300,
  };
  const claims = options.claims ? options.claims(valid) : valid;
  fake.onToken = () => ({
    body: {
      access_token: ACCESS_TOKEN,
      token_type: 'Bearer',
      expires_in: 300,
      id_token: signJwt(claims, options.signing ?? { key: providerKey }),
    },
  });
  fake.onUserInfo = () => (options.userInfo ? options.userInfo(valid) : valid);
  const response = await postLogin(server(), {
    code: 'code-from-the-fake',
    state: address.searchParams.get('state'),
  });
  return { ...setup, response };
}

/** The check a refused sign-in's audit row names. */
async function refusedBy(result: Awaited<ReturnType<typeof exchange>>): Promise<string | undefined> {
  expectErrorShape(result.response, 401);
  expect(json(result.response).errorCode).toBe('ER-OIDC-INVALID-CALLBACK');
  const audit = await lastAuditOf(server(), result.tenant.id);
  expect(audit?.action).toBe('OpenID Connect sign-in rejected');
  return audit?.description;
}

describe('an ID token the provider signed correctly', () => {
  it('signs in', async () => {
    const result = await exchange({});
    expect(result.response.statusCode).toBe(200);
    expect(json(result.response)).toMatchObject({ accessToken: expect.any(String) });
  });

  it('sends the code, our PKCE verifier, our callback and the client secret to the token endpoint', async () => {
    const setup = await createOidcConnection(server(), {
      issuer: fake.issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
    const address = new URL(
      await oidcStarter(server()).start(setup.connection, { purpose: 'login', meta: META }),
    );
    let received: TokenRequest | undefined;
    fake.onToken = (request) => {
      received = request;
      return { status: 400, body: { error: 'invalid_grant' } };
    };
    expectErrorShape(
      await postLogin(server(), { code: 'the-code', state: address.searchParams.get('state') }),
      401,
    );
    expect(Object.fromEntries(received?.params ?? [])).toMatchObject({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: 'http://identity.test/account/oidc/callback',
      code_verifier: expect.stringMatching(/^[\w-]{43,}$/),
    });
    // client_secret_basic: each part form-encoded (RFC 6749 section 2.3.1).
    const basic = Buffer.from((received?.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
    expect(basic.split(':').map(decodeURIComponent)).toEqual([CLIENT_ID, CLIENT_SECRET]);
  });

  it('accepts a matching at_hash', async () => {
    const result = await exchange({ claims: (valid) => ({ ...valid, at_hash: atHash(ACCESS_TOKEN) }) });
    expect(result.response.statusCode).toBe(200);
  });

  it('accepts a key the provider rotated in since its JWKS was read (fetched again once)', async () => {
    const rotated = createSigningKey();
    const before = fake.requests.filter((request) => request === 'GET /jwks').length;
    const count = (request: string) => fake.requests.filter((seen) => seen === request).length;
    const discoveriesBefore = count('GET /.well-known/openid-configuration');
    // The same connection's cache matters: reuse one connection for both sign-ins.
    const setup = await createOidcConnection(server(), {
      issuer: fake.issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
    const starter = oidcStarter(server());
    for (const key of [providerKey, rotated]) {
      const address = new URL(await starter.start(setup.connection, { purpose: 'login', meta: META }));
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: fake.issuer,
        aud: CLIENT_ID,
        sub: 'person-2',
        email: `person-2@${setup.domain}`,
        nonce: address.searchParams.get('nonce'),
        iat: now,
        exp: now + 300,
      };
      // The provider starts signing with its new key once the first sign-in has read its keys.
      if (key === rotated) fake.keys = [providerKey, rotated];
      fake.onToken = () => ({
        body: { access_token: ACCESS_TOKEN, token_type: 'Bearer', id_token: signJwt(claims, { key }) },
      });
      const response = await postLogin(server(), { code: 'c', state: address.searchParams.get('state') });
      expect(response.statusCode).toBe(200);
    }
    // Once for the first sign-in (nothing cached), once more for the unknown kid.
    expect(count('GET /jwks') - before).toBe(2);
    // The discovery document is read once by each of the two services (start's, the server's), then reused.
    expect(count('GET /.well-known/openid-configuration') - discoveriesBefore).toBe(2);
  });
});

describe('a forged or misdirected ID token', () => {
  const SIGNATURE = "The ID token is signed by the provider's key";
  const ALGORITHM = 'The ID token is signed with a public-key algorithm';

  it('refuses alg none', async () => {
    expect(await refusedBy(await exchange({ signing: { alg: 'none' } }))).toBe(ALGORITHM);
  });

  it('refuses HS256 with the client secret, even when the provider lists HS256', async () => {
    fake.discovery = { ...originalDiscovery, id_token_signing_alg_values_supported: ['RS256', 'HS256'] };
    expect(await refusedBy(await exchange({ signing: { alg: 'HS256', secret: CLIENT_SECRET } }))).toBe(
      ALGORITHM,
    );
  });

  it('refuses a token signed by a key the provider does not publish (after fetching its keys again)', async () => {
    const before = fake.requests.filter((request) => request === 'GET /jwks').length;
    expect(await refusedBy(await exchange({ signing: { key: createSigningKey() } }))).toBe(SIGNATURE);
    expect(fake.requests.filter((request) => request === 'GET /jwks').length).toBeGreaterThan(before);
  });

  it("refuses a token signed by another key under the provider's kid", async () => {
    expect(
      await refusedBy(await exchange({ signing: { key: createSigningKey(), kid: providerKey.kid } })),
    ).toBe(SIGNATURE);
  });

  it('refuses a token whose payload was altered after signing', async () => {
    const setup = await createOidcConnection(server(), {
      issuer: fake.issuer,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
    });
    const address = new URL(
      await oidcStarter(server()).start(setup.connection, { purpose: 'login', meta: META }),
    );
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      iss: fake.issuer,
      aud: CLIENT_ID,
      sub: 'person-3',
      email: `person-3@${setup.domain}`,
      nonce: address.searchParams.get('nonce'),
      iat: now,
      exp: now + 300,
    };
    const [header, , signature] = signJwt(claims, { key: providerKey }).split('.');
    const altered = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    fake.onToken = () => ({
      body: {
        access_token: ACCESS_TOKEN,
        token_type: 'Bearer',
        id_token: `${header}.${altered}.${signature}`,
      },
    });
    const response = await postLogin(server(), { code: 'c', state: address.searchParams.get('state') });
    expect(await refusedBy({ ...setup, response })).toBe(SIGNATURE);
  });

  it.each<[string, (valid: Claims) => Claims, string]>([
    [
      'another issuer',
      (valid) => ({ ...valid, iss: 'https://attacker.example' }),
      'The ID token comes from the configured issuer',
    ],
    [
      'another audience',
      (valid) => ({ ...valid, aud: 'another-client' }),
      'The token is meant for this client (audience)',
    ],
    [
      'extra audiences without azp',
      (valid) => ({ ...valid, aud: [CLIENT_ID, 'another-client'] }),
      'The client is the authorized party among several audiences (azp)',
    ],
    [
      'extra audiences with another azp',
      (valid) => ({ ...valid, aud: [CLIENT_ID, 'another-client'], azp: 'another-client' }),
      'The client is the authorized party among several audiences (azp)',
    ],
    ['no nonce', ({ nonce: _nonce, ...valid }) => valid, 'The ID token answers this sign-in (nonce)'],
    [
      'another nonce',
      (valid) => ({ ...valid, nonce: 'another-nonce' }),
      'The ID token answers this sign-in (nonce)',
    ],
    [
      'an expired token',
      (valid) => ({ ...valid, iat: Number(valid.iat) - 3600, exp: Number(valid.iat) - 600 }),
      'The ID token has not expired',
    ],
    [
      'not before in the future',
      (valid) => ({ ...valid, nbf: Number(valid.iat) + 600 }),
      'The ID token is already valid (not before)',
    ],
    [
      'issued in the future',
      (valid) => ({ ...valid, iat: Number(valid.iat) + 600, exp: Number(valid.iat) + 900 }),
      'The ID token was not issued in the future',
    ],
    [
      'a wrong at_hash',
      (valid) => ({ ...valid, at_hash: atHash('another-access-token') }),
      'The access token is the one the ID token was issued with (at_hash)',
    ],
  ])('refuses %s', async (_label, claims, check) => {
    expect(await refusedBy(await exchange({ claims }))).toBe(check);
  });

  it('checks the times with the server clock, not the machine clock', async () => {
    server().clock.advanceSeconds(3600);
    // Claims made from the moved clock pass; the machine clock's present is an hour in the past.
    expect((await exchange({})).response.statusCode).toBe(200);
    const now = Math.floor(Date.now() / 1000);
    const stale = await exchange({ claims: (valid) => ({ ...valid, iat: now, exp: now + 300 }) });
    expect(await refusedBy(stale)).toBe('The ID token has not expired');
  });
});

describe('the user info', () => {
  it('is read when the ID token has no email, and must be about the same person', async () => {
    const withoutEmail = ({ email: _email, ...valid }: Claims) => valid;
    expect((await exchange({ claims: withoutEmail })).response.statusCode).toBe(200);
    const mismatch = await exchange({
      claims: withoutEmail,
      userInfo: (valid) => ({ ...valid, sub: 'someone-else' }),
    });
    expect(await refusedBy(mismatch)).toBe('The user info belongs to the same person (sub)');
  });

  it('refuses an address the provider says is unverified', async () => {
    const result = await exchange({ claims: (valid) => ({ ...valid, email_verified: false }) });
    expect(await refusedBy(result)).toBe(
      'The provider does not say the email address is unverified (email_verified)',
    );
  });
});

describe('the live test of a forged token', () => {
  it('reports the failed signature check with the claims, and answers 200 with the report id', async () => {
    const result = await exchange({ signing: { key: createSigningKey() }, purpose: 'test' });
    expect(result.response.statusCode).toBe(200);
    const answer = json<{ testReportId: string; succeeded: boolean }>(result.response);
    expect(answer.succeeded).toBe(false);
    const [row] = await server()
      .db.select()
      .from(ssoTestReports)
      .where(eq(ssoTestReports.id, answer.testReportId));
    const report = row!.report as {
      checks: { name: string; passed: boolean; detail?: string }[];
      claims: Claims;
    };
    expect(report.checks.at(-1)).toMatchObject({
      name: "The ID token is signed by the provider's key",
      passed: false,
    });
    expect(report.checks.slice(0, -1).every((check) => check.passed)).toBe(true);
    expect(report.claims).toMatchObject({ sub: 'person-1', iss: fake.issuer });
  });
});

describe('outbound calls', () => {
  it('refuses a provider on a private address that is not allow-listed, without calling it', async () => {
    const strict = await startTestServer(server().db, { env: {} });
    try {
      const service = createOidcService({ db: strict.db, config: strict.config, clock: strict.clock });
      const before = fake.requests.length;
      // https on a loopback address: refused before any connection is made.
      const loopback = await createOidcConnection(server(), {
        issuer: fake.issuer.replace('http:', 'https:'),
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
      });
      await expect(
        service.start(loopback.connection, {
          purpose: 'login',
          meta: META,
          binding: newBrowserBinding().stored,
        }),
      ).rejects.toMatchObject({
        statusCode: 502,
        errorCode: 'ER-OIDC-PROVIDER-UNREACHABLE',
      });
      expect(JSON.stringify((await lastAuditOf(server(), loopback.tenant.id))?.json)).toContain(
        `${new URL(fake.issuer).host} is a private or local address`,
      );
      // The plain-http provider of the other tests: refused too, and it never hears of it.
      const setup = await createOidcConnection(server(), {
        issuer: fake.issuer,
        clientId: CLIENT_ID,
        clientSecret: CLIENT_SECRET,
      });
      await expect(
        service.start(setup.connection, {
          purpose: 'login',
          meta: META,
          binding: newBrowserBinding().stored,
        }),
      ).rejects.toMatchObject({
        statusCode: 502,
      });
      expect(fake.requests.length).toBe(before);
      // A sign-in started where the provider is allowed and finished here: refused as well.
      const address = new URL(
        await oidcStarter(server()).start(setup.connection, { purpose: 'login', meta: META }),
      );
      const afterStart = fake.requests.length;
      expectErrorShape(await postLogin(strict, { code: 'c', state: address.searchParams.get('state') }), 401);
      expect(fake.requests.length).toBe(afterStart);
    } finally {
      await strict.app.close();
    }
  });
});
