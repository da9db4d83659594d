import { beforeAll, describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../db/queries/audit-logs.js';
import { createUser } from '../../../../test/factories.js';
import { expectErrorShape, useTestServer } from '../../../../test/harness.js';
import {
  bearer,
  DEVICES,
  passwordLogin,
  registerPasskey,
  registrationOptions,
  RP,
  setPasskeysStrategy,
} from '../../../../test/passkeys-support.js';
import { SoftwareAuthenticator } from '../../../../test/software-authenticator.js';

const server = useTestServer();

const newSignedInUser = async () => {
  const { user } = await createUser(server().db, server().passwords);
  return { user, token: await passwordLogin(server(), user.email) };
};

const verify = (token: string, payload: unknown) =>
  server().app.inject({
    method: 'POST',
    url: `${DEVICES}/verify`,
    headers: bearer(token),
    payload: payload as Record<string, unknown>,
  });

beforeAll(async () => {
  await setPasskeysStrategy(server(), true);
});

describe('adding a passkey (POST /users/webauthn/v1/devices, /verify)', () => {
  it('offers creation options for a discoverable, user-verified credential on this relying party', async () => {
    const { user, token } = await newSignedInUser();
    const options = await registrationOptions(server(), token);
    expect(options).toMatchObject({
      rp: { id: 'identity.test', name: 'Brizo FoodMetrics' },
      user: { id: Buffer.from(user.id).toString('base64url'), name: user.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
      timeout: 120_000,
    });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{32,}$/);
  });

  it('keeps a verified passkey, lists it and audits it', async () => {
    const { user, token } = await newSignedInUser();
    const { device } = await registerPasskey(server(), token);
    expect(device).toMatchObject({ id: expect.any(String), deviceType: 'Platform', lastUsedAt: null });

    const list = await server().app.inject({ method: 'GET', url: DEVICES, headers: bearer(token) });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ devices: [device] });
    const audits = await listAuditLogsByEmail(server().db, user.email);
    expect(audits.map((entry) => entry.action)).toContain('User added a passkey');
  });

  it('excludes the passkeys the user already has', async () => {
    const { token } = await newSignedInUser();
    const { authenticator } = await registerPasskey(server(), token);
    const options = await registrationOptions(server(), token);
    const [credential] = authenticator.credentials;
    expect((options as { excludeCredentials?: { id: string }[] }).excludeCredentials).toEqual([
      expect.objectContaining({ id: Buffer.from(credential!.credentialId).toString('base64url') }),
    ]);
  });

  it('refuses a challenge used twice', async () => {
    const { token } = await newSignedInUser();
    const options = await registrationOptions(server(), token);
    const { json } = new SoftwareAuthenticator().register(options, RP);
    expect((await verify(token, json)).statusCode).toBe(200);
    // The same challenge again, even with another fresh credential.
    const { json: again } = new SoftwareAuthenticator().register(options, RP);
    const body = expectErrorShape(await verify(token, again), 400);
    expect(body.errorCode).toBe('ER-WEBAUTHN-CHALLENGE-INVALID');
  });

  it('refuses a challenge issued to another user', async () => {
    const alice = await newSignedInUser();
    const bob = await newSignedInUser();
    const options = await registrationOptions(server(), alice.token);
    const { json } = new SoftwareAuthenticator().register(options, RP);
    expect(expectErrorShape(await verify(bob.token, json), 400).errorCode).toBe(
      'ER-WEBAUTHN-CHALLENGE-INVALID',
    );
  });

  it('refuses an expired challenge', async () => {
    const { token } = await newSignedInUser();
    const options = await registrationOptions(server(), token);
    server().clock.advanceSeconds(301);
    // The access token expired meanwhile: sign in again; the old challenge stays expired.
    const { user } = await createUser(server().db, server().passwords);
    const fresh = await passwordLogin(server(), user.email);
    const { json } = new SoftwareAuthenticator().register(options, RP);
    expect(expectErrorShape(await verify(fresh, json), 400).errorCode).toBe('ER-WEBAUTHN-CHALLENGE-INVALID');
  });

  it('refuses a credential made for another origin or relying party', async () => {
    const { token } = await newSignedInUser();
    for (const context of [
      { origin: 'http://evil.test', rpId: 'identity.test' },
      { origin: 'http://identity.test', rpId: 'evil.test' },
      { origin: 'https://identity.test', rpId: 'identity.test' },
    ]) {
      const options = await registrationOptions(server(), token);
      const { json } = new SoftwareAuthenticator().register(options, context);
      const body = expectErrorShape(await verify(token, json), 400);
      expect(body.errorCode).toBe('ER-WEBAUTHN-REGISTRATION-FAILED');
    }
  });

  it('refuses an authenticator that does not verify the user', async () => {
    const { token } = await newSignedInUser();
    const options = await registrationOptions(server(), token);
    const { json } = new SoftwareAuthenticator('platform', false).register(options, RP);
    expect(expectErrorShape(await verify(token, json), 400).errorCode).toBe(
      'ER-WEBAUTHN-REGISTRATION-FAILED',
    );
  });

  it('refuses the same credential twice', async () => {
    const { token } = await newSignedInUser();
    const authenticator = new SoftwareAuthenticator();
    const first = authenticator.register(await registrationOptions(server(), token), RP);
    expect((await verify(token, first.json)).statusCode).toBe(200);
    // The same credential attested again under a new challenge.
    const options = await registrationOptions(server(), token);
    const again = authenticator.register(options, RP, first.credential);
    const body = expectErrorShape(await verify(token, again.json), 409);
    expect(body.errorCode).toBe('ER-WEBAUTHN-ALREADY-REGISTERED');
  });

  it('refuses an id other than the attested credential', async () => {
    const { token } = await newSignedInUser();
    const options = await registrationOptions(server(), token);
    const { json } = new SoftwareAuthenticator().register(options, RP);
    const body = expectErrorShape(await verify(token, { ...json, id: 'c29tZW9uZS1lbHNl' }), 400);
    expect(body.errorCode).toBe('ER-WEBAUTHN-REGISTRATION-FAILED');
  });

  it('requires a signed-in user', async () => {
    expectErrorShape(await server().app.inject({ method: 'POST', url: DEVICES }), 401);
    expectErrorShape(await server().app.inject({ method: 'GET', url: DEVICES }), 401);
    expectErrorShape(
      await server().app.inject({
        method: 'POST',
        url: DEVICES,
        headers: { authorization: 'Bearer not-a-token' },
      }),
      401,
    );
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['no response', { id: 'abc' }],
    ['a number as id', { id: 42, response: { clientDataJSON: 'a', attestationObject: 'b' } }],
    [
      'a non-base64url clientDataJSON',
      { id: 'abc', response: { clientDataJSON: 'a b', attestationObject: 'b' } },
    ],
    [
      'an unknown device type',
      { id: 'abc', response: { clientDataJSON: 'a', attestationObject: 'b' }, deviceType: 'Toaster' },
    ],
    [
      'a clientDataJSON that is not JSON',
      { id: 'abc', response: { clientDataJSON: 'bm90IGpzb24', attestationObject: 'b' } },
    ],
  ])('answers 400, never 500, to %s', async (_label, payload) => {
    const { token } = await newSignedInUser();
    const response = await verify(token, payload);
    expectErrorShape(response, 400);
  });

  it('is refused while the Passkeys strategy is off', async () => {
    const { token } = await newSignedInUser();
    await setPasskeysStrategy(server(), false);
    try {
      const body = expectErrorShape(
        await server().app.inject({ method: 'POST', url: DEVICES, headers: bearer(token) }),
        400,
      );
      expect(body).toEqual({
        errors: ['Sign-in with passkeys is not enabled'],
        errorCode: 'ER-WEBAUTHN-PASSKEYS-INACTIVE',
      });
    } finally {
      await setPasskeysStrategy(server(), true);
    }
  });
});

