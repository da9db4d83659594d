import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.js';
import { auditLogs } from '../src/db/schema/index.js';
import { s256Challenge } from '../src/services/oauth/pkce.js';
import { createUser, TEST_PASSWORD } from './factories.js';
import { API, cookieValue, type TestServer } from './harness.js';

export const COOKIE = 'fe_refresh_brizoaccess';
export const OAUTH = '/frontegg/oauth';
/** The built-in client's callback under the test PUBLIC_URL. */
export const CALLBACK = 'http://identity.test/oauth/callback';

/** A verifier like the SDK's (16 characters, SPEC section 9) and its S256 challenge. */
export function pkcePair(length = 16) {
  const verifier = randomBytes(64).toString('base64url').replace(/[-_]/g, 'x').slice(0, length);
  return { verifier, challenge: s256Challenge(verifier) };
}

export function authorizeQuery(
  overrides: Record<string, string | undefined> = {},
  challenge = pkcePair().challenge,
) {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: 'brizo-access',
    scope: 'openid email profile',
    redirect_uri: CALLBACK,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    nonce: 'n-0S6_WzA2Mj',
    state: 'af0ifjsldkj',
    ...overrides,
  };
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined) query.set(key, value);
  return query.toString();
}

/** A signed-in user at the identity origin: the refresh cookie of a password login. */
export async function signedInUser(server: TestServer, roleKeys: string[] = ['bfm-base']) {
  const { user, tenant } = await createUser(server.db, server.passwords, { roleKeys });
  const response = await server.app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user`,
    payload: { email: user.email, password: TEST_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  // The access token is also what the SDK presents as its ID token (id_token_hint) on a hosted logout.
  const accessToken = String(response.json().accessToken);
  return { user, tenant, cookie: cookieValue(response, COOKIE) ?? '', accessToken };
}

export const authorize = (server: TestServer, query: string, cookie?: string) =>
  server.app.inject({
    method: 'GET',
    url: `${OAUTH}/authorize?${query}`,
    ...(cookie === undefined ? {} : { cookies: { [COOKIE]: cookie } }),
  });

export const token = (server: TestServer, payload: Record<string, unknown> | string, contentType?: string) =>
  server.app.inject({
    method: 'POST',
    url: `${OAUTH}/token`,
    payload,
    ...(contentType ? { headers: { 'content-type': contentType } } : {}),
  });

/** Signs in, authorizes with a fresh PKCE pair and returns the code from the callback redirect. */
export async function codeFor(server: TestServer, roleKeys?: string[]) {
  const session = await signedInUser(server, roleKeys);
  const pkce = pkcePair();
  const response = await authorize(server, authorizeQuery({}, pkce.challenge), session.cookie);
  expect(response.statusCode).toBe(302);
  const location = new URL(String(response.headers.location));
  const code = location.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location.href}`);
  return { ...session, ...pkce, code, location };
}

/** Audit entries with this action, newest first. */
export const auditRows = (db: Db, action: string) =>
  db.select().from(auditLogs).where(eq(auditLogs.action, action));
