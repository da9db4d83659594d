import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../db/queries/audit-logs.js';
import { findUserById } from '../../db/queries/users.js';
import { MFA_CODE_TTL_SECONDS, MFA_MAX_ATTEMPTS, MFA_TOKEN_TTL_SECONDS } from './service.js';
import { STEP_UP_ACR } from './step-up.js';
import { createUser } from '../../../test/factories.js';
import {
  API,
  cookieValue,
  expectErrorShape,
  json,
  linkFromMail,
  useTestServer,
} from '../../../test/harness.js';
import {
  claimsOf,
  mfaClient,
  secretOf,
  totpCode,
  type MfaRequired,
  type Session,
} from '../../../test/mfa-support.js';

// Issue 3, MFA slice: the second factor of a password login.
const server = useTestServer();
const client = mfaClient(server);
const { post } = client;
const now = () => server().clock.now();
const trustedCookie = 'fe_mfa_device_brizoaccess';

describe('MFA at password login', () => {
  it('signs in directly when the user has no factor and the policy does not force one', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const response = await client.login(user.email);
    expect(response.statusCode).toBe(200);
    expect(json(response)).toMatchObject({ mfaRequired: false, accessToken: expect.any(String) });
  });

  it("forces enrollment under the tenant's Force policy: QR secret, 6-digit proof, recovery code, step-up claims", async () => {
    const { user, tenant } = await createUser(server().db, server().passwords);
    await client.setPolicy(tenant.id, 'Force');
    const response = await client.login(user.email);
    expect(response.statusCode).toBe(200);
    expect(cookieValue(response, 'fe_refresh_brizoaccess')).toBeUndefined();
    const challenge = json<MfaRequired & { accessToken?: string }>(response);
    expect(challenge).toMatchObject({
      mfaRequired: true,
      mfaEnrolled: false,
      userEmail: user.email,
      mfaStrategies: expect.arrayContaining(['AuthenticatorApp', 'SMS', 'EmailCode']),
    });
    expect(challenge.accessToken).toBeUndefined();
    expect(challenge.qrCode).toMatch(/^otpauth:\/\/totp\/Brizo%20FoodMetrics:.+secret=[A-Z2-7]+/);

    const offer = await server().app.inject({
      method: 'GET',
      url: `${API}/configurations/v1/mfa-policy/allow-remember-device?mfaToken=${challenge.mfaToken}`,
    });
    expect(json(offer)).toEqual({ isAllowedToRemember: true, mfaDeviceExpiration: 14 * 24 * 3600 });

    const secret = secretOf(challenge.qrCode ?? '');
    const wrong = await post('/auth/v1/user/mfa/authenticator/enroll/verify', {
      mfaToken: challenge.mfaToken,
      token: totpCode(secret, now(), 5),
    });
    expectErrorShape(wrong, 400);

    const enrolled = await post('/auth/v1/user/mfa/authenticator/enroll/verify', {
      mfaToken: challenge.mfaToken,
      token: totpCode(secret, now()),
    });
    expect(enrolled.statusCode).toBe(200);
    const session = json<Session>(enrolled);
    expect(session.recoveryCode).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){4}$/);
    expect(cookieValue(enrolled, 'fe_refresh_brizoaccess')).toBeTruthy();
    expect(session).not.toHaveProperty('refreshToken'); // issue 10: cookie only
    const claims = claimsOf(session.accessToken);
    expect(claims).toMatchObject({ sub: user.id, acr: STEP_UP_ACR, amr: ['mfa', 'otp'] });
    expect(claims.auth_time).toBe(Math.floor(now().getTime() / 1000));

    // The mfaToken is spent.
    const again = await post('/auth/v1/user/mfa/authenticator/enroll/verify', {
      mfaToken: challenge.mfaToken,
      token: totpCode(secret, now()),
    });
    expectErrorShape(again, 401);

    const devices = await server().app.inject({
      method: 'GET',
      url: `${API}/users/v1/mfa/devices`,
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(json(devices)).toMatchObject({
      authenticators: [{ id: expect.any(String) }],
      phones: [],
      emails: [],
    });
  });

  it('asks an enrolled user for a code and signs them in with the current one', async () => {
    const { user, secret } = await client.enrolledUser();
    const challenge = await client.mfaChallenge(user.email);
    expect(challenge).toMatchObject({
      mfaEnrolled: true,
      mfaDevices: { authenticators: [{ id: expect.any(String) }] },
    });
    const verified = await post('/auth/v1/user/mfa/verify', {
      mfaToken: challenge.mfaToken,
      value: totpCode(secret, now()),
    });
    expect(verified.statusCode).toBe(200);
    expect(json(verified)).toMatchObject({ mfaRequired: false, userId: user.id });
    expect(cookieValue(verified, 'fe_refresh_brizoaccess')).toBeTruthy();
    expect(cookieValue(verified, trustedCookie)).toBeUndefined();
  });

  it('verifies a code of one device at /user/mfa/authenticator/{deviceId}/verify', async () => {
    const { user, secret } = await client.enrolledUser();
    const challenge = await client.mfaChallenge(user.email);
    const deviceId = challenge.mfaDevices?.authenticators[0]?.id ?? '';
    const other = await post(`/auth/v1/user/mfa/authenticator/${crypto.randomUUID()}/verify`, {
      mfaToken: challenge.mfaToken,
      value: totpCode(secret, now()),
    });
    expectErrorShape(other, 404);
    const verified = await post(`/auth/v1/user/mfa/authenticator/${deviceId}/verify`, {
      mfaToken: challenge.mfaToken,
      value: totpCode(secret, now()),
    });
    expect(verified.statusCode).toBe(200);
  });
});

