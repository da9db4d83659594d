import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../db/queries/audit-logs.js';
import { updateUser } from '../../../db/queries/users.js';
import { createUser } from '../../../../test/factories.js';
import { API, cookieValue, expectErrorShape, useTestServer } from '../../../../test/harness.js';
import {
  bearer,
  loginOptions,
  passwordLogin,
  postLogin,
  registerPasskey,
  registrationOptions,
  RP,
  setPasskeysStrategy,
} from '../../../../test/passkeys-support.js';
import { SoftwareAuthenticator } from '../../../../test/software-authenticator.js';

const server = useTestServer();
const COOKIE = 'fe_refresh_brizoaccess';

/** A user with one passkey on a software authenticator. */
async function userWithPasskey() {
  const { user } = await createUser(server().db, server().passwords);
  const token = await passwordLogin(server(), user.email);
  const { authenticator } = await registerPasskey(server(), token);
  return { user, authenticator };
}

const auditActions = async (email: string) =>
  (await listAuditLogsByEmail(server().db, email)).map((entry) => entry.action);

beforeAll(async () => {
  await setPasskeysStrategy(server(), true);
});

describe('POST /auth/v1/webauthn/prelogin', () => {
  it('offers request options with no credential list, the same for any caller', async () => {
    const { user } = await userWithPasskey();
    const forUser = await loginOptions(server(), { email: user.email });
    const forNobody = await loginOptions(server(), { email: 'nobody@acme-foods.test' });
    const anonymous = await loginOptions(server());
    for (const options of [forUser, forNobody, anonymous]) {
      expect(options).toMatchObject({
        rpId: 'identity.test',
        userVerification: 'required',
        timeout: 120_000,
      });
      expect(options.allowCredentials ?? []).toEqual([]);
    }
    expect(new Set([forUser.challenge, forNobody.challenge, anonymous.challenge]).size).toBe(3);
  });

  it('accepts the SDK calling it with no body at all', async () => {
    const response = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/webauthn/prelogin`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a number as email', { email: 12 }],
    ['an array', []],
  ])('answers 400 to %s', async (_label, payload) => {
    const response = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/webauthn/prelogin`,
      payload: payload as Record<string, unknown>,
    });
    expectErrorShape(response, 400);
  });
});

