// Issue 4: grant_type=client_credentials at POST /frontegg/oauth/token (RFC 6749 4.4) with an API token.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { findVendorRolesByKeys } from '../../../src/db/queries/roles.js';
import { users } from '../../../src/db/schema/index.js';
import { as, createTenantAdmins, type Member } from '../../admin-support.js';
import { API, expectErrorShape, useTestServer } from '../../harness.js';
import { OAUTH, pkcePair } from '../../oauth-helpers.js';

const server = useTestServer();
const FORM = 'application/x-www-form-urlencoded';

interface ApiToken {
  clientId: string;
  secret: string;
}

/** RFC 6749 2.3.1: id and secret are form-urlencoded, joined by a colon, then base64. */
const formEncode = (value: string) => encodeURIComponent(value).replaceAll('%20', '+');
const basicOf = (clientId: string, secret: string, encode = formEncode) =>
  `Basic ${Buffer.from(`${encode(clientId)}:${encode(secret)}`).toString('base64')}`;
const rawBasic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

/** A token request: a form unless `json`, with an Authorization header when given. */
function tokenRequest(
  fields: Record<string, string> | string,
  options: { authorization?: string; json?: boolean } = {},
) {
  const headers: Record<string, string> = {
    'content-type': options.json ? 'application/json' : FORM,
    ...(options.authorization === undefined ? {} : { authorization: options.authorization }),
  };
  const payload =
    typeof fields === 'string'
      ? fields
      : options.json
        ? JSON.stringify(fields)
        : new URLSearchParams(fields).toString();
  return server().app.inject({ method: 'POST', url: `${OAUTH}/token`, headers, payload });
}

const grant = { grant_type: 'client_credentials' };
const basicGrant = (token: ApiToken, fields: Record<string, string> = {}) =>
  tokenRequest({ ...grant, ...fields }, { authorization: basicOf(token.clientId, token.secret) });
const postGrant = (token: ApiToken, fields: Record<string, string> = {}, json = false) =>
  tokenRequest({ ...grant, client_id: token.clientId, client_secret: token.secret, ...fields }, { json });

interface OAuthError {
  errors: string[];
  errorCode: string;
  error: string;
  error_description: string;
}

/** An RFC 6749 5.2 answer that is also in the SPEC's error shape, never cached. */
function expectOAuthError(response: LightMyRequestResponse, status: number, error: string): OAuthError {
  expectErrorShape(response, status);
  const body = response.json<OAuthError>();
  expect(body.error).toBe(error);
  // RFC 6749 5.2: printable ASCII without '"' and '\\'; the SPEC's message otherwise as is.
  expect(body.error_description).toMatch(/^[\x20\x21\x23-\x5b\x5d-\x7e]+$/);
  if (/^[\x20\x21\x23-\x5b\x5d-\x7e]+$/.test(body.errors[0] ?? '')) {
    expect(body.error_description).toBe(body.errors[0]);
  }
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers.pragma).toBe('no-cache');
  return body;
}

/** invalid_client, with the Basic challenge when `challenged`. */
function expectInvalidClient(response: LightMyRequestResponse, challenged: boolean): OAuthError {
  const body = expectOAuthError(response, 401, 'invalid_client');
  expect(body.errorCode).toBe('ER-OAUTH-INVALID-CLIENT-CREDENTIALS');
  if (challenged) expect(response.headers['www-authenticate']).toMatch(/^Basic realm="[^"]+"/);
  else expect(response.headers['www-authenticate']).toBeUndefined();
  return body;
}

async function verified(accessToken: string) {
  const jwks = (await server().app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
  const { payload } = await jwtVerify(accessToken, createLocalJWKSet(jwks), {
    currentDate: server().clock.now(),
    issuer: server().config.publicUrl,
  });
  return payload as {
    sub: string;
    tenantId: string;
    roles: string[];
    permissions: string[];
    type: string;
    exp: number;
    iat: number;
  };
}

/** The 200 answer of the grant: exactly RFC 6749 5.1's fields for it, not cached, no cookie. */
async function grantedClaims(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ access_token: string; token_type: string; expires_in: number }>();
  expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'token_type']);
  expect(body.token_type).toBe('Bearer');
  expect(body.expires_in).toBeGreaterThan(0);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers.pragma).toBe('no-cache');
  expect(response.headers['set-cookie']).toBeUndefined();
  const claims = await verified(body.access_token);
  expect(claims.exp - claims.iat).toBe(body.expires_in);
  return claims;
}

async function tenantToken(admin: Member, body: object = {}): Promise<ApiToken> {
  const response = await as(server(), admin)('POST', `${API}/tenants/api-tokens/v1`, body);
  expect(response.statusCode).toBe(201);
  return response.json<ApiToken>();
}

async function readOnlyTenantToken(minutes?: number) {
  const admins = await createTenantAdmins(server());
  const [role] = await findVendorRolesByKeys(server().db, ['ReadOnly']);
  if (!role) throw new Error('no ReadOnly role');
  const token = await tenantToken(admins.admin, {
    description: 'gateway',
    roleIds: [role.id],
    ...(minutes ? { expiresInMinutes: minutes } : {}),
  });
  return { ...admins, token };
}

