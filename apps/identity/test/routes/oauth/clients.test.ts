// Issue 16: registered OAuth clients. The superuser registers one client per app with its exact redirect
// URIs; the authorize endpoint accepts a client's registered URI character for character, nothing near it.
import { beforeAll, describe, expect, it } from 'vitest';
import { as, signedIn, type Member } from '../../admin-support.js';
import { createUser } from '../../factories.js';
import { API, expectErrorShape, useTestServer } from '../../harness.js';
import {
  auditRows,
  authorize,
  authorizeQuery,
  CALLBACK,
  pkcePair,
  signedInUser,
  token,
} from '../../oauth-helpers.js';

const server = useTestServer();
const CLIENTS = '/frontegg/oauth/resources/clients/v1';
const APP_CALLBACK = 'https://reports.acme-foods.test/auth/callback';

interface ClientView {
  clientId: string;
  name: string;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  allowedOrigins: string[];
  builtIn: boolean;
}

let vendor: Member;
let admin: Member;
beforeAll(async () => {
  const superuser = await createUser(server().db, server().passwords, { superUser: true });
  vendor = { user: superuser.user, authorization: await signedIn(server(), superuser.user.email) };
  const other = await createUser(server().db, server().passwords, { roleKeys: ['bfm-base', 'Admin'] });
  admin = { user: other.user, authorization: await signedIn(server(), other.user.email) };
});

const asVendor = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) => as(server(), vendor)(method, url, payload);

