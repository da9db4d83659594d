import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { upsertMfaStrategy } from '../../db/queries/mfa.js';
import { mfaDevices, passkeys, refreshTokenFamilies } from '../../db/schema/index.js';
import { auditCount, failingInserts } from '../../../test/atomic-support.js';
import { createUser } from '../../../test/factories.js';
import { expectErrorShape, json, useTestServer } from '../../../test/harness.js';
import { mfaClient } from '../../../test/mfa-support.js';
import {
  bearer,
  DEVICES,
  loginOptions,
  passwordLogin,
  postLogin,
  registerPasskey,
  registrationOptions,
  RP,
  setPasskeysStrategy,
} from '../../../test/passkeys-support.js';
import { SoftwareAuthenticator } from '../../../test/software-authenticator.js';

// Issue 10: passkey sign-in and registration, and security keys added and removed as a second factor,
// are one transaction each (the spent challenge, the counter, the key, the recovery code, the session,
// the audit rows): when the last statement fails, the same attestation or assertion works again.
const server = useTestServer();
const client = mfaClient(server);
const inserts = failingInserts(server);
const USERS_MFA = '/users/v1/mfa/webauthn';

interface KeyOptions {
  webauthnToken: string;
  options: { challenge: string; user: { id: string } };
}

beforeAll(async () => {
  await setPasskeysStrategy(server(), true);
  await upsertMfaStrategy(server().db, 'WebAuthnCrossPlatform', true, server().clock.now());
});

async function signedIn() {
  const { user } = await createUser(server().db, server().passwords);
  return { user, token: await passwordLogin(server(), user.email) };
}

const passkeysOf = (userId: string) => server().db.select().from(passkeys).where(eq(passkeys.userId, userId));
const keysOf = (userId: string) => server().db.select().from(mfaDevices).where(eq(mfaDevices.userId, userId));
const openSessionsOf = (userId: string) =>
  server()
    .db.select()
    .from(refreshTokenFamilies)
    .where(and(eq(refreshTokenFamilies.userId, userId), isNull(refreshTokenFamilies.revokedAt)));

describe('issue 10: passkeys are atomic', () => {
  it('a passkey sign-in whose session fails records no use and the assertion works again', async () => {
    const { user, token } = await signedIn();
    const { authenticator } = await registerPasskey(server(), token);
    const sessions = (await openSessionsOf(user.id)).length;
    const assertion = authenticator.assert(await loginOptions(server()), RP);

    await inserts.failAudit('User logged in with a passkey');
    expectErrorShape(await postLogin(server(), assertion), 500);
    expect(await openSessionsOf(user.id)).toHaveLength(sessions);
    const [passkey] = await passkeysOf(user.id);
    expect(passkey?.lastUsedAt).toBeNull();
    expect(passkey?.counter).toBe(0);

    await inserts.restore('audit_logs');
    const again = await postLogin(server(), assertion);
    expect(again.statusCode, again.body).toBe(200);
    expect(await openSessionsOf(user.id)).toHaveLength(sessions + 1);
  });

  it('a replayed passkey assertion is still audited as a failed sign-in', async () => {
    const { user, token } = await signedIn();
    const { authenticator } = await registerPasskey(server(), token);
    const assertion = authenticator.assert(await loginOptions(server()), RP);
    expect((await postLogin(server(), assertion)).statusCode).toBe(200);
    const replayed = expectErrorShape(await postLogin(server(), assertion), 400);
    expect(replayed.errorCode).toBe('ER-WEBAUTHN-CHALLENGE-INVALID');
    expect(await auditCount(server(), 'User failed to log in with a passkey', user.id)).toBe(1);
  });

  it('a passkey registration whose audit row fails adds no passkey and the attestation works again', async () => {
    const { user, token } = await signedIn();
    const { json: attestation } = new SoftwareAuthenticator('platform').register(
      await registrationOptions(server(), token),
      RP,
    );
    const register = () =>
      server().app.inject({
        method: 'POST',
        url: `${DEVICES}/verify`,
        headers: bearer(token),
        payload: { id: attestation.id, response: attestation.response, deviceType: 'Platform' },
      });

    await inserts.failAudit('User added a passkey');
    expectErrorShape(await register(), 500);
    expect(await passkeysOf(user.id)).toEqual([]);

    await inserts.restore('audit_logs');
    const again = await register();
    expect(again.statusCode, again.body).toBe(200);
    expect(await passkeysOf(user.id)).toHaveLength(1);
  });
});