describe('deleting a passkey (DELETE /users/webauthn/v1/devices/:id)', () => {
  it('deletes one of your own passkeys and audits it', async () => {
    const { user, token } = await newSignedInUser();
    const { device } = await registerPasskey(server(), token);
    const response = await server().app.inject({
      method: 'DELETE',
      url: `${DEVICES}/${device.id}`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
    const list = await server().app.inject({ method: 'GET', url: DEVICES, headers: bearer(token) });
    expect(list.json()).toEqual({ devices: [] });
    const audits = await listAuditLogsByEmail(server().db, user.email);
    expect(audits.map((entry) => entry.action)).toContain('User deleted a passkey');
  });

  it("answers 404 for someone else's passkey and leaves it alone", async () => {
    const owner = await newSignedInUser();
    const other = await newSignedInUser();
    const { device } = await registerPasskey(server(), owner.token);
    const response = await server().app.inject({
      method: 'DELETE',
      url: `${DEVICES}/${device.id}`,
      headers: bearer(other.token),
    });
    expect(expectErrorShape(response, 404).errorCode).toBe('ER-WEBAUTHN-PASSKEY-NOT-FOUND');
    const list = await server().app.inject({ method: 'GET', url: DEVICES, headers: bearer(owner.token) });
    expect(list.json<{ devices: unknown[] }>().devices).toHaveLength(1);
  });

  it('answers 400 to an id that is not an id', async () => {
    const { token } = await newSignedInUser();
    const response = await server().app.inject({
      method: 'DELETE',
      url: `${DEVICES}/not-a-uuid`,
      headers: bearer(token),
    });
    expectErrorShape(response, 400);
  });
});
