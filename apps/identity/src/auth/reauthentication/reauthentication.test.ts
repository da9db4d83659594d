import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../db/queries/audit-logs.js';
import { findMfaDevicesByUser } from '../../db/queries/mfa.js';
import { findUserById } from '../../db/queries/users.js';
import { createUser, TEST_PASSWORD } from '../../../test/factories.js';
import {
  API,
  cookieValue,
  expectErrorShape,
  mailTo,
  uniqueEmail,
  useTestServer,
} from '../../../test/harness.js';
import { claimsOf, mfaClient, secretOf, totpCode } from '../../../test/mfa-support.js';
import { reauthenticationClient } from './reauthentication-support.js';

// Issue 10: an access token alone (stolen) must not change how the account signs in. Email, phone,
// MFA factors and passkeys change only within REAUTH_MAX_AGE_SECONDS of a sign-in or of a
// re-authentication on the session (password, or a second factor through step-up).

const server = useTestServer();
const mfa = mfaClient(server);
const MAX_AGE_SECONDS = 600;
const REFUSED = 'ER-AUTH-REAUTHENTICATION-REQUIRED';

const { call, cookieName, signIn, laterToken } = reauthenticationClient(server);

async function staleSession() {
  const { user } = await createUser(server().db, server().passwords);
  const fresh = await signIn(user.email);
  const stale = await laterToken(fresh.refresh, MAX_AGE_SECONDS + 60);
  return { user, fresh, stale };
}