describe('issue 10: security keys are atomic', () => {
  async function attested(token: string) {
    const start = await client.post(`${USERS_MFA}/enroll`, undefined, bearer(token));
    const { webauthnToken, options } = json<KeyOptions>(start);
    const key = new SoftwareAuthenticator('cross-platform', false);
    const { json: attestation } = key.register(options, RP);
    const enroll = () =>
      client.post(
        `${USERS_MFA}/enroll/verify`,
        { webauthnToken, deviceType: 'CrossPlatform', options: attestation },
        bearer(token),
      );
    return { key, enroll };
  }

  async function removal(token: string, key: SoftwareAuthenticator, deviceId: string) {
    const started = await client.post(`${USERS_MFA}/${deviceId}/disable`, undefined, bearer(token));
    const { webauthnToken, options } = json<KeyOptions>(started);
    return { webauthnToken, options: key.assert(options, RP) };
  }

  it('a first key whose recovery code fails is not added and the attestation works again', async () => {
    const { user, token } = await signedIn();
    const { enroll } = await attested(token);

    await inserts.fail('mfa_recovery_codes');
    expectErrorShape(await enroll(), 500);
    expect(await keysOf(user.id)).toEqual([]);
    expect(await auditCount(server(), 'User enrolled MFA', user.id)).toBe(0);

    await inserts.restore('mfa_recovery_codes');
    const again = await enroll();
    expect(again.statusCode, again.body).toBe(200);
    expect(json<{ recoveryCode?: string }>(again).recoveryCode).toEqual(expect.any(String));
  });

  it('a key enrolled during a forced login whose session fails is not added', async () => {
    const created = await createUser(server().db, server().passwords);
    await client.setPolicy(created.tenant.id, 'Force');
    const { mfaToken } = await client.mfaChallenge(created.user.email);
    const start = await client.post('/auth/v1/user/mfa/webauthn/enroll', { mfaToken });
    const { webauthnToken, options } = json<KeyOptions>(start);
    const { json: attestation } = new SoftwareAuthenticator('cross-platform', false).register(options, RP);
    const enroll = () =>
      client.post('/auth/v1/user/mfa/webauthn/enroll/verify', {
        mfaToken,
        webauthnToken,
        deviceType: 'CrossPlatform',
        options: { id: attestation.id, response: attestation.response },
      });

    await inserts.fail('refresh_token_families');
    expectErrorShape(await enroll(), 500);
    expect(await keysOf(created.user.id)).toEqual([]);
    expect(await auditCount(server(), 'User enrolled MFA', created.user.id)).toBe(0);

    await inserts.restore('refresh_token_families');
    const again = await enroll();
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a key removal whose audit row fails keeps the key and the assertion works again', async () => {
    const { user, token } = await signedIn();
    const { key, enroll } = await attested(token);
    expect((await enroll()).statusCode).toBe(200);
    const [device] = await keysOf(user.id);
    const deviceId = device?.id ?? '';
    const proof = await removal(token, key, deviceId);
    const remove = () => client.post(`${USERS_MFA}/${deviceId}/disable/verify`, proof, bearer(token));

    await inserts.failAudit('User disabled MFA');
    expectErrorShape(await remove(), 500);
    expect(await keysOf(user.id)).toHaveLength(1);

    await inserts.restore('audit_logs');
    const again = await remove();
    expect(again.statusCode, again.body).toBe(200);
    expect(await keysOf(user.id)).toEqual([]);
  });

  it('a removal refused (an assertion of another key) is still audited and keeps the key', async () => {
    const { user, token } = await signedIn();
    const { enroll } = await attested(token);
    expect((await enroll()).statusCode).toBe(200);
    const [device] = await keysOf(user.id);
    const stranger = new SoftwareAuthenticator('cross-platform');
    stranger.register({ challenge: 'x', user: { id: 'y' } }, RP);
    const proof = await removal(token, stranger, device?.id ?? '');
    const refused = await client.post(`${USERS_MFA}/${device?.id}/disable/verify`, proof, bearer(token));
    expectErrorShape(refused, 401);
    expect(await auditCount(server(), 'User failed MFA', user.id)).toBe(1);
    expect(await keysOf(user.id)).toHaveLength(1);
  });
});