describe('MFA security', () => {
  it('refuses a TOTP code replayed within its window (and an older code after a newer one)', async () => {
    const { user, secret } = await client.enrolledUser();
    const code = totpCode(secret, now());
    const first = await client.mfaChallenge(user.email);
    expect(
      (await post('/auth/v1/user/mfa/verify', { mfaToken: first.mfaToken, value: code })).statusCode,
    ).toBe(200);

    const second = await client.mfaChallenge(user.email);
    const replay = await post('/auth/v1/user/mfa/verify', { mfaToken: second.mfaToken, value: code });
    expect(expectErrorShape(replay, 400).errorCode).toBe('ER-MFA-INVALID-CODE');
    const previous = await post('/auth/v1/user/mfa/verify', {
      mfaToken: second.mfaToken,
      value: totpCode(secret, now(), -1),
    });
    expectErrorShape(previous, 400);
    const audit = await listAuditLogsByEmail(server().db, user.email);
    expect(
      audit.some((entry) => entry.action === 'User failed MFA' && entry.description.includes('replayed')),
    ).toBe(true);
  });

  it(`closes the mfaToken after ${MFA_MAX_ATTEMPTS} wrong codes: even the right code is refused then`, async () => {
    const { user, secret } = await client.enrolledUser();
    const challenge = await client.mfaChallenge(user.email);
    const wrong = totpCode(secret, now(), 10);
    for (let attempt = 1; attempt < MFA_MAX_ATTEMPTS; attempt += 1) {
      const response = await post('/auth/v1/user/mfa/verify', { mfaToken: challenge.mfaToken, value: wrong });
      expect(expectErrorShape(response, 400).errorCode).toBe('ER-MFA-INVALID-CODE');
    }
    const last = await post('/auth/v1/user/mfa/verify', { mfaToken: challenge.mfaToken, value: wrong });
    expect(expectErrorShape(last, 429).errorCode).toBe('ER-MFA-TOO-MANY-ATTEMPTS');
    const right = await post('/auth/v1/user/mfa/verify', {
      mfaToken: challenge.mfaToken,
      value: totpCode(secret, now()),
    });
    expectErrorShape(right, 401);
  });

  it('expires the mfaToken after 10 minutes', async () => {
    const { user, secret } = await client.enrolledUser();
    const challenge = await client.mfaChallenge(user.email);
    server().clock.advanceSeconds(MFA_TOKEN_TTL_SECONDS + 1);
    const late = await post('/auth/v1/user/mfa/verify', {
      mfaToken: challenge.mfaToken,
      value: totpCode(secret, now()),
    });
    expectErrorShape(late, 401);
  });

  it('does not let a password alone add a factor to an enrolled account', async () => {
    const { user } = await client.enrolledUser();
    const challenge = await client.mfaChallenge(user.email);
    const qr = await post('/auth/v1/user/mfa/authenticator/enroll', { mfaToken: challenge.mfaToken });
    expectErrorShape(qr, 409);
    const sms = await post('/auth/v1/user/mfa/sms/enroll', {
      mfaToken: challenge.mfaToken,
      phoneNumber: '+15550100123',
    });
    expectErrorShape(sms, 409);
    const email = await post('/auth/v1/user/mfa/emailcode', { mfaToken: challenge.mfaToken });
    expectErrorShape(email, 409);
  });

  it('uses a recovery code once at /user/mfa/verify', async () => {
    const { user, session } = await client.enrolledUser();
    const first = await client.mfaChallenge(user.email);
    const recovered = await post('/auth/v1/user/mfa/verify', {
      mfaToken: first.mfaToken,
      value: (session.recoveryCode ?? '').toLowerCase(),
    });
    expect(recovered.statusCode).toBe(200);
    expect(claimsOf(json<Session>(recovered).accessToken).amr).toEqual(['mfa', 'rcv']);
    const second = await client.mfaChallenge(user.email);
    const reused = await post('/auth/v1/user/mfa/verify', {
      mfaToken: second.mfaToken,
      value: session.recoveryCode,
    });
    expectErrorShape(reused, 400);
  });

  it('recovers with /user/mfa/recover once: factors removed, same answer for unknown email and wrong code', async () => {
    const { user, session } = await client.enrolledUser();
    const ghost = await post('/auth/v1/user/mfa/recover', {
      email: 'nobody@acme-foods.test',
      recoveryCode: session.recoveryCode,
    });
    const wrong = await post('/auth/v1/user/mfa/recover', {
      email: user.email,
      recoveryCode: 'AAAA-BBBB-CCCC-DDDD-EEEE',
    });
    expect(expectErrorShape(ghost, 400)).toEqual(expectErrorShape(wrong, 400));

    const recovered = await post('/auth/v1/user/mfa/recover', {
      email: user.email,
      recoveryCode: session.recoveryCode,
    });
    expect(recovered.statusCode).toBe(200);
    const reused = await post('/auth/v1/user/mfa/recover', {
      email: user.email,
      recoveryCode: session.recoveryCode,
    });
    expectErrorShape(reused, 400);
    // The tenant still forces MFA: the next login enrolls again.
    const next = await client.mfaChallenge(user.email);
    expect(next.mfaEnrolled).toBe(false);
    const audit = await listAuditLogsByEmail(server().db, user.email);
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['User recovered MFA with a recovery code', 'MFA recovery failed']),
    );
  });

  it('a password reset does not bypass MFA: the next login still asks for the second factor', async () => {
    const { user } = await client.enrolledUser();
    await post('/users/v1/passwords/reset', { email: user.email });
    const link = await linkFromMail(server().db, user.email, '/account/reset-password');
    const reset = await post('/users/v1/passwords/reset/verify', {
      userId: link.userId,
      token: link.token,
      password: 'Brand-new-Secret-42!',
    });
    expect(reset.statusCode).toBe(200);
    expect(json(reset)).not.toHaveProperty('accessToken');
    const response = await client.login(user.email, 'Brand-new-Secret-42!');
    expect(json(response)).toMatchObject({ mfaRequired: true, mfaEnrolled: true });
    expect(json(response)).not.toHaveProperty('accessToken');
  });

  it('audits the first factor, each failure and the MFA success', async () => {
    const { user, secret } = await client.enrolledUser();
    const challenge = await client.mfaChallenge(user.email);
    await post('/auth/v1/user/mfa/verify', {
      mfaToken: challenge.mfaToken,
      value: totpCode(secret, now(), 4),
    });
    await post('/auth/v1/user/mfa/verify', { mfaToken: challenge.mfaToken, value: totpCode(secret, now()) });
    const actions = (await listAuditLogsByEmail(server().db, user.email)).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'User passed the first factor, MFA required',
        'User failed MFA',
        'User logged in with MFA',
        'User enrolled MFA',
      ]),
    );
  });
});