describe('client_credentials: the grant', () => {
  it('authenticates with HTTP Basic and signs the token of the API token exchange', async () => {
    const { tenant, token } = await readOnlyTenantToken();
    const claims = await grantedClaims(await basicGrant(token));
    expect(claims).toMatchObject({
      sub: token.clientId,
      tenantId: tenant.id,
      type: 'tenantApiToken',
      roles: ['ReadOnly'],
    });
    expect(claims.permissions).toContain('fe.secure.read.users');
    expect(claims.permissions).not.toContain('fe.secure.write.users');
  });

  it('authenticates with client_id and client_secret in a form or a JSON body', async () => {
    const { tenant, token } = await readOnlyTenantToken();
    for (const json of [false, true]) {
      const claims = await grantedClaims(await postGrant(token, {}, json));
      expect(claims).toMatchObject({ sub: token.clientId, tenantId: tenant.id, roles: ['ReadOnly'] });
    }
  });

  it('decodes form-urlencoded Basic credentials, and tolerates the same client_id in the body', async () => {
    const { token } = await readOnlyTenantToken();
    const percentEncoded = (value: string) =>
      value.replace(/[-_]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
    const authorization = basicOf(token.clientId, token.secret, percentEncoded);
    expect(Buffer.from(authorization.slice(6), 'base64').toString()).toContain('%2D');
    await grantedClaims(await tokenRequest(grant, { authorization }));
    await grantedClaims(await basicGrant(token, { client_id: token.clientId }));
    // The scheme is case-insensitive (RFC 9110 11.1) and an empty scope asks for nothing.
    await grantedClaims(
      await tokenRequest(
        { ...grant, scope: '' },
        { authorization: basicOf(token.clientId, token.secret).replace('Basic', 'bAsIc') },
      ),
    );
  });

  it('takes a personal API token with its owner’s roles, until the owner is locked', async () => {
    const { admin, tenant } = await createTenantAdmins(server());
    const response = await as(server(), admin)('POST', `${API}/users/api-tokens/v1`, { description: 'CLI' });
    expect(response.statusCode).toBe(201);
    const token = response.json<ApiToken>();
    const claims = await grantedClaims(await basicGrant(token));
    expect(claims).toMatchObject({ sub: admin.user.id, tenantId: tenant.id, type: 'userApiToken' });
    expect(claims.roles).toEqual(expect.arrayContaining(['Admin', 'bfm-base']));

    await server().db.update(users).set({ isLocked: true }).where(eq(users.id, admin.user.id));
    // The exchange rereads a token at most every 10 s (API_TOKEN_GRANT_TTL_MS).
    server().clock.advanceSeconds(11);
    try {
      expectInvalidClient(await basicGrant(token), true);
      expectInvalidClient(await postGrant(token), false);
    } finally {
      server().clock.advanceSeconds(-11);
    }
  });

  it('never signs past the token’s own expiry, and refuses it once expired', async () => {
    const { token } = await readOnlyTenantToken(1);
    const response = await postGrant(token);
    await grantedClaims(response);
    expect(response.json().expires_in).toBeLessThanOrEqual(60);
    server().clock.advanceSeconds(61);
    try {
      expectInvalidClient(await basicGrant(token), true);
      expectInvalidClient(await postGrant(token), false);
    } finally {
      server().clock.advanceSeconds(-61);
    }
  });

  it('refuses a deleted token', async () => {
    const { admin, token } = await readOnlyTenantToken();
    await grantedClaims(await basicGrant(token));
    const deleted = await as(server(), admin)('DELETE', `${API}/tenants/api-tokens/v1/${token.clientId}`);
    expect(deleted.statusCode).toBe(200);
    expectInvalidClient(await basicGrant(token), true);
    expectInvalidClient(await postGrant(token), false);
  });
});

describe('client_credentials: errors (RFC 6749 5.2)', () => {
  it('answers an unknown client exactly like a wrong secret, per method', async () => {
    const { token } = await readOnlyTenantToken();
    const wrongSecret = { ...token, secret: `${token.secret}x` };
    const unknown = { ...token, clientId: randomUUID() };
    const notAnId = { ...token, clientId: 'gateway' };
    for (const send of [basicGrant, postGrant]) {
      const answers = await Promise.all([wrongSecret, unknown, notAnId].map((sent) => send(sent)));
      const challenged = send === basicGrant;
      const [first, ...others] = answers.map((answer) => {
        const body = expectInvalidClient(answer, challenged);
        return { body, challenge: answer.headers['www-authenticate'] };
      });
      expect(first?.body.errors).toEqual(['Invalid client credentials']);
      for (const other of others) expect(other).toEqual(first);
    }
  });

  it('asks for client authentication when there is none, and refuses other schemes', async () => {
    const none = expectInvalidClient(await tokenRequest(grant), true);
    expect(none.errors[0]).toMatch(/HTTP Basic/);
    const json = expectInvalidClient(await tokenRequest(grant, { json: true }), true);
    expect(json.errors).toEqual(none.errors);
    const { token } = await readOnlyTenantToken();
    for (const authorization of [`Bearer ${token.secret}`, 'Digest username="x"', '(basic)']) {
      const refused = expectInvalidClient(await tokenRequest(grant, { authorization }), true);
      expect(refused.errors[0]).toMatch(/^Unsupported client authentication/);
    }
  });

  it('refuses malformed Basic credentials with invalid_client, never a 500', async () => {
    const { token } = await readOnlyTenantToken();
    const malformed = [
      'Basic',
      'Basic !!!!',
      'Basic a',
      'Basic YWJj=x',
      rawBasic(`${token.clientId}${token.secret}`), // no colon
      rawBasic(`%zz:${token.secret}`), // bad percent-encoding
      rawBasic(`${token.clientId}:%E0%A4%A`), // truncated percent-encoding
      `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0x41]).toString('base64')}`, // not UTF-8
    ];
    for (const authorization of malformed) {
      const body = expectInvalidClient(await tokenRequest(grant, { authorization }), true);
      expect(body.errors[0], authorization).toMatch(/^Malformed Basic credentials/);
    }
    // Well-formed but empty: simply wrong credentials.
    const empty = expectInvalidClient(await tokenRequest(grant, { authorization: rawBasic(':') }), true);
    expect(empty.errors).toEqual(['Invalid client credentials']);
  });

  it('answers invalid_request for two authentication methods, half credentials and repeated parameters', async () => {
    const { token } = await readOnlyTenantToken();
    const both = expectOAuthError(
      await basicGrant(token, { client_id: token.clientId, client_secret: token.secret }),
      400,
      'invalid_request',
    );
    expect(both.errors[0]).toMatch(/one method only/);
    expect(both.errorCode).toBe('ER-OAUTH-INVALID-REQUEST');
    const other = expectOAuthError(
      await basicGrant(token, { client_id: randomUUID() }),
      400,
      'invalid_request',
    );
    expect(other.errors[0]).toMatch(/client_id/);

    const idOnly = await tokenRequest({ ...grant, client_id: token.clientId });
    expect(expectOAuthError(idOnly, 400, 'invalid_request').errors[0]).toMatch(/client_secret is required/);
    const secretOnly = await tokenRequest({ ...grant, client_secret: token.secret });
    expect(expectOAuthError(secretOnly, 400, 'invalid_request').errors[0]).toMatch(/client_id is required/);

    const repeated = `grant_type=client_credentials&client_id=${token.clientId}&client_id=${token.clientId}&client_secret=${token.secret}`;
    expect(expectOAuthError(await tokenRequest(repeated), 400, 'invalid_request').errors).toEqual([
      'client_id is repeated',
    ]);
    const odd = await tokenRequest('gr%C3%A4%22nt=1&gr%C3%A4%22nt=2');
    const oddBody = expectOAuthError(odd, 400, 'invalid_request');
    expect(oddBody.errors).toEqual(['gr\u00e4"nt is repeated']);
    expect(oddBody.error_description).toBe("gr?'nt is repeated");
    expectOAuthError(
      await tokenRequest(
        { grant_type: 'client_credentials', client_id: 7 } as unknown as Record<string, string>,
        {
          json: true,
        },
      ),
      400,
      'invalid_request',
    );
    expectOAuthError(
      await tokenRequest({ client_id: token.clientId, client_secret: token.secret }),
      400,
      'invalid_request',
    );
    expectOAuthError(await tokenRequest('{"grant_type":', { json: true }), 400, 'invalid_request');
  });

  it('refuses a scope (tokens carry the API token’s own roles), after authenticating the client', async () => {
    const { token } = await readOnlyTenantToken();
    const refused = expectOAuthError(await basicGrant(token, { scope: 'read:users' }), 400, 'invalid_scope');
    expect(refused.errorCode).toBe('ER-OAUTH-INVALID-SCOPE');
    expectOAuthError(await postGrant(token, { scope: 'openid' }, true), 400, 'invalid_scope');
    expectInvalidClient(await basicGrant({ ...token, secret: 'wrong' }, { scope: 'read:users' }), true);
  });

  it('answers unsupported_grant_type, and the other grants’ errors carry their RFC code too', async () => {
    const { token } = await readOnlyTenantToken();
    const password = await tokenRequest(
      { grant_type: 'password', username: 'a', password: 'b' },
      { authorization: basicOf(token.clientId, token.secret) },
    );
    expect(expectOAuthError(password, 400, 'unsupported_grant_type').errorCode).toBe(
      'ER-OAUTH-UNSUPPORTED-GRANT-TYPE',
    );
    const code = await tokenRequest({
      grant_type: 'authorization_code',
      code: 'made-up',
      redirect_uri: 'http://identity.test/oauth/callback',
      code_verifier: pkcePair().verifier,
    });
    expect(expectOAuthError(code, 400, 'invalid_grant').errorCode).toBe('ER-OAUTH-INVALID-GRANT');
  });
});
