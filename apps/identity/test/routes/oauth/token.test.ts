import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { refreshTokenFamilies } from '../../../src/db/schema/index.js';
import { AUTHORIZATION_CODE_TTL_SECONDS } from '../../../src/services/oauth/authorization-server.js';
import { REFRESH_REUSE_GRACE_SECONDS } from '../../../src/services/sessions.js';
import { API, cookieValue, expectErrorShape, useTestServer } from '../../harness.js';
import { CALLBACK, codeFor, COOKIE, OAUTH, pkcePair, signedInUser, token } from '../../oauth-helpers.js';

const server = useTestServer();

const exchange = (code: string, verifier: string | undefined, extra: Record<string, unknown> = {}) =>
  token(server(), {
    grant_type: 'authorization_code',
    code,
    redirect_uri: CALLBACK,
    ...(verifier === undefined ? {} : { code_verifier: verifier }),
    ...extra,
  });

const familyOf = async (sessionId: string) => {
  const [row] = await server()
    .db.select()
    .from(refreshTokenFamilies)
    .where(eq(refreshTokenFamilies.id, sessionId));
  return row;
};

const sidOf = (jwt: string) =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()).sid as string;

describe('POST /oauth/token, grant_type=authorization_code', () => {
  it('exchanges a code once for tokens the SDK can use as its bearer', async () => {
    const { code, verifier, user } = await codeFor(server(), ['bfm-base']);
    const response = await exchange(code, verifier);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(cookieValue(response, COOKIE)).toBe(body.refresh_token);
    const me = await server().app.inject({
      method: 'GET',
      url: `${API}/users/v2/me`,
      headers: { authorization: `Bearer ${body.id_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, email: user.email });
    const audit = await listAuditLogsByEmail(server().db, user.email);
    expect(audit.map((entry) => entry.action)).toContain('User logged in with the hosted login');
  });

  it('accepts the standard form-encoded request too', async () => {
    const { code, verifier } = await codeFor(server());
    const form = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      code_verifier: verifier,
      client_id: 'brizo-access',
    }).toString();
    const response = await token(server(), form, 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(200);
  });

  it('a code is single-use: the replay fails and revokes the session it granted', async () => {
    const { code, verifier } = await codeFor(server());
    const first = await exchange(code, verifier);
    expect(first.statusCode).toBe(200);
    const replay = await exchange(code, verifier);
    expect(expectErrorShape(replay, 400).errorCode).toBe('ER-OAUTH-INVALID-GRANT');
    const family = await familyOf(sidOf(first.json().access_token));
    expect(family?.revokedAt).not.toBeNull();
    const refresh = await token(server(), {
      grant_type: 'refresh_token',
      refresh_token: first.json().refresh_token,
    });
    expectErrorShape(refresh, 401);
  });

  it(`a code expires after ${AUTHORIZATION_CODE_TTL_SECONDS} seconds`, async () => {
    const { code, verifier } = await codeFor(server());
    server().clock.advanceSeconds(AUTHORIZATION_CODE_TTL_SECONDS + 1);
    try {
      expect(expectErrorShape(await exchange(code, verifier), 400).errorCode).toBe('ER-OAUTH-INVALID-GRANT');
    } finally {
      server().clock.advanceSeconds(-(AUTHORIZATION_CODE_TTL_SECONDS + 1));
    }
  });

  it('a code still works just before it expires', async () => {
    const { code, verifier } = await codeFor(server());
    server().clock.advanceSeconds(AUTHORIZATION_CODE_TTL_SECONDS - 2);
    try {
      expect((await exchange(code, verifier)).statusCode).toBe(200);
    } finally {
      server().clock.advanceSeconds(-(AUTHORIZATION_CODE_TTL_SECONDS - 2));
    }
  });

  it('rejects a missing code_verifier, and the code is then spent', async () => {
    const { code, verifier } = await codeFor(server());
    expect(expectErrorShape(await exchange(code, undefined), 400).errorCode).toBe('ER-OAUTH-INVALID-GRANT');
    expectErrorShape(await exchange(code, verifier), 400);
  });

  it('rejects a wrong code_verifier', async () => {
    const { code } = await codeFor(server());
    expectErrorShape(await exchange(code, pkcePair().verifier), 400);
  });

  it('rejects the challenge itself sent as the verifier (a plain-method downgrade)', async () => {
    const { code, challenge } = await codeFor(server());
    expectErrorShape(await exchange(code, challenge), 400);
  });

  it('rejects a redirect_uri other than the one of the authorization request', async () => {
    const { code, verifier } = await codeFor(server());
    expectErrorShape(await exchange(code, verifier, { redirect_uri: `${CALLBACK}?x=1` }), 400);
  });

  it('rejects another client_id than the code was issued to', async () => {
    const { code, verifier } = await codeFor(server());
    expectErrorShape(await exchange(code, verifier, { client_id: 'other-client' }), 400);
  });

  it('rejects an unknown code and audits the failure', async () => {
    expect(expectErrorShape(await exchange('made-up', pkcePair().verifier), 400).errorCode).toBe(
      'ER-OAUTH-INVALID-GRANT',
    );
  });

  it('rejects a code whose session was logged out meanwhile', async () => {
    const { code, verifier, cookie, accessToken } = await codeFor(server());
    await server().app.inject({
      method: 'GET',
      url: `${OAUTH}/logout?id_token_hint=${accessToken}`,
      cookies: { [COOKIE]: cookie },
    });
    expectErrorShape(await exchange(code, verifier), 400);
  });

  describe('bad input', () => {
    it.each([
      ['no body', undefined],
      ['no grant_type', { code: 'x' }],
      ['grant_type of the wrong type', { grant_type: 42 }],
      ['code of the wrong type', { grant_type: 'authorization_code', code: ['a'], redirect_uri: CALLBACK }],
      ['no code', { grant_type: 'authorization_code', redirect_uri: CALLBACK }],
      ['no redirect_uri', { grant_type: 'authorization_code', code: 'abc' }],
      ['no refresh_token', { grant_type: 'refresh_token' }],
    ])('%s → 400', async (_name, payload) => {
      const response = await server().app.inject({
        method: 'POST',
        url: `${OAUTH}/token`,
        ...(payload === undefined ? {} : { payload }),
      });
      expectErrorShape(response, 400);
    });

    it('rejects an unsupported grant type', async () => {
      const response = await token(server(), { grant_type: 'password', username: 'a', password: 'b' });
      expect(expectErrorShape(response, 400).errorCode).toBe('ER-OAUTH-UNSUPPORTED-GRANT-TYPE');
    });

    it('rejects malformed JSON without a 500', async () => {
      expectErrorShape(await token(server(), '{"grant_type":', 'application/json'), 400);
    });
  });
});

describe('POST /oauth/token, grant_type=refresh_token', () => {
  it('rotates the refresh token', async () => {
    const { code, verifier } = await codeFor(server());
    const first = (await exchange(code, verifier)).json();
    const refreshed = await token(server(), {
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json().refresh_token).not.toBe(first.refresh_token);
    expect(cookieValue(refreshed, COOKIE)).toBe(refreshed.json().refresh_token);
  });

  it('a reused refresh token revokes its whole family', async () => {
    const { code, verifier } = await codeFor(server());
    const first = (await exchange(code, verifier)).json();
    const second = (
      await token(server(), { grant_type: 'refresh_token', refresh_token: first.refresh_token })
    ).json();
    server().clock.advanceSeconds(REFRESH_REUSE_GRACE_SECONDS + 1);
    const reuse = await token(server(), { grant_type: 'refresh_token', refresh_token: first.refresh_token });
    expectErrorShape(reuse, 401);
    // The thief's replay also kills the legitimate holder's newer token.
    const legit = await token(server(), { grant_type: 'refresh_token', refresh_token: second.refresh_token });
    expectErrorShape(legit, 401);
    expect((await familyOf(sidOf(first.access_token)))?.revokedReason).toBe('refresh token reuse');
  });

  it('rejects an unknown refresh token', async () => {
    expectErrorShape(await token(server(), { grant_type: 'refresh_token', refresh_token: 'nope' }), 401);
  });
});

describe('POST /oauth/authorize/silent', () => {
  const silent = (cookie?: string, payload: Record<string, unknown> = {}) =>
    server().app.inject({
      method: 'POST',
      url: `${OAUTH}/authorize/silent`,
      payload,
      ...(cookie === undefined ? {} : { cookies: { [COOKIE]: cookie } }),
    });

  it('answers tokens for the session cookie and rotates it', async () => {
    const { cookie, user } = await signedInUser(server());
    const response = await silent(cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      id_token: expect.any(String),
      refresh_token: expect.any(String),
    });
    expect(cookieValue(response, COOKIE)).toBe(body.refresh_token);
    expect(JSON.parse(Buffer.from(body.id_token.split('.')[1], 'base64url').toString()).sub).toBe(user.id);
  });

  it('answers 401 in the error shape without a session, and clears the cookie', async () => {
    expectErrorShape(await silent(), 401);
    const unknown = await silent('unknown');
    expectErrorShape(unknown, 401);
    expect(unknown.cookies.find((entry) => entry.name === COOKIE)?.value).toBe('');
  });

  it('rejects a tenantId of the wrong type', async () => {
    const { cookie } = await signedInUser(server());
    expectErrorShape(await silent(cookie, { tenantId: 12 }), 400);
  });
});