describe('remember this device', () => {
  it("skips MFA for the policy's period with the HttpOnly device cookie, for that user only", async () => {
    const { user, secret } = await client.enrolledUser();
    const challenge = await client.mfaChallenge(user.email);
    const verified = await post('/auth/v1/user/mfa/verify', {
      mfaToken: challenge.mfaToken,
      value: totpCode(secret, now()),
      rememberDevice: true,
    });
    const cookie = verified.cookies.find((entry) => entry.name === trustedCookie);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 14 * 24 * 3600 });
    const token = cookie?.value ?? '';

    const remembered = await client.login(user.email, undefined, { [trustedCookie]: token });
    expect(json(remembered)).toMatchObject({ mfaRequired: false, accessToken: expect.any(String) });

    const { user: other } = await client.enrolledUser();
    const foreign = await client.login(other.email, undefined, { [trustedCookie]: token });
    expect(json(foreign)).toMatchObject({ mfaRequired: true });

    server().clock.advanceSeconds(14 * 24 * 3600 + 1);
    const expired = await client.login(user.email, undefined, { [trustedCookie]: token });
    expect(json(expired)).toMatchObject({ mfaRequired: true });
  });

  it('sets no device cookie when the policy does not allow remembering devices', async () => {
    const { user, tenant, secret } = await client.enrolledUser();
    await client.setPolicy(tenant.id, 'Force', false);
    const challenge = await client.mfaChallenge(user.email);
    const verified = await post('/auth/v1/user/mfa/verify', {
      mfaToken: challenge.mfaToken,
      value: totpCode(secret, now()),
      rememberDevice: true,
    });
    expect(verified.statusCode).toBe(200);
    expect(cookieValue(verified, trustedCookie)).toBeUndefined();
  });
});