describe('POST /auth/v1/webauthn/postlogin', () => {
  it('signs in with a passkey alone: login response, refresh cookie, multi-factor claims, audit', async () => {
    const { user, authenticator } = await userWithPasskey();
    const options = await loginOptions(server());
    const response = await postLogin(server(), authenticator.assert(options, RP));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      tokenType: 'bearer',
      mfaRequired: false,
      userId: user.id,
      userEmail: user.email,
    });
    expect(cookieValue(response, COOKIE)).toBeTruthy();
    expect(body).not.toHaveProperty('refreshToken'); // issue 10: cookie only
    const claims = decodeJwt(body.accessToken);
    expect(claims).toMatchObject({ sub: user.id, amr: expect.arrayContaining(['hwk', 'user', 'mfa']) });

    const me = await server().app.inject({
      method: 'GET',
      url: `${API}/users/v2/me`,
      headers: bearer(body.accessToken),
    });
    expect(me.json()).toMatchObject({ email: user.email });
    expect(await auditActions(user.email)).toContain('User logged in with a passkey');
  });

  it('records the use: the device list shows when it was last used', async () => {
    const { user, authenticator } = await userWithPasskey();
    const response = await postLogin(server(), authenticator.assert(await loginOptions(server()), RP));
    const token = response.json<{ accessToken: string }>().accessToken;
    const list = await server().app.inject({
      method: 'GET',
      url: `${API}/users/webauthn/v1/devices`,
      headers: bearer(token),
    });
    expect(list.json<{ devices: { lastUsedAt: string | null }[] }>().devices[0]?.lastUsedAt).toEqual(
      server().clock.now().toISOString(),
    );
    expect(user).toBeDefined();
  });

  it('refuses a replayed assertion: each challenge signs in once', async () => {
    const { authenticator } = await userWithPasskey();
    const assertion = authenticator.assert(await loginOptions(server()), RP);
    expect((await postLogin(server(), assertion)).statusCode).toBe(200);
    const body = expectErrorShape(await postLogin(server(), assertion), 400);
    expect(body.errorCode).toBe('ER-WEBAUTHN-CHALLENGE-INVALID');
  });

  it('refuses an expired challenge', async () => {
    const { authenticator } = await userWithPasskey();
    const options = await loginOptions(server());
    server().clock.advanceSeconds(301);
    const body = expectErrorShape(await postLogin(server(), authenticator.assert(options, RP)), 400);
    expect(body.errorCode).toBe('ER-WEBAUTHN-CHALLENGE-INVALID');
  });

  it('refuses a challenge issued for another ceremony (adding a passkey)', async () => {
    const { user, authenticator } = await userWithPasskey();
    const token = await passwordLogin(server(), user.email);
    const registration = await registrationOptions(server(), token);
    const body = expectErrorShape(await postLogin(server(), authenticator.assert(registration, RP)), 400);
    expect(body.errorCode).toBe('ER-WEBAUTHN-CHALLENGE-INVALID');
  });

  it('refuses an assertion made for another origin or relying party, and audits it', async () => {
    const { user, authenticator } = await userWithPasskey();
    for (const context of [
      { origin: 'http://evil.test', rpId: 'identity.test' },
      { origin: 'http://identity.test', rpId: 'evil.test' },
    ]) {
      const assertion = authenticator.assert(await loginOptions(server()), context);
      const body = expectErrorShape(await postLogin(server(), assertion), 401);
      expect(body).toEqual({
        errors: ['Failed to authenticate'],
        errorCode: 'ER-WEBAUTHN-AUTHENTICATION-FAILED',
      });
    }
    expect(await auditActions(user.email)).toContain('User failed to log in with a passkey');
  });

  it('refuses a signature counter that does not grow (a cloned authenticator)', async () => {
    const { authenticator } = await userWithPasskey();
    const first = authenticator.assert(await loginOptions(server()), RP, { counter: 5 });
    expect((await postLogin(server(), first)).statusCode).toBe(200);
    for (const counter of [5, 4]) {
      const clone = authenticator.assert(await loginOptions(server()), RP, { counter });
      expectErrorShape(await postLogin(server(), clone), 401);
    }
    const next = authenticator.assert(await loginOptions(server()), RP, { counter: 6 });
    expect((await postLogin(server(), next)).statusCode).toBe(200);
  });

  it('refuses a wrong signature', async () => {
    const { authenticator } = await userWithPasskey();
    const assertion = authenticator.assert(await loginOptions(server()), RP);
    const other = new SoftwareAuthenticator();
    other.register({ challenge: 'x', user: { id: 'y' } }, RP);
    const forged = other.assert({ challenge: 'ignored' }, RP);
    const tampered = {
      ...assertion,
      response: { ...assertion.response, signature: forged.response.signature },
    };
    expectErrorShape(await postLogin(server(), tampered), 401);
  });

  it('refuses a user handle naming another account', async () => {
    const { authenticator } = await userWithPasskey();
    const { user: other } = await createUser(server().db, server().passwords);
    const assertion = authenticator.assert(await loginOptions(server()), RP, {
      userHandle: Buffer.from(other.id).toString('base64url'),
    });
    expectErrorShape(await postLogin(server(), assertion), 401);
  });

  it('refuses an authenticator that did not verify the user', async () => {
    const { authenticator } = await userWithPasskey();
    const lazy = new SoftwareAuthenticator('platform', false);
    const [credential] = authenticator.credentials;
    const assertion = lazy.assert(await loginOptions(server()), RP, { credential });
    expectErrorShape(await postLogin(server(), assertion), 401);
  });

  it('answers an unknown credential like a bad signature, and audits it', async () => {
    const stranger = new SoftwareAuthenticator();
    stranger.register({ challenge: 'x', user: { id: 'y' } }, RP);
    const body = expectErrorShape(
      await postLogin(server(), stranger.assert(await loginOptions(server()), RP)),
      401,
    );
    expect(body.errorCode).toBe('ER-WEBAUTHN-AUTHENTICATION-FAILED');
  });

  it('refuses a locked user', async () => {
    const { user, authenticator } = await userWithPasskey();
    await updateUser(server().db, user.id, { isLocked: true });
    const body = expectErrorShape(
      await postLogin(server(), authenticator.assert(await loginOptions(server()), RP)),
      401,
    );
    expect(body.errorCode).toBe('ER-AUTH-USER-LOCKED');
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['a string as response', { id: 'abc', response: 'nope' }],
    ['a missing signature', { id: 'abc', response: { clientDataJSON: 'YQ', authenticatorData: 'YQ' } }],
    [
      'a non-base64url id',
      { id: 'a/b+c', response: { clientDataJSON: 'YQ', authenticatorData: 'YQ', signature: 'YQ' } },
    ],
    [
      'garbage that decodes to no JSON',
      { id: 'abc', response: { clientDataJSON: 'YQ', authenticatorData: 'YQ', signature: 'YQ' } },
    ],
    [
      'a userHandle of the wrong type',
      {
        id: 'abc',
        response: { clientDataJSON: 'YQ', authenticatorData: 'YQ', signature: 'YQ', userHandle: 7 },
      },
    ],
  ])('answers 400, never 500, to %s', async (_label, payload) => {
    expectErrorShape(await postLogin(server(), payload), 400);
  });

  it('is refused while the Passkeys strategy is off', async () => {
    const { authenticator } = await userWithPasskey();
    const options = await loginOptions(server());
    await setPasskeysStrategy(server(), false);
    try {
      expectErrorShape(
        await server().app.inject({ method: 'POST', url: `${API}/auth/v1/webauthn/prelogin`, payload: {} }),
        400,
      );
      const body = expectErrorShape(await postLogin(server(), authenticator.assert(options, RP)), 400);
      expect(body.errorCode).toBe('ER-WEBAUTHN-PASSKEYS-INACTIVE');
    } finally {
      await setPasskeysStrategy(server(), true);
    }
  });
});
