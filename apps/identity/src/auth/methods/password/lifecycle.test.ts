import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../db/queries/audit-logs.js';
import { createUser, TEST_PASSWORD } from '../../../../test/factories.js';
import {
  API,
  expectErrorShape,
  json,
  linkFromMail,
  mailTo,
  useTestServer,
} from '../../../../test/harness.js';
import { accessTokenOf, createAdmin, passwordLogin, setPolicy } from '../../../../test/lifecycle-helpers.js';

const server = useTestServer();
const BREACHED = 'P@ssw0rd';
const NEW_PASSWORD = 'Another-Secret-77!';
const DAY_MINUTES = 24 * 60;

const setFlag = (name: string, value: 'on' | 'off' | null) =>
  server().app.inject({ method: 'PUT', url: `/dev/api/flags/${name}`, payload: { value } });
const resetVerify = (payload: Record<string, unknown>) =>
  server().app.inject({ method: 'POST', url: `${API}/users/v1/passwords/reset/verify`, payload });
const changePassword = (authorization: string, payload: unknown) =>
  server().app.inject({
    method: 'POST',
    url: `${API}/users/v1/passwords/change`,
    headers: { authorization },
    payload: payload as Record<string, unknown>,
  });
const superAuthorization = async () => {
  const { user } = await createUser(server().db, server().passwords, { superUser: true });
  return `Bearer ${await accessTokenOf(server(), user.email)}`;
};

describe('breached password (flag security-center-show-login-flows)', () => {
  it('with the flag on, a password on the breached list signs in to no session but isBreachedPassword', async () => {
    const { user } = await createUser(server().db, server().passwords, { password: BREACHED });
    expect((await setFlag('security-center-show-login-flows', 'on')).statusCode).toBe(200);
    try {
      const flags = await server().app.inject({ method: 'GET', url: '/frontegg/flags' });
      expect(flags.json()).toMatchObject({ 'security-center-show-login-flows': 'on' });
      const response = await passwordLogin(server(), user.email, BREACHED);
      expect(response.statusCode).toBe(200);
      const body = json(response);
      expect(body).toMatchObject({ isBreachedPassword: true, userId: user.id, mfaRequired: false });
      expect(body.accessToken).toBeUndefined();
      expect(response.cookies).toHaveLength(0);
      const actions = (await listAuditLogsByEmail(server().db, user.email)).map((log) => log.action);
      expect(actions).toContain('User signed in with a breached password');
      // A strong password is not on the list.
      const strong = await createUser(server().db, server().passwords);
      expect(json(await passwordLogin(server(), strong.user.email, TEST_PASSWORD)).accessToken).toBeTruthy();
    } finally {
      await setFlag('security-center-show-login-flows', null);
    }
  });

  it('with the flag off (default), the same password signs in normally', async () => {
    const { user } = await createUser(server().db, server().passwords, { password: BREACHED });
    const body = json(await passwordLogin(server(), user.email, BREACHED));
    expect(body.accessToken).toBeTruthy();
    expect(body.isBreachedPassword).toBeUndefined();
  });

  it('a wrong password never reveals that the stored one is breached', async () => {
    const { user } = await createUser(server().db, server().passwords, { password: BREACHED });
    await setFlag('security-center-show-login-flows', 'on');
    try {
      expectErrorShape(await passwordLogin(server(), user.email, 'password'), 401);
    } finally {
      await setFlag('security-center-show-login-flows', null);
    }
  });

  it('rejects bad flag input', async () => {
    expectErrorShape(
      await server().app.inject({ method: 'PUT', url: '/dev/api/flags/x', payload: { value: 'yes' } }),
      400,
    );
    expectErrorShape(await server().app.inject({ method: 'PUT', url: '/dev/api/flags/x', payload: {} }), 400);
  });
});