describe('email code MFA', () => {
  it('enrolls email during a forced login, then signs in with emailed codes (single use, expiring)', async () => {
    const { user, tenant } = await createUser(server().db, server().passwords);
    await client.setPolicy(tenant.id, 'Force');
    const forced = await client.mfaChallenge(user.email);
    const sent = await post('/auth/v1/user/mfa/emailcode', { mfaToken: forced.mfaToken });
    const { otcToken } = json<{ otcToken: string }>(sent);
    const code = await client.latestCode(user.email);
    const verified = await post('/auth/v1/user/mfa/emailcode/verify', {
      mfaToken: forced.mfaToken,
      otcToken,
      code,
    });
    expect(verified.statusCode).toBe(200);
    expect(claimsOf(json<Session>(verified).accessToken).amr).toEqual(['mfa', 'otp']);
    // Walk-through defects: the email-code enrollment answered no recovery code (SPEC section 4).
    const { recoveryCode } = json<Session>(verified);
    expect(recoveryCode).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){4}$/);

    const next = await client.mfaChallenge(user.email);
    expect(next).toMatchObject({ mfaEnrolled: true, mfaDevices: { emails: [{ email: user.email }] } });
    const reused = await post('/auth/v1/user/mfa/emailcode/verify', {
      mfaToken: next.mfaToken,
      otcToken,
      code,
    });
    expectErrorShape(reused, 400);

    const second = json<{ otcToken: string }>(
      await post('/auth/v1/user/mfa/emailcode', { mfaToken: next.mfaToken }),
    );
    const secondCode = await client.latestCode(user.email);
    server().clock.advanceSeconds(MFA_CODE_TTL_SECONDS + 1);
    const expired = await post('/auth/v1/user/mfa/emailcode/verify', {
      mfaToken: next.mfaToken,
      otcToken: second.otcToken,
      code: secondCode,
    });
    expectErrorShape(expired, 400);

    // A verification with the enrolled email is not an enrollment: no new recovery code.
    const third = await client.mfaChallenge(user.email);
    const thirdToken = json<{ otcToken: string }>(
      await post('/auth/v1/user/mfa/emailcode', { mfaToken: third.mfaToken }),
    ).otcToken;
    const signedIn = await post('/auth/v1/user/mfa/emailcode/verify', {
      mfaToken: third.mfaToken,
      otcToken: thirdToken,
      code: await client.latestCode(user.email),
    });
    expect(signedIn.statusCode).toBe(200);
    expect(json<Session>(signedIn).recoveryCode).toBeUndefined();

    // The enrollment's recovery code works (and removes the factor), like the other factors'.
    const recovered = await post('/auth/v1/user/mfa/recover', { email: user.email, recoveryCode });
    expect(recovered.statusCode).toBe(200);
    expect((await client.mfaChallenge(user.email)).mfaEnrolled).toBe(false);
  });
});