describe('issue 10: changes to how the account signs in need a recent sign-in', () => {
  it('a fresh sign-in carries auth_time, kept by its refreshes; it is not asked again', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const signedInAt = Math.floor(server().clock.now().getTime() / 1000);
    const fresh = await signIn(user.email);
    expect(claimsOf(fresh.accessToken).auth_time).toBe(signedInAt);
    const renewed = await laterToken(fresh.refresh, 120);
    expect(claimsOf(renewed.accessToken).auth_time).toBe(signedInAt);
    const started = await call('POST', '/users/v1/mfa/emailcode/enroll', renewed.accessToken);
    expect(started.statusCode).toBe(200);
  });

  it.each([
    ['POST', '/users/v1/email/me', { email: 'new-address@acme-foods.test' }],
    ['POST', '/users/v1/email/me/verify', { email: 'new-address@acme-foods.test', code: '123456' }],
    ['POST', '/users/phone-numbers/v1', { phoneNumber: '+15550100123' }],
    ['POST', '/users/v1/phone', { phoneNumber: '+15550100123' }],
    ['POST', '/users/v1/mfa/authenticator/enroll', undefined],
    ['POST', '/users/v1/mfa/enroll/verify', { token: '123456' }],
    ['POST', '/users/v1/mfa/disable', { token: '123456' }],
    ['POST', '/users/v1/mfa/sms/enroll', { phoneNumber: '+15550100123' }],
    ['POST', '/users/v1/mfa/emailcode/enroll', undefined],
    ['POST', '/users/v1/mfa/emailcode/disable', undefined],
    ['POST', '/users/v1/mfa/webauthn/enroll', undefined],
    ['POST', '/users/webauthn/v1/devices', undefined],
  ] as const)(
    '%s %s with a sign-in older than the max age answers 403 and changes or sends nothing',
    async (method, path, payload) => {
      const { user, stale } = await staleSession();
      const before = (await mailTo(server().db, user.email)).length;
      const refused = expectErrorShape(await call(method, path, stale.accessToken, payload), 403);
      expect(refused.errorCode).toBe(REFUSED);
      expect(await mailTo(server().db, user.email)).toHaveLength(before);
      expect(await mailTo(server().db, 'new-address@acme-foods.test')).toHaveLength(0);
      expect(await findMfaDevicesByUser(server().db, user.id)).toHaveLength(0);
    },
  );

  it('the password re-authenticates the same session: a fresh token, and its refreshes stay fresh', async () => {
    const { user, stale } = await staleSession();
    const wrong = expectErrorShape(
      await call('POST', '/auth/v1/user/reauthenticate', stale.accessToken, { password: 'Wrong-pass-1!' }),
      400,
    );
    expect(wrong.errorCode).toBe('ER-AUTH-REAUTHENTICATION-FAILED');
    expect(claimsOf(stale.accessToken).auth_time).toBeLessThan(
      server().clock.now().getTime() / 1000 - MAX_AGE_SECONDS,
    );

    const options = await call('GET', '/auth/v1/user/reauthenticate', stale.accessToken);
    expect(options.json()).toEqual({ password: true, securityKey: false, maxAgeSeconds: MAX_AGE_SECONDS });
    const confirmed = await call('POST', '/auth/v1/user/reauthenticate', stale.accessToken, {
      password: TEST_PASSWORD,
    });
    expect(confirmed.statusCode).toBe(200);
    const { accessToken } = confirmed.json<{ accessToken: string }>();
    const claims = claimsOf(accessToken);
    expect(claims.sid).toBe(claimsOf(stale.accessToken).sid);
    expect(claims.auth_time).toBe(Math.floor(server().clock.now().getTime() / 1000));
    expect(claims.amr).toEqual(['pwd']);
    expect((await call('POST', '/users/v1/mfa/emailcode/enroll', accessToken)).statusCode).toBe(200);
    // The session keeps the new time: the next renewal is just as fresh.
    const renewed = await laterToken(stale.refresh, 60);
    expect(claimsOf(renewed.accessToken).auth_time).toBe(claims.auth_time);

    const actions = (await listAuditLogsByEmail(server().db, user.email)).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['User re-authenticated', 'User re-authentication failed']),
    );
  });

  it('a second factor re-authenticates through step-up (generate, then the MFA verify)', async () => {
    const enrolled = await mfa.enrolledUser();
    // The enrolled user's own session, renewed after the max age.
    const old = await laterToken(
      cookieValue(enrolled.enrolledResponse, cookieName()) ?? '',
      MAX_AGE_SECONDS + 60,
    );
    expect((await call('POST', '/users/v1/mfa/emailcode/enroll', old.accessToken)).statusCode).toBe(403);
    const stepUp = await call('POST', '/auth/v1/user/step-up/generate', old.accessToken);
    expect(stepUp.statusCode).toBe(200);
    const verified = await mfa.post('/auth/v1/user/mfa/verify', {
      mfaToken: stepUp.json<{ mfaToken: string }>().mfaToken,
      value: totpCode(enrolled.secret, server().clock.now()),
    });
    expect(verified.statusCode).toBe(200);
    const { accessToken } = verified.json<{ accessToken: string }>();
    expect((await call('POST', '/users/v1/mfa/emailcode/enroll', accessToken)).statusCode).toBe(200);
  });

  it('a password change proves the current password itself, whatever the age of the sign-in', async () => {
    const { user, stale } = await staleSession();
    const changed = await call('POST', '/users/v1/passwords/change', stale.accessToken, {
      password: TEST_PASSWORD,
      newPassword: 'Another-horse-7!',
    });
    expect(changed.statusCode).toBe(200);
    const wrong = await call('POST', '/users/v1/passwords/change', stale.accessToken, {
      password: 'Wrong-pass-1!',
      newPassword: 'Third-horse-5!',
    });
    expect(wrong.statusCode).toBe(400);
    expect((await mfa.login(user.email, 'Another-horse-7!')).statusCode).toBe(200);
  });
});

describe('issue 10: an email change never tells whether an address has an account', () => {
  it('an address with an account answers as a free one; its owner gets a note, no code; no code verifies', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const { user: other } = await createUser(server().db, server().passwords);
    const { accessToken } = await signIn(user.email);
    const free = await call('POST', '/users/v1/email/me', accessToken, { email: uniqueEmail('free') });
    const taken = await call('POST', '/users/v1/email/me', accessToken, { email: other.email });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.body).toBe(free.body);
    const [note] = await mailTo(server().db, other.email);
    expect(note?.subject).toBe('This address already has a Brizo FoodMetrics account');
    expect(note?.text).not.toMatch(/\b\d{6}\b/);
    const guessed = await call('POST', '/users/v1/email/me/verify', accessToken, {
      email: other.email,
      code: '123456',
    });
    expect(expectErrorShape(guessed, 400).errorCode).toBe('ER-PROFILE-INVALID-CODE');
    expect((await findUserById(server().db, user.id))?.email).toBe(user.email);
  });
});

