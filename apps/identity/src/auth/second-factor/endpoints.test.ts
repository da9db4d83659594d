import { describe, expect, it } from 'vitest';
import { isSteppedUp, STEP_UP_ACR } from './step-up.js';
import { createUser } from '../../../test/factories.js';
import { API, expectErrorShape, json, useTestServer } from '../../../test/harness.js';
import { claimsOf, mfaClient, secretOf, totpCode, type Session } from '../../../test/mfa-support.js';

// Issue 3, MFA slice: bad input on every MFA endpoint, the policy, self-service enrollment, step-up.
const server = useTestServer();
const client = mfaClient(server);
const { post } = client;
const now = () => server().clock.now();
const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
const unknownToken = 'a'.repeat(43);
const deviceId = '00000000-0000-4000-8000-000000000000';

const signIn = async (roleKeys: string[] = [], superUser = false) => {
  const { user, tenant } = await createUser(server().db, server().passwords, { roleKeys, superUser });
  const session = json<Session>(await client.login(user.email));
  return { user, tenant, session };
};

describe('bad input on the login MFA endpoints: 400 with the error shape, never a 500', () => {
  const cases: [string, unknown][] = [
    ['/auth/v1/user/mfa/verify', {}],
    ['/auth/v1/user/mfa/verify', { mfaToken: 7, value: '123456' }],
    ['/auth/v1/user/mfa/verify', { mfaToken: unknownToken, value: '' }],
    ['/auth/v1/user/mfa/verify', { mfaToken: unknownToken, value: ['123456'] }],
    ['/auth/v1/user/mfa/verify', { mfaToken: unknownToken, value: '123456', rememberDevice: 'yes' }],
    [`/auth/v1/user/mfa/authenticator/${deviceId}/verify`, { mfaToken: unknownToken, value: '12345' }],
    ['/auth/v1/user/mfa/authenticator/not-a-uuid/verify', { mfaToken: unknownToken, value: '123456' }],
    ['/auth/v1/user/mfa/authenticator/enroll', {}],
    ['/auth/v1/user/mfa/authenticator/enroll/verify', { mfaToken: unknownToken, token: 'abcdef' }],
    ['/auth/v1/user/mfa/authenticator/enroll/verify', { mfaToken: unknownToken }],
    ['/auth/v1/user/mfa/emailcode', { mfaToken: null }],
    [
      '/auth/v1/user/mfa/emailcode/verify',
      { mfaToken: unknownToken, otcToken: unknownToken, code: '1234567' },
    ],
    ['/auth/v1/user/mfa/emailcode/verify', { mfaToken: unknownToken, code: '123456' }],
    ['/auth/v1/user/mfa/sms/enroll', { mfaToken: unknownToken }],
    ['/auth/v1/user/mfa/sms/enroll', { mfaToken: unknownToken, phoneNumber: 15550100 }],
    ['/auth/v1/user/mfa/sms/enroll/verify', { mfaToken: unknownToken, otcToken: unknownToken }],
    ['/auth/v1/user/mfa/sms/not-a-uuid', { mfaToken: unknownToken }],
    [`/auth/v1/user/mfa/sms/${deviceId}/verify`, { mfaToken: unknownToken, otcToken: 1, code: '123456' }],
    ['/auth/v1/user/mfa/recover', { email: 'not-an-email', recoveryCode: 'X' }],
    ['/auth/v1/user/mfa/recover', { email: 'someone@acme-foods.test' }],
  ];
  it.each(cases)('POST %s %j', async (path, payload) => {
    expectErrorShape(await post(path, payload), 400);
  });

  it('answers 400 for a body that is not JSON and 401 for an unknown or missing mfaToken', async () => {
    const raw = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user/mfa/verify`,
      headers: { 'content-type': 'application/json' },
      payload: '{"mfaToken":',
    });
    expectErrorShape(raw, 400);
    expectErrorShape(
      await post('/auth/v1/user/mfa/verify', { mfaToken: unknownToken, value: '123456' }),
      401,
    );
    expectErrorShape(await post('/auth/v1/user/mfa/emailcode', { mfaToken: unknownToken }), 401);
    expectErrorShape(await post(`/auth/v1/user/mfa/sms/${deviceId}`, { mfaToken: unknownToken }), 401);
    const offer = await server().app.inject({
      method: 'GET',
      url: `${API}/configurations/v1/mfa-policy/allow-remember-device`,
    });
    expectErrorShape(offer, 400);
    const unknown = await server().app.inject({
      method: 'GET',
      url: `${API}/configurations/v1/mfa-policy/allow-remember-device?mfaToken=${unknownToken}`,
    });
    expectErrorShape(unknown, 401);
  });

  it('does not accept a login mfaToken at the self-service endpoints, nor a step-up token for enrollment', async () => {
    const { user, secret } = await client.enrolledUser();
    const challenge = await client.mfaChallenge(user.email);
    expectErrorShape(
      await server().app.inject({
        method: 'GET',
        url: `${API}/users/v1/mfa/devices`,
        headers: bearer(challenge.mfaToken),
      }),
      401,
    );
    const session = json<Session>(
      await post('/auth/v1/user/mfa/verify', {
        mfaToken: challenge.mfaToken,
        value: totpCode(secret, now()),
      }),
    );
    const stepUp = json<{ mfaToken: string }>(
      await post('/auth/v1/user/step-up/generate', { maxAge: 60 }, bearer(session.accessToken)),
    );
    expectErrorShape(
      await post('/auth/v1/user/mfa/authenticator/enroll', { mfaToken: stepUp.mfaToken }),
      401,
    );
  });
});

describe('MFA policy', () => {
  it('needs fe.secure.read.securityPolicy (issue 4); defaults to DontForce with 14 remembered days', async () => {
    expectErrorShape(
      await server().app.inject({ method: 'GET', url: `${API}/configurations/v1/mfa-policy` }),
      401,
    );
    const member = await signIn();
    expectErrorShape(
      await server().app.inject({
        method: 'GET',
        url: `${API}/configurations/v1/mfa-policy`,
        headers: bearer(member.session.accessToken),
      }),
      403,
    );
    const { session } = await signIn(['ReadOnly']);
    const policy = await server().app.inject({
      method: 'GET',
      url: `${API}/configurations/v1/mfa-policy`,
      headers: bearer(session.accessToken),
    });
    expect(json(policy)).toMatchObject({
      enforceMFAType: 'DontForce',
      allowRememberMyDevice: true,
      mfaDeviceExpiration: 1209600,
    });
  });

  it('lets only an administrator change it, and validates the body', async () => {
    const { session } = await signIn();
    const denied = await post(
      '/configurations/v1/mfa-policy',
      { enforceMFAType: 'Force' },
      bearer(session.accessToken),
    );
    expect(expectErrorShape(denied, 403).errorCode).toBe('ER-ADMIN-FORBIDDEN');
    const readOnly = await signIn(['ReadOnly']);
    expectErrorShape(
      await post(
        '/configurations/v1/mfa-policy',
        { enforceMFAType: 'Force' },
        bearer(readOnly.session.accessToken),
      ),
      403,
    );

    const admin = await signIn(['Admin']);
    const headers = bearer(admin.session.accessToken);
    expectErrorShape(await post('/configurations/v1/mfa-policy', { enforceMFAType: 'Always' }, headers), 400);
    expectErrorShape(await post('/configurations/v1/mfa-policy', { mfaDeviceExpiration: -1 }, headers), 400);
    expectErrorShape(
      await post('/configurations/v1/mfa-policy', { allowRememberMyDevice: 'no' }, headers),
      400,
    );
    const saved = await post(
      '/configurations/v1/mfa-policy',
      { enforceMFAType: 'Force', mfaDeviceExpiration: 86400 },
      headers,
    );
    expect(json(saved)).toMatchObject({
      enforceMFAType: 'Force',
      allowRememberMyDevice: true,
      mfaDeviceExpiration: 86400,
    });

    // A member of that tenant now enrolls at login.
    const { user } = await createUser(server().db, server().passwords, { tenant: admin.tenant });
    const forced = await client.mfaChallenge(user.email);
    expect(forced.mfaEnrolled).toBe(false);
  });

  it('lists the MFA strategies; only the vendor (a superuser) turns one off, for every tenant', async () => {
    const strategies = await server().app.inject({
      method: 'GET',
      url: `${API}/configurations/v1/mfa/strategies`,
    });
    expect(json(strategies)).toMatchObject({
      strategies: expect.arrayContaining([{ strategy: 'AuthenticatorApp', isActive: true }]),
    });
    const { session } = await signIn();
    expectErrorShape(
      await post(
        '/configurations/v1/mfa/strategies',
        { strategy: 'SMS', isActive: false },
        bearer(session.accessToken),
      ),
      403,
    );
    const admin = await signIn(['Admin']);
    const refused = await post(
      '/configurations/v1/mfa/strategies',
      { strategy: 'AuthenticatorApp', isActive: false },
      bearer(admin.session.accessToken),
    );
    expect(expectErrorShape(refused, 403).errorCode).toBe('ER-ADMIN-VENDOR-ONLY');
    expect(json(strategies)).toEqual(
      json(await server().app.inject({ method: 'GET', url: `${API}/configurations/v1/mfa/strategies` })),
    );

    const vendor = bearer((await signIn([], true)).session.accessToken);
    expectErrorShape(
      await post('/configurations/v1/mfa/strategies', { strategy: 'Carrier pigeon', isActive: true }, vendor),
      400,
    );
    const off = await post('/configurations/v1/mfa/strategies', { strategy: 'SMS', isActive: false }, vendor);
    expect(json(off)).toMatchObject({
      strategies: expect.arrayContaining([{ strategy: 'SMS', isActive: false }]),
    });
    const on = await post('/configurations/v1/mfa/strategies', { strategy: 'SMS', isActive: true }, vendor);
    expect(json(on)).toMatchObject({
      strategies: expect.arrayContaining([{ strategy: 'SMS', isActive: true }]),
    });
  });
});

describe('self-service authenticator enrollment', () => {
  it('enrolls with a code, answers a recovery code, lists the device and disables it with a current code', async () => {
    const { session } = await signIn();
    const headers = bearer(session.accessToken);
    expectErrorShape(await post('/users/v1/mfa/authenticator/enroll'), 401);
    const { qrCode } = json<{ qrCode: string }>(
      await post('/users/v1/mfa/authenticator/enroll', undefined, headers),
    );
    const secret = secretOf(qrCode);
    expectErrorShape(
      await post('/users/v1/mfa/authenticator/enroll/verify', { token: 'nope' }, headers),
      400,
    );
    const verified = await post(
      '/users/v1/mfa/authenticator/enroll/verify',
      { token: totpCode(secret, now()) },
      headers,
    );
    expect(json(verified)).toEqual({ recoveryCode: expect.any(String) });
    expectErrorShape(await post('/users/v1/mfa/authenticator/enroll', undefined, headers), 409);

    const devices = json<{ authenticators: { id: string }[] }>(
      await server().app.inject({ method: 'GET', url: `${API}/users/v1/mfa/devices`, headers }),
    );
    const id = devices.authenticators[0]?.id ?? '';
    // The enrollment code's step is spent.
    expectErrorShape(
      await post(
        `/users/v1/mfa/authenticator/${id}/disable/verify`,
        { token: totpCode(secret, now()) },
        headers,
      ),
      400,
    );
    server().clock.advanceSeconds(30);
    const disabled = await post(
      `/users/v1/mfa/authenticator/${id}/disable/verify`,
      { token: totpCode(secret, now()) },
      headers,
    );
    expect(disabled.statusCode).toBe(200);
  });
});

describe('step-up', () => {
  it("answers 'MFA is not enrolled' for a user without a factor, 401 without a token", async () => {
    expectErrorShape(await post('/auth/v1/user/step-up/generate', { maxAge: 60 }), 401);
    const { session } = await signIn();
    const response = await post(
      '/auth/v1/user/step-up/generate',
      { maxAge: 60 },
      bearer(session.accessToken),
    );
    expect(expectErrorShape(response, 400).errors).toEqual(['MFA is not enrolled']);
    expectErrorShape(
      await post('/auth/v1/user/step-up/generate', { maxAge: 'soon' }, bearer(session.accessToken)),
      400,
    );
  });

  it('gives an enrolled user an mfaToken and devices; the verified token satisfies step-up', async () => {
    const { user, secret } = await client.enrolledUser();
    const challenge = await client.mfaChallenge(user.email);
    const session = json<Session>(
      await post('/auth/v1/user/mfa/verify', {
        mfaToken: challenge.mfaToken,
        value: totpCode(secret, now()),
      }),
    );
    server().clock.advanceSeconds(30);
    const generated = await post(
      '/auth/v1/user/step-up/generate',
      { maxAge: 60 },
      bearer(session.accessToken),
    );
    expect(json(generated)).toMatchObject({
      mfaToken: expect.any(String),
      mfaDevices: { authenticators: [{ id: expect.any(String) }] },
    });
    const stepped = json<Session>(
      await post('/auth/v1/user/mfa/verify', {
        mfaToken: json<{ mfaToken: string }>(generated).mfaToken,
        value: totpCode(secret, now()),
      }),
    );
    const claims = claimsOf(stepped.accessToken) as { acr?: string; amr?: string[]; auth_time?: number };
    expect(isSteppedUp(claims, now(), 60)).toBe(true);
    expect(isSteppedUp(claims, new Date(now().getTime() + 61_000), 60)).toBe(false);
  });

  it.each([
    [{ acr: STEP_UP_ACR, amr: ['mfa', 'otp'], auth_time: 1000 }, undefined, true],
    [{ acr: STEP_UP_ACR, amr: ['mfa', 'sms'], auth_time: 1000 }, 100, true],
    [{ acr: STEP_UP_ACR, amr: ['mfa', 'hwk'], auth_time: 800 }, 100, false],
    [{ acr: 'urn:other', amr: ['mfa', 'otp'], auth_time: 1000 }, undefined, false],
    [{ acr: STEP_UP_ACR, amr: ['otp'], auth_time: 1000 }, undefined, false],
    [{ acr: STEP_UP_ACR, amr: ['mfa', 'rcv'], auth_time: 1000 }, undefined, false],
    [{ acr: STEP_UP_ACR, amr: ['mfa', 'otp'] }, 100, false],
    [{}, undefined, false],
  ])('isSteppedUp(%j, maxAge %s) is %s', (claims, maxAge, expected) => {
    expect(isSteppedUp(claims, new Date(1_050_000), maxAge)).toBe(expected);
  });
});