async function createClient(fields: Record<string, unknown> = {}): Promise<ClientView> {
  const response = await asVendor('POST', CLIENTS, {
    name: 'Reports',
    redirectUris: [APP_CALLBACK],
    allowedOrigins: ['https://reports.acme-foods.test'],
    ...fields,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ClientView>();
}

describe('issue 16: managing OAuth clients', () => {
  it('is for a superuser only: 401 without a token, 403 for an account admin', async () => {
    expectErrorShape(await server().app.inject({ method: 'GET', url: CLIENTS }), 401);
    const anonymous = await server().app.inject({
      method: 'POST',
      url: CLIENTS,
      payload: { name: 'x', redirectUris: [APP_CALLBACK] },
    });
    expectErrorShape(anonymous, 401);
    expectErrorShape(await as(server(), admin)('GET', CLIENTS), 403);
    expectErrorShape(
      await as(server(), admin)('POST', CLIENTS, { name: 'x', redirectUris: [APP_CALLBACK] }),
      403,
    );
  });

  it('lists the built-in client with its callback', async () => {
    const response = await asVendor('GET', CLIENTS);
    expect(response.statusCode).toBe(200);
    const builtIn = response.json<ClientView[]>().find((client) => client.builtIn);
    expect(builtIn?.clientId).toBe(server().config.clientId);
    expect(builtIn?.redirectUris).toContain(CALLBACK);
  });

  it.each([
    ['plain http to another host', { redirectUris: ['http://reports.acme-foods.test/cb'] }],
    ['a fragment', { redirectUris: [`${APP_CALLBACK}#x`] }],
    ['a relative URI', { redirectUris: ['/auth/callback'] }],
    ['userinfo', { redirectUris: ['https://reports.acme-foods.test@evil.test/cb'] }],
    ['no redirect URI', { redirectUris: [] }],
    ['an origin with a path', { allowedOrigins: ['https://reports.acme-foods.test/app'] }],
    ['an unknown field', { secret: 'x' }],
    ['no name', { name: '' }],
    ['a list that is not one', { redirectUris: APP_CALLBACK }],
  ])('refuses %s with 400 in the error shape', async (_case, fields) => {
    const response = await asVendor('POST', CLIENTS, {
      name: 'Reports',
      redirectUris: [APP_CALLBACK],
      ...fields,
    });
    expectErrorShape(response, 400);
  });

  it('accepts http for localhost only', async () => {
    const local = await createClient({
      redirectUris: ['http://localhost:5173/callback', 'http://127.0.0.1:8080/cb'],
    });
    expect(local.redirectUris).toEqual(['http://localhost:5173/callback', 'http://127.0.0.1:8080/cb']);
  });

  it('creates, updates and deletes a client, audited; the built-in one cannot be deleted', async () => {
    const client = await createClient();
    expect(client).toMatchObject({ name: 'Reports', redirectUris: [APP_CALLBACK], builtIn: false });

    const renamed = await asVendor('PATCH', `${CLIENTS}/${client.clientId}`, {
      name: 'Reports (new)',
      redirectUris: [APP_CALLBACK, 'https://reports.acme-foods.test/auth/callback2'],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<ClientView>().redirectUris).toHaveLength(2);
    expectErrorShape(
      await asVendor('PATCH', `${CLIENTS}/${client.clientId}`, { redirectUris: ['ftp://x'] }),
      400,
    );
    expectErrorShape(await asVendor('PATCH', `${CLIENTS}/no-such-client`, { name: 'x' }), 404);

    const builtIn = await asVendor('DELETE', `${CLIENTS}/${server().config.clientId}`);
    expect(expectErrorShape(builtIn, 409).errorCode).toBe('ER-OAUTH-BUILT-IN-CLIENT');
    expect((await asVendor('DELETE', `${CLIENTS}/${client.clientId}`)).statusCode).toBe(200);
    expectErrorShape(await asVendor('GET', `${CLIENTS}/${client.clientId}`), 404);

    for (const action of ['OAuth client created', 'OAuth client updated', 'OAuth client deleted']) {
      const rows = await auditRows(server().db, action);
      expect(rows.some((row) => row.userId === vendor.user.id)).toBe(true);
    }
  });
});

/** A signed-in person's code for the client at APP_CALLBACK, with the PKCE verifier to exchange it. */
async function codeForClient(clientId: string) {
  const session = await signedInUser(server());
  const pkce = pkcePair();
  const response = await authorize(
    server(),
    authorizeQuery({ client_id: clientId, redirect_uri: APP_CALLBACK }, pkce.challenge),
    session.cookie,
  );
  expect(response.statusCode, response.body).toBe(302);
  const location = new URL(String(response.headers.location));
  expect(`${location.origin}${location.pathname}`).toBe(APP_CALLBACK);
  return { code: location.searchParams.get('code'), verifier: pkce.verifier };
}

const exchange = (code: string | null, verifier: string, clientId: string, redirectUri = APP_CALLBACK) =>
  token(server(), {
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
    client_id: clientId,
  });

describe('issue 16: the authorize and token endpoints use the registered clients exactly', () => {
  it('gives a code to a registered client for its exact redirect URI, and its token exchange works', async () => {
    const client = await createClient();
    const { code, verifier } = await codeForClient(client.clientId);
    const exchanged = await exchange(code, verifier, client.clientId);
    expect(exchanged.statusCode, exchanged.body).toBe(200);
  });

  it.each([
    ['a trailing slash', `${APP_CALLBACK}/`],
    ['a longer path (no prefix matching)', `${APP_CALLBACK}/more`],
    ['a prefix of it', 'https://reports.acme-foods.test/auth'],
    ['another client’s URI', CALLBACK],
    ['an extra query', `${APP_CALLBACK}?next=/`],
  ])('refuses %s', async (_case, redirectUri) => {
    const client = await createClient();
    const response = await authorize(
      server(),
      authorizeQuery({ client_id: client.clientId, redirect_uri: redirectUri }),
    );
    expect(expectErrorShape(response, 400).errorCode).toBe('ER-OAUTH-INVALID-REDIRECT-URI');
  });

  it('refuses a code exchanged by another client or for another redirect URI', async () => {
    const client = await createClient();
    const first = await codeForClient(client.clientId);
    const byOther = await exchange(first.code, first.verifier, server().config.clientId);
    expect(expectErrorShape(byOther, 400).errorCode).toBe('ER-OAUTH-INVALID-GRANT');
    const second = await codeForClient(client.clientId);
    const elsewhere = await exchange(second.code, second.verifier, client.clientId, `${APP_CALLBACK}/`);
    expect(expectErrorShape(elsewhere, 400).errorCode).toBe('ER-OAUTH-INVALID-GRANT');
  });

  it('refuses an unknown or deleted client_id', async () => {
    const client = await createClient();
    expect((await asVendor('DELETE', `${CLIENTS}/${client.clientId}`)).statusCode).toBe(200);
    const response = await authorize(
      server(),
      authorizeQuery({ client_id: client.clientId, redirect_uri: APP_CALLBACK }),
    );
    expect(expectErrorShape(response, 400).errorCode).toBe('ER-OAUTH-INVALID-CLIENT');
  });
});

describe("issue 16: a registered client's pages call the hosted login from their own origin", () => {
  const ORIGIN = 'https://reports.acme-foods.test';
  const fromPage = (origin: string, url: string, payload: Record<string, unknown>) =>
    server().app.inject({
      method: 'POST',
      url,
      headers: { origin, 'sec-fetch-site': 'cross-site' },
      payload,
    });
  const preflight = (origin: string, url: string) =>
    server().app.inject({
      method: 'OPTIONS',
      url,
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });

  it('exchanges its code from its allowed origin, without cookies either way', async () => {
    const client = await createClient({ allowedOrigins: [ORIGIN] });
    const asked = await preflight(ORIGIN, '/frontegg/oauth/token');
    expect(asked.statusCode).toBe(204);
    expect(asked.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(asked.headers['access-control-allow-credentials']).toBeUndefined();
    expect(asked.headers.vary).toContain('Origin');

    const { code, verifier } = await codeForClient(client.clientId);
    const exchanged = await fromPage(ORIGIN, '/frontegg/oauth/token', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: APP_CALLBACK,
      code_verifier: verifier,
      client_id: client.clientId,
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchanged.headers['access-control-allow-origin']).toBe(ORIGIN);
    // The identity origin's session cookie is for its own pages only.
    expect(exchanged.headers['set-cookie']).toBeUndefined();
    const { access_token: accessToken, refresh_token: refreshToken } = exchanged.json<{
      access_token: string;
      refresh_token: string;
    }>();

    const refreshed = await fromPage(ORIGIN, '/frontegg/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: refreshToken,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.headers['set-cookie']).toBeUndefined();
    const info = await server().app.inject({
      method: 'GET',
      url: '/frontegg/oauth/userinfo',
      headers: { origin: ORIGIN, authorization: `Bearer ${accessToken}` },
    });
    expect(info.statusCode).toBe(200);
    expect(info.headers['access-control-allow-origin']).toBe(ORIGIN);
  });

  it('opens nothing else to that origin, nor anything to an origin no client lists', async () => {
    await createClient({ allowedOrigins: [ORIGIN] });
    const elsewhere = await preflight(ORIGIN, `${API}/auth/v1/user`);
    expect(elsewhere.headers['access-control-allow-origin']).toBeUndefined();
    const login = await fromPage(ORIGIN, `${API}/auth/v1/user`, {
      email: 'nobody@brizo.test',
      password: 'x',
    });
    expect(expectErrorShape(login, 403).errorCode).toBe('ER-REQUEST-CROSS-SITE');

    for (const origin of [
      'https://evil.example',
      `${ORIGIN}.evil.example`,
      'http://reports.acme-foods.test',
    ]) {
      expect(
        (await preflight(origin, '/frontegg/oauth/token')).headers['access-control-allow-origin'],
      ).toBeUndefined();
      const forged = await fromPage(origin, '/frontegg/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: 'anything',
      });
      expectErrorShape(forged, 403);
    }
  });

  it('closes the origin at once when the client stops listing it', async () => {
    const origin = `https://${Date.now()}.reports.acme-foods.test`;
    const client = await createClient({ allowedOrigins: [origin] });
    expect((await preflight(origin, '/frontegg/oauth/token')).headers['access-control-allow-origin']).toBe(
      origin,
    );
    const changed = await asVendor('PATCH', `${CLIENTS}/${client.clientId}`, { allowedOrigins: [] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(
      (await preflight(origin, '/frontegg/oauth/token')).headers['access-control-allow-origin'],
    ).toBeUndefined();
  });
});