describe('issue 10: the old address can undo an email change', () => {
  const codeIn = async (email: string) => {
    const code = (await mailTo(server().db, email))[0]?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  };
  const revertTokenIn = async (email: string) => {
    const [mail] = await mailTo(server().db, email);
    const link = mail?.text.match(/https?:\/\/\S+\/account\/revert-email\?\S+/)?.[0];
    if (!link) throw new Error(`no revert link mailed to ${email}: ${mail?.text}`);
    return new URL(link).searchParams.get('token') ?? '';
  };
  const revert = (token: string) =>
    server().app.inject({ method: 'POST', url: `${API}/users/v1/email/revert`, payload: { token } });

  it('gives the old address back, ends every session, removes the password and the factors added since', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const oldEmail = user.email;
    const session = await signIn(oldEmail);
    const newEmail = uniqueEmail('taker');
    await call('POST', '/users/v1/email/me', session.accessToken, { email: newEmail });
    const verified = await call('POST', '/users/v1/email/me/verify', session.accessToken, {
      email: newEmail,
      code: await codeIn(newEmail),
    });
    expect(verified.statusCode).toBe(200);
    const token = await revertTokenIn(oldEmail);
    // Whoever holds the account now adds an authenticator app on the same, recent session.
    const started = await call('POST', '/users/v1/mfa/authenticator/enroll', session.accessToken);
    const secret = secretOf(started.json<{ qrCode: string }>().qrCode);
    const enrolled = await call('POST', '/users/v1/mfa/authenticator/enroll/verify', session.accessToken, {
      token: totpCode(secret, server().clock.now()),
    });
    expect(enrolled.statusCode).toBe(200);

    server().clock.advanceSeconds(3 * 24 * 3600);
    // The session is still in use when the owner follows the link.
    const current = await laterToken(session.refresh, 0);
    const reverted = await revert(token);
    expect(reverted.statusCode).toBe(200);
    const { userId, resetToken } = reverted.json<{ userId: string; resetToken: string }>();
    expect(userId).toBe(user.id);
    const stored = await findUserById(server().db, user.id);
    expect(stored?.email).toBe(oldEmail);
    expect(stored?.passwordHash).toBeNull();
    expect(await findMfaDevicesByUser(server().db, user.id)).toHaveLength(0);
    expect((await call('GET', '/users/v2/me', current.accessToken)).statusCode).toBe(401);
    const refreshed = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user/token/refresh`,
      cookies: { [cookieName()]: current.refresh },
      payload: {},
    });
    expect(refreshed.statusCode).toBe(401);
    expect((await mfa.login(oldEmail)).statusCode).not.toBe(200);

    // Single use; the reset token sets a password the owner chooses.
    expectErrorShape(await revert(token), 400);
    const reset = await server().app.inject({
      method: 'POST',
      url: `${API}/users/v1/passwords/reset/verify`,
      payload: { userId, token: resetToken, password: 'Owner-again-4!' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await mfa.login(oldEmail, 'Owner-again-4!')).statusCode).toBe(200);
    const actions = (await listAuditLogsByEmail(server().db, oldEmail)).map((entry) => entry.action);
    expect(actions).toContain('User reverted email change');
  });

  it('expires after 7 days; an unknown token answers the same 400', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const session = await signIn(user.email);
    const newEmail = uniqueEmail('late');
    await call('POST', '/users/v1/email/me', session.accessToken, { email: newEmail });
    await call('POST', '/users/v1/email/me/verify', session.accessToken, {
      email: newEmail,
      code: await codeIn(newEmail),
    });
    const token = await revertTokenIn(user.email);
    server().clock.advanceSeconds(7 * 24 * 3600 + 60);
    expect(expectErrorShape(await revert(token), 400).errorCode).toBe('ER-PROFILE-EMAIL-REVERT-INVALID');
    expect(expectErrorShape(await revert('not-a-token'), 400).errorCode).toBe(
      'ER-PROFILE-EMAIL-REVERT-INVALID',
    );
    expect((await findUserById(server().db, user.id))?.email).toBe(newEmail);
  });
});