describe('password rotation', () => {
  it('an expired password answers a reset token (no session), which sets a new password once', async () => {
    const admin = await createAdmin(server());
    await setPolicy(server(), admin.authorization, 'password-rotation', {
      isActive: true,
      rotationPeriod: 30 * DAY_MINUTES,
      notificationPeriod: 7 * DAY_MINUTES,
    });
    const { user } = await createUser(server().db, server().passwords, { tenant: admin.tenant });
    server().clock.advanceSeconds(31 * DAY_MINUTES * 60);
    try {
      const response = await passwordLogin(server(), user.email, TEST_PASSWORD);
      const body = json<{ resetPasswordToken?: string; accessToken?: string; userId: string }>(response);
      expect(body.resetPasswordToken).toBeTruthy();
      expect(body.accessToken).toBeUndefined();
      expect(body.userId).toBe(user.id);
      const reset = await resetVerify({
        userId: user.id,
        token: body.resetPasswordToken,
        password: NEW_PASSWORD,
      });
      expect(reset.statusCode).toBe(200);
      expectErrorShape(
        await resetVerify({ userId: user.id, token: body.resetPasswordToken, password: 'Third-Secret-99!' }),
        400,
      );
      // The new password is fresh: a session, no notice.
      const after = json(await passwordLogin(server(), user.email, NEW_PASSWORD));
      expect(after.accessToken).toBeTruthy();
      expect(after.passwordExpiresIn).toBeUndefined();
    } finally {
      server().clock.advanceSeconds(-31 * DAY_MINUTES * 60);
    }
  });

  it('a password expiring within the notification period signs in with passwordExpiresIn <= notificationPeriod', async () => {
    const admin = await createAdmin(server());
    await setPolicy(server(), admin.authorization, 'password-rotation', {
      isActive: true,
      rotationPeriod: 30 * DAY_MINUTES,
      notificationPeriod: 7 * DAY_MINUTES,
    });
    const { user } = await createUser(server().db, server().passwords, { tenant: admin.tenant });
    expect(json(await passwordLogin(server(), user.email, TEST_PASSWORD)).passwordExpiresIn).toBeUndefined();
    server().clock.advanceSeconds(25 * DAY_MINUTES * 60);
    try {
      const body = json<{ accessToken: string; passwordExpiresIn: number; notificationPeriod: number }>(
        await passwordLogin(server(), user.email, TEST_PASSWORD),
      );
      expect(body.accessToken).toBeTruthy();
      expect(body.notificationPeriod).toBe(7 * DAY_MINUTES);
      expect(body.passwordExpiresIn).toBeLessThanOrEqual(body.notificationPeriod);
      expect(body.passwordExpiresIn).toBeGreaterThan(4 * DAY_MINUTES);
    } finally {
      server().clock.advanceSeconds(-25 * DAY_MINUTES * 60);
    }
  });

  it('uses the smaller period when both the vendor and the tenant policy are active', async () => {
    const vendor = await superAuthorization();
    const admin = await createAdmin(server());
    await setPolicy(server(), admin.authorization, 'password-rotation', {
      isActive: true,
      rotationPeriod: 90 * DAY_MINUTES,
      notificationPeriod: 0,
    });
    await setPolicy(server(), vendor, 'password-rotation', {
      isActive: true,
      rotationPeriod: 10 * DAY_MINUTES,
      notificationPeriod: 0,
    });
    const { user } = await createUser(server().db, server().passwords, { tenant: admin.tenant });
    const vendorView = await server().app.inject({
      method: 'GET',
      url: `${API}/configurations/v1/password-rotation/vendor`,
      headers: { authorization: admin.authorization },
    });
    expect(vendorView.json()).toMatchObject({ isActive: true, rotationPeriod: 10 * DAY_MINUTES });
    server().clock.advanceSeconds(11 * DAY_MINUTES * 60);
    try {
      expect(json(await passwordLogin(server(), user.email, TEST_PASSWORD)).resetPasswordToken).toBeTruthy();
    } finally {
      server().clock.advanceSeconds(-11 * DAY_MINUTES * 60);
      const reset = await setPolicy(server(), vendor, 'password-rotation', { isActive: false });
      expect(reset.statusCode).toBe(200);
    }
  });

  it("a tenant's administrator sets the tenant's rotation, never the vendor's", async () => {
    const admin = await createAdmin(server());
    const vendorRotation = async () =>
      (
        await server().app.inject({
          method: 'GET',
          url: `${API}/configurations/v1/password-rotation/vendor`,
          headers: { authorization: admin.authorization },
        })
      ).json();
    const before = await vendorRotation();
    const set = await setPolicy(server(), admin.authorization, 'password-rotation', {
      isActive: true,
      rotationPeriod: 5 * DAY_MINUTES,
    });
    expect(set.json()).toMatchObject({ isActive: true, tenantId: admin.tenant.id });
    expect(await vendorRotation()).toEqual(before);
  });

  it('rejects bad rotation input', async () => {
    const admin = await createAdmin(server());
    for (const bad of [
      { isActive: 'yes' },
      { rotationPeriod: 0 },
      { notificationPeriod: -1 },
      { rotationPeriod: 'x' },
    ]) {
      expectErrorShape(await setPolicy(server(), admin.authorization, 'password-rotation', bad), 400);
    }
  });
});