describe('SMS MFA', () => {
  it('enrolls a phone during a forced login and signs in with texted codes', async () => {
    const { user, tenant } = await createUser(server().db, server().passwords);
    await client.setPolicy(tenant.id, 'Force');
    const forced = await client.mfaChallenge(user.email);
    const badPhone = await post('/auth/v1/user/mfa/sms/enroll', {
      mfaToken: forced.mfaToken,
      phoneNumber: '12',
    });
    expectErrorShape(badPhone, 400);
    const phoneNumber = `+1555${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;
    const sent = await post('/auth/v1/user/mfa/sms/enroll', { mfaToken: forced.mfaToken, phoneNumber });
    expect(sent.statusCode).toBe(200);
    const { otcToken } = json<{ otcToken: string }>(sent);
    const enrolled = await post('/auth/v1/user/mfa/sms/enroll/verify', {
      mfaToken: forced.mfaToken,
      otcToken,
      code: await client.latestSmsCode(phoneNumber),
    });
    expect(enrolled.statusCode).toBe(200);
    expect(json<Session>(enrolled).recoveryCode).toBeTruthy();

    const next = await client.mfaChallenge(user.email);
    const phone = next.mfaDevices?.phones[0];
    expect(phone?.phoneNumber).toMatch(/^\*+\d{4}$/);
    const texted = json<{ otcToken: string }>(
      await post(`/auth/v1/user/mfa/sms/${phone?.id}`, { mfaToken: next.mfaToken }),
    );
    const verified = await post(`/auth/v1/user/mfa/sms/${phone?.id}/verify`, {
      mfaToken: next.mfaToken,
      otcToken: texted.otcToken,
      code: await client.latestSmsCode(phoneNumber),
    });
    expect(verified.statusCode).toBe(200);
    expect(claimsOf(json<Session>(verified).accessToken).amr).toEqual(['mfa', 'sms']);
  });
});

describe('activation under a forcing MFA policy', () => {
  it('answers the MFA challenge instead of a session (SPEC section 4: MFA required, go to login)', async () => {
    const email = `activate-${crypto.randomUUID().slice(0, 8)}@acme-foods.test`;
    const signUp = await post('/users/v1/signUp', { email, name: 'Ada Cook', companyName: 'Acme Foods' });
    expect(signUp.statusCode).toBe(200);
    const link = await linkFromMail(server().db, email, '/account/activate');
    const user = await findUserById(server().db, link.userId);
    await client.setPolicy(user?.activeTenantId ?? '', 'Force');
    const activated = await post('/users/v1/activate', {
      userId: link.userId,
      token: link.token,
      password: 'Fresh-Start-2026!',
    });
    expect(activated.statusCode).toBe(200);
    expect(json(activated)).toMatchObject({
      mfaRequired: true,
      mfaEnrolled: false,
      mfaToken: expect.any(String),
    });
    expect(json(activated)).not.toHaveProperty('accessToken');
    expect(cookieValue(activated, 'fe_refresh_brizoaccess')).toBeUndefined();
  });
});
