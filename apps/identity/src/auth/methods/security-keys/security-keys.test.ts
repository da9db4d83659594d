import { beforeAll, describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../db/queries/audit-logs.js';
import { upsertMfaStrategy } from '../../../db/queries/mfa.js';
import { isSteppedUp } from '../../second-factor/step-up.js';
import { createUser } from '../../../../test/factories.js';
import { API, expectErrorShape, json, useTestServer } from '../../../../test/harness.js';
import { claimsOf, mfaClient, type MfaRequired, type Session } from '../../../../test/mfa-support.js';
import { bearer, RP } from '../../../../test/passkeys-support.js';
import { SoftwareAuthenticator } from '../../../../test/software-authenticator.js';

const server = useTestServer();
const client = mfaClient(server);
const MFA = '/auth/v1/user/mfa/webauthn';

interface Options {
  webauthnToken: string;
  options: {
    challenge: string;
    user: { id: string };
    allowCredentials?: { id: string }[];
    authenticatorSelection?: Record<string, unknown>;
  };
}

beforeAll(async () => {
  await upsertMfaStrategy(server().db, 'WebAuthnCrossPlatform', true, server().clock.now());
});

/** A user whose tenant forces MFA, at the enrollment step of a login. */
async function forcedLogin() {
  const created = await createUser(server().db, server().passwords);
  await client.setPolicy(created.tenant.id, 'Force');
  const challenge = await client.mfaChallenge(created.user.email);
  return { ...created, challenge };
}

/** A user who enrolled a security key during a forced login. */
async function enrolledWithKey() {
  const { user, tenant, challenge } = await forcedLogin();
  const key = new SoftwareAuthenticator('cross-platform', false);
  const start = await client.post(`${MFA}/enroll`, { mfaToken: challenge.mfaToken });
  const { webauthnToken, options } = json<Options>(start);
  const { json: attestation } = key.register(options, RP);
  const enrolled = await client.post(`${MFA}/enroll/verify`, {
    mfaToken: challenge.mfaToken,
    webauthnToken,
    deviceType: 'CrossPlatform',
    options: { id: attestation.id, response: attestation.response },
  });
  if (enrolled.statusCode !== 200) throw new Error(`enrollment failed: ${enrolled.body}`);
  return { user, tenant, key, session: json<Session>(enrolled) };
}

/** The next login's mfaToken and the key's device id. */
async function secondLogin(email: string) {
  const challenge: MfaRequired = await client.mfaChallenge(email);
  const devices = challenge.mfaDevices?.webauthn as { id: string }[];
  return { mfaToken: challenge.mfaToken, deviceId: devices[0]?.id ?? '', challenge };
}

async function verificationOptions(deviceId: string, mfaToken: string): Promise<Options> {
  const response = await client.post(`${MFA}/${deviceId}`, { mfaToken });
  if (response.statusCode !== 200) throw new Error(`options failed: ${response.body}`);
  return json<Options>(response);
}

const verify = (deviceId: string, body: Record<string, unknown>) =>
  client.post(`${MFA}/${deviceId}/verify`, body);

describe('enrolling a security key during a forced login', () => {
  it('offers WebAuthn among the strategies and creation options for a roaming key', async () => {
    const { challenge } = await forcedLogin();
    expect(challenge.mfaEnrolled).toBe(false);
    expect(challenge.mfaStrategies).toContain('WebAuthnCrossPlatform');
    const start = await client.post(`${MFA}/enroll`, { mfaToken: challenge.mfaToken });
    expect(start.statusCode).toBe(200);
    const body = json<Options>(start);
    expect(body.webauthnToken).toBe(body.options.challenge);
    expect(body.options.authenticatorSelection).toMatchObject({
      authenticatorAttachment: 'cross-platform',
      residentKey: 'discouraged',
    });
  });

  it('enrolls the key: signs in with a recovery code, hardware-key amr, and the device listed', async () => {
    const { user, session } = await enrolledWithKey();
    expect(session.recoveryCode).toEqual(expect.any(String));
    expect(claimsOf(session.accessToken)).toMatchObject({ amr: ['mfa', 'hwk'] });
    const devices = await server().app.inject({
      method: 'GET',
      url: `${API}/users/v1/mfa/devices`,
      headers: bearer(session.accessToken),
    });
    expect(devices.json()).toMatchObject({
      webauthn: [{ id: expect.any(String), deviceType: 'CrossPlatform', name: 'Security key' }],
    });
    const actions = (await listAuditLogsByEmail(server().db, user.email)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['User enrolled MFA', 'User logged in with MFA']));
  });

  it('refuses an attestation for another enrollment ceremony (webauthnToken mismatch)', async () => {
    const { challenge } = await forcedLogin();
    const first = json<Options>(await client.post(`${MFA}/enroll`, { mfaToken: challenge.mfaToken }));
    const second = json<Options>(await client.post(`${MFA}/enroll`, { mfaToken: challenge.mfaToken }));
    const { json: attestation } = new SoftwareAuthenticator('cross-platform').register(first.options, RP);
    const response = await client.post(`${MFA}/enroll/verify`, {
      mfaToken: challenge.mfaToken,
      webauthnToken: second.webauthnToken,
      deviceType: 'CrossPlatform',
      options: attestation,
    });
    expect(expectErrorShape(response, 400).errorCode).toBe('ER-MFA-INVALID-CODE');
  });

  it('refuses a platform authenticator while only roaming keys are allowed', async () => {
    const { challenge } = await forcedLogin();
    const { webauthnToken, options } = json<Options>(
      await client.post(`${MFA}/enroll`, { mfaToken: challenge.mfaToken }),
    );
    const { json: attestation } = new SoftwareAuthenticator('platform').register(options, RP);
    const response = await client.post(`${MFA}/enroll/verify`, {
      mfaToken: challenge.mfaToken,
      webauthnToken,
      deviceType: 'Platform',
      options: attestation,
    });
    expect(expectErrorShape(response, 400).errorCode).toBe('ER-MFA-STRATEGY-INACTIVE');
  });

  it('does not let a password alone add a key to an account that already has MFA', async () => {
    const { user } = await enrolledWithKey();
    const { mfaToken } = await secondLogin(user.email);
    const response = await client.post(`${MFA}/enroll`, { mfaToken });
    expect(expectErrorShape(response, 409).errorCode).toBe('ER-MFA-ALREADY-ENROLLED');
  });

  it('is refused while no WebAuthn strategy is active', async () => {
    const { challenge } = await forcedLogin();
    await upsertMfaStrategy(server().db, 'WebAuthnCrossPlatform', false, server().clock.now());
    try {
      const response = await client.post(`${MFA}/enroll`, { mfaToken: challenge.mfaToken });
      expect(expectErrorShape(response, 400).errorCode).toBe('ER-MFA-STRATEGY-INACTIVE');
    } finally {
      await upsertMfaStrategy(server().db, 'WebAuthnCrossPlatform', true, server().clock.now());
    }
  });
});