describe('password history and change', () => {
  it('refuses the last historySize passwords on reset and on change', async () => {
    const admin = await createAdmin(server());
    await setPolicy(server(), admin.authorization, 'password-history-policy', {
      enabled: true,
      historySize: 2,
    });
    const { user } = await createUser(server().db, server().passwords, { tenant: admin.tenant });
    const authorization = `Bearer ${await accessTokenOf(server(), user.email)}`;
    const reused = expectErrorShape(
      await changePassword(authorization, { password: TEST_PASSWORD, newPassword: TEST_PASSWORD }),
      400,
    );
    expect(reused.errorCode).toBe('ER-LIFECYCLE-PASSWORD-REUSED');
    expect(
      (await changePassword(authorization, { password: TEST_PASSWORD, newPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
    // Reset by mail: the previous password is still within the history of 2.
    await server().app.inject({
      method: 'POST',
      url: `${API}/users/v1/passwords/reset`,
      payload: { email: user.email },
    });
    const { token } = await linkFromMail(server().db, user.email, '/account/reset-password');
    const refused = expectErrorShape(
      await resetVerify({ userId: user.id, token, password: TEST_PASSWORD }),
      400,
    );
    expect(refused.errorCode).toBe('ER-LIFECYCLE-PASSWORD-REUSED');
    expect((await resetVerify({ userId: user.id, token, password: 'Third-Secret-99!' })).statusCode).toBe(
      200,
    );
  });

  it('allows reuse when the policy is off', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const authorization = `Bearer ${await accessTokenOf(server(), user.email)}`;
    expect(
      (await changePassword(authorization, { password: TEST_PASSWORD, newPassword: TEST_PASSWORD }))
        .statusCode,
    ).toBe(200);
  });

  it('change needs a session and the right current password; it signs out other sessions', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const other = await passwordLogin(server(), user.email, TEST_PASSWORD);
    const otherRefresh =
      other.cookies.find((cookie) => cookie.name === 'fe_refresh_brizoaccess')?.value ?? '';
    const authorization = `Bearer ${await accessTokenOf(server(), user.email)}`;
    expectErrorShape(await changePassword('', { password: TEST_PASSWORD, newPassword: NEW_PASSWORD }), 401);
    const wrong = expectErrorShape(
      await changePassword(authorization, { password: 'nope', newPassword: NEW_PASSWORD }),
      400,
    );
    expect(wrong.errors).toEqual(['Current password is incorrect']);
    expectErrorShape(
      await changePassword(authorization, { password: TEST_PASSWORD, newPassword: 'short' }),
      400,
    );
    for (const bad of [{}, { password: TEST_PASSWORD }, { password: 1, newPassword: NEW_PASSWORD }]) {
      expectErrorShape(await changePassword(authorization, bad), 400);
    }
    expect(
      (await changePassword(authorization, { password: TEST_PASSWORD, newPassword: NEW_PASSWORD }))
        .statusCode,
    ).toBe(200);
    const refresh = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user/token/refresh`,
      cookies: { fe_refresh_brizoaccess: otherRefresh },
      payload: {},
    });
    expectErrorShape(refresh, 401);
  });
});

describe('password recovery strategies', () => {
  it('defaults to email only; the vendor turns sms on; only a superuser may change them', async () => {
    const read = () =>
      server().app.inject({ method: 'GET', url: `${API}/configurations/v1/password-recovery/strategies` });
    expect((await read()).json()).toEqual([
      { strategy: 'email', isActive: true },
      { strategy: 'sms', isActive: false },
    ]);
    const admin = await createAdmin(server());
    const refused = expectErrorShape(
      await setPolicy(server(), admin.authorization, 'password-recovery/strategies', [
        { strategy: 'sms', isActive: true },
      ]),
      403,
    );
    expect(refused.errorCode).toBe('ER-ADMIN-VENDOR-ONLY');
    expect((await read()).json()).toContainEqual({ strategy: 'sms', isActive: false });
    const vendor = await superAuthorization();
    expectErrorShape(
      await setPolicy(server(), vendor, 'password-recovery/strategies', [
        { strategy: 'fax', isActive: true },
      ]),
      400,
    );
    expectErrorShape(await setPolicy(server(), vendor, 'password-recovery/strategies', []), 400);
    await setPolicy(server(), vendor, 'password-recovery/strategies', [{ strategy: 'sms', isActive: true }]);
    try {
      expect((await read()).json()).toEqual([
        { strategy: 'email', isActive: true },
        { strategy: 'sms', isActive: true },
      ]);
    } finally {
      await setPolicy(server(), vendor, 'password-recovery/strategies', [
        { strategy: 'sms', isActive: false },
      ]);
    }
  });
});

describe('forgot password answers', () => {
  it('stay the same for an unknown and a locked user (no enumeration)', async () => {
    const { user } = await createUser(server().db, server().passwords, { isLocked: true });
    const forgot = (email: string) =>
      server().app.inject({ method: 'POST', url: `${API}/users/v1/passwords/reset`, payload: { email } });
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-here@acme-foods.test');
    expect(known.statusCode).toBe(unknown.statusCode);
    expect(known.body).toBe(unknown.body);
    expect(await mailTo(server().db, user.email)).toHaveLength(1);
  });
});