describe('verifying with a security key', () => {
  it('passes MFA with the key: session, hardware-key amr that satisfies step-up', async () => {
    const { user, key } = await enrolledWithKey();
    const { mfaToken, deviceId, challenge } = await secondLogin(user.email);
    expect(challenge.mfaDevices?.webauthn).toEqual([
      { id: deviceId, deviceType: 'CrossPlatform', name: 'Security key' },
    ]);
    const { webauthnToken, options } = await verificationOptions(deviceId, mfaToken);
    expect(options.allowCredentials).toEqual([
      expect.objectContaining({ id: Buffer.from(key.credentials[0]!.credentialId).toString('base64url') }),
    ]);
    const response = await verify(deviceId, { mfaToken, webauthnToken, options: key.assert(options, RP) });
    expect(response.statusCode).toBe(200);
    const claims = claimsOf(json<Session>(response).accessToken);
    expect(isSteppedUp(claims, server().clock.now(), 60)).toBe(true);
  });

  it('refuses a replayed assertion (the ceremony challenge is single use)', async () => {
    const { user, key } = await enrolledWithKey();
    const first = await secondLogin(user.email);
    const { webauthnToken, options } = await verificationOptions(first.deviceId, first.mfaToken);
    const assertion = key.assert(options, RP);
    expect(
      (await verify(first.deviceId, { mfaToken: first.mfaToken, webauthnToken, options: assertion }))
        .statusCode,
    ).toBe(200);
    const second = await secondLogin(user.email);
    const replay = await verify(second.deviceId, {
      mfaToken: second.mfaToken,
      webauthnToken,
      options: assertion,
    });
    expect(expectErrorShape(replay, 400).errorCode).toBe('ER-MFA-INVALID-CODE');
  });

  it('refuses an assertion made for another origin or relying party', async () => {
    const { user, key } = await enrolledWithKey();
    const { mfaToken, deviceId } = await secondLogin(user.email);
    for (const context of [
      { origin: 'http://evil.test', rpId: 'identity.test' },
      { origin: 'http://identity.test', rpId: 'evil.test' },
    ]) {
      const { webauthnToken, options } = await verificationOptions(deviceId, mfaToken);
      const response = await verify(deviceId, {
        mfaToken,
        webauthnToken,
        options: key.assert(options, context),
      });
      expect(expectErrorShape(response, 400).errorCode).toBe('ER-MFA-INVALID-CODE');
    }
  });

  it('refuses a signature counter that does not grow (a cloned key)', async () => {
    const { user, key } = await enrolledWithKey();
    const first = await secondLogin(user.email);
    const opts = await verificationOptions(first.deviceId, first.mfaToken);
    const ok = await verify(first.deviceId, {
      mfaToken: first.mfaToken,
      webauthnToken: opts.webauthnToken,
      options: key.assert(opts.options, RP, { counter: 10 }),
    });
    expect(ok.statusCode).toBe(200);
    const second = await secondLogin(user.email);
    const again = await verificationOptions(second.deviceId, second.mfaToken);
    const clone = await verify(second.deviceId, {
      mfaToken: second.mfaToken,
      webauthnToken: again.webauthnToken,
      options: key.assert(again.options, RP, { counter: 10 }),
    });
    expect(expectErrorShape(clone, 400).errorCode).toBe('ER-MFA-INVALID-CODE');
  });

  it("refuses another user's key id and an unknown device", async () => {
    const alice = await enrolledWithKey();
    const bob = await enrolledWithKey();
    const { mfaToken } = await secondLogin(alice.user.email);
    const bobs = await secondLogin(bob.user.email);
    expect(expectErrorShape(await client.post(`${MFA}/${bobs.deviceId}`, { mfaToken }), 404).errorCode).toBe(
      'ER-MFA-DEVICE-NOT-FOUND',
    );
  });

  it('closes the mfaToken after too many failed assertions', async () => {
    const { user } = await enrolledWithKey();
    const { mfaToken, deviceId } = await secondLogin(user.email);
    const stranger = new SoftwareAuthenticator('cross-platform');
    stranger.register({ challenge: 'x', user: { id: 'y' } }, RP);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { webauthnToken, options } = await verificationOptions(deviceId, mfaToken);
      statuses.push(
        (await verify(deviceId, { mfaToken, webauthnToken, options: stranger.assert(options, RP) }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    expectErrorShape(await client.post(`${MFA}/${deviceId}`, { mfaToken }), 401);
  });

  it('answers 401 to an unknown mfaToken', async () => {
    const { user } = await enrolledWithKey();
    const { deviceId } = await secondLogin(user.email);
    expect(
      expectErrorShape(await client.post(`${MFA}/${deviceId}`, { mfaToken: 'nope' }), 401).errorCode,
    ).toBe('ER-MFA-TOKEN-INVALID');
  });

  it.each([
    ['no body', `${MFA}/00000000-0000-4000-8000-000000000000`, undefined],
    ['a device id that is not an id', `${MFA}/not-an-id`, { mfaToken: 'x' }],
    ['no mfaToken', `${MFA}/enroll`, {}],
    [
      'no options',
      `${MFA}/00000000-0000-4000-8000-000000000000/verify`,
      { mfaToken: 'x', webauthnToken: 'y' },
    ],
    [
      'options of the wrong shape',
      `${MFA}/00000000-0000-4000-8000-000000000000/verify`,
      { mfaToken: 'x', webauthnToken: 'y', options: { id: 1 } },
    ],
    [
      'an unknown device type',
      `${MFA}/enroll/verify`,
      {
        mfaToken: 'x',
        webauthnToken: 'y',
        deviceType: 'Phone',
        options: { id: 'abc', response: { clientDataJSON: 'YQ', attestationObject: 'YQ' } },
      },
    ],
  ])('answers 400, never 500, to %s', async (_label, path, payload) => {
    expectErrorShape(await client.post(path, payload), 400);
  });
});

describe("a signed-in user's security keys (POST /users/v1/mfa/webauthn/...)", () => {
  const USERS_MFA = '/users/v1/mfa/webauthn';

  async function signedInUser() {
    const { user } = await createUser(server().db, server().passwords);
    const login = await client.login(user.email);
    return { user, token: json<Session>(login).accessToken };
  }

  async function addKey(token: string, key = new SoftwareAuthenticator('cross-platform', false)) {
    const start = await client.post(`${USERS_MFA}/enroll`, undefined, bearer(token));
    const { webauthnToken, options } = json<Options>(start);
    const { json: attestation } = key.register(options, RP);
    const response = await client.post(
      `${USERS_MFA}/enroll/verify`,
      { webauthnToken, deviceType: 'CrossPlatform', options: attestation },
      bearer(token),
    );
    return { key, response };
  }

  const keysOf = async (token: string) =>
    (
      await server().app.inject({ method: 'GET', url: `${API}/users/v1/mfa/devices`, headers: bearer(token) })
    ).json<{ webauthn: { id: string }[] }>().webauthn;

  it('adds a first key with a recovery code, a second one without; the next login asks for a key', async () => {
    const { user, token } = await signedInUser();
    const first = await addKey(token);
    expect(first.response.statusCode).toBe(200);
    expect(json(first.response)).toEqual({ recoveryCode: expect.any(String) });
    const second = await addKey(token);
    expect(json(second.response)).toEqual({});
    expect(await keysOf(token)).toHaveLength(2);

    const challenge = await client.mfaChallenge(user.email);
    expect(challenge.mfaDevices?.webauthn).toHaveLength(2);
  });

  it('refuses the same key twice', async () => {
    const { token } = await signedInUser();
    const { key } = await addKey(token);
    const start = json<Options>(await client.post(`${USERS_MFA}/enroll`, undefined, bearer(token)));
    const again = key.register(start.options, RP, key.credentials[0]);
    const response = await client.post(
      `${USERS_MFA}/enroll/verify`,
      { webauthnToken: start.webauthnToken, deviceType: 'CrossPlatform', options: again.json },
      bearer(token),
    );
    expect(expectErrorShape(response, 409).errorCode).toBe('ER-WEBAUTHN-ALREADY-REGISTERED');
  });

  it('removes a key only with an assertion of that key, and audits it', async () => {
    const { user, token } = await signedInUser();
    const { key } = await addKey(token);
    const [device] = await keysOf(token);
    const deviceId = device?.id ?? '';

    const stranger = new SoftwareAuthenticator('cross-platform');
    stranger.register({ challenge: 'x', user: { id: 'y' } }, RP);
    const first = json<Options>(
      await client.post(`${USERS_MFA}/${deviceId}/disable`, undefined, bearer(token)),
    );
    const refused = await client.post(
      `${USERS_MFA}/${deviceId}/disable/verify`,
      { webauthnToken: first.webauthnToken, options: stranger.assert(first.options, RP) },
      bearer(token),
    );
    expect(expectErrorShape(refused, 401).errorCode).toBe('ER-WEBAUTHN-AUTHENTICATION-FAILED');
    expect(await keysOf(token)).toHaveLength(1);

    const second = json<Options>(
      await client.post(`${USERS_MFA}/${deviceId}/disable`, undefined, bearer(token)),
    );
    const removed = await client.post(
      `${USERS_MFA}/${deviceId}/disable/verify`,
      { webauthnToken: second.webauthnToken, options: key.assert(second.options, RP) },
      bearer(token),
    );
    expect(removed.statusCode).toBe(200);
    expect(await keysOf(token)).toEqual([]);
    const actions = (await listAuditLogsByEmail(server().db, user.email)).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['User disabled MFA', 'User failed MFA']));
  });

  it("cannot touch another user's key", async () => {
    const owner = await signedInUser();
    const other = await signedInUser();
    await addKey(owner.token);
    const [device] = await keysOf(owner.token);
    const response = await client.post(`${USERS_MFA}/${device?.id}/disable`, undefined, bearer(other.token));
    expect(expectErrorShape(response, 404).errorCode).toBe('ER-MFA-DEVICE-NOT-FOUND');
  });

  it('requires a signed-in user and well-formed input', async () => {
    expectErrorShape(await client.post(`${USERS_MFA}/enroll`), 401);
    const { token } = await signedInUser();
    expectErrorShape(await client.post(`${USERS_MFA}/enroll/verify`, {}, bearer(token)), 400);
    expectErrorShape(await client.post(`${USERS_MFA}/not-an-id/disable`, undefined, bearer(token)), 400);
    expectErrorShape(
      await client.post(
        `${USERS_MFA}/enroll/verify`,
        {
          webauthnToken: 'x',
          deviceType: 'CrossPlatform',
          options: { id: 'abc', response: { clientDataJSON: 'YQ', attestationObject: 'YQ' } },
        },
        bearer(token),
      ),
      400,
    );
  });
});
