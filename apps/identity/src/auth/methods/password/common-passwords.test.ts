import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORD_COUNT, isCommonPassword, loadCommonPasswords } from './common-passwords.js';
import { DEMO_PASSWORD } from '../../../services/seed.js';
import { accessTokenOf, passwordLogin } from '../../../../test/lifecycle-helpers.js';
import { createUser, TEST_PASSWORD } from '../../../../test/factories.js';
import {
  API,
  expectErrorShape,
  json,
  linkFromMail,
  uniqueEmail,
  useTestServer,
} from '../../../../test/harness.js';

// Issue 10: "Password123!", "P@ssw0rd123" and "Welcome@123" pass the default policy and were accepted.

const server = useTestServer();
const COMMON = ['Password123!', 'P@ssw0rd123', 'Welcome@123', 'Qwerty123!', 'Iloveyou2024!'];
const TOO_COMMON = {
  errors: [
    'This password is too common and appears in lists of breached passwords. Please choose another one.',
  ],
  errorCode: 'ER-USERS-PASSWORD-TOO-COMMON',
};

const post = (url: string, payload: unknown, authorization?: string) =>
  server().app.inject({
    method: 'POST',
    url: `${API}${url}`,
    payload: payload as Record<string, unknown>,
    headers: authorization ? { authorization } : {},
  });

describe('common and breached passwords are refused (issue 10)', () => {
  it('the bundled list holds the top 100,000 and sees through case, look-alikes and decorations', () => {
    expect(loadCommonPasswords().size).toBeGreaterThanOrEqual(COMMON_PASSWORD_COUNT * 0.99);
    for (const password of COMMON) expect(isCommonPassword(password), password).toBe(true);
    for (const password of [DEMO_PASSWORD, TEST_PASSWORD, 'Correct-horse-9!', 'Fresh-menu-2027!'])
      expect(isCommonPassword(password), password).toBe(false);
  });

  it('activation (sign-up and invitations) refuses them, then accepts a strong one', async () => {
    const email = uniqueEmail('newcomer');
    const signUp = await post('/users/v1/signUp', {
      email,
      name: 'Ada',
      companyName: 'Acme',
      metadata: '{}',
    });
    expect(signUp.statusCode).toBe(200);
    const { userId, token } = await linkFromMail(server().db, email, '/account/activate');
    for (const password of COMMON) {
      expect(expectErrorShape(await post('/users/v1/activate', { userId, token, password }), 400)).toEqual(
        TOO_COMMON,
      );
    }
    expect((await post('/users/v1/activate', { userId, token, password: DEMO_PASSWORD })).statusCode).toBe(
      200,
    );
  });

  it('password reset and password change refuse them', async () => {
    const { user } = await createUser(server().db, server().passwords);
    await post('/users/v1/passwords/reset', { email: user.email });
    const { token } = await linkFromMail(server().db, user.email, '/account/reset-password');
    const reset = await post('/users/v1/passwords/reset/verify', {
      userId: user.id,
      token,
      password: COMMON[1],
    });
    expect(expectErrorShape(reset, 400)).toEqual(TOO_COMMON);
    const authorization = `Bearer ${await accessTokenOf(server(), user.email)}`;
    const change = await post(
      '/users/v1/passwords/change',
      { password: TEST_PASSWORD, newPassword: COMMON[2] },
      authorization,
    );
    expect(expectErrorShape(change, 400)).toEqual(TOO_COMMON);
  });

  it('an existing account with such a password goes through the breached-password sign-in', async () => {
    const { user } = await createUser(server().db, server().passwords, { password: 'Welcome@123' });
    const setFlag = (value: 'on' | null) =>
      server().app.inject({
        method: 'PUT',
        url: '/dev/api/flags/security-center-show-login-flows',
        payload: { value },
      });
    expect((await setFlag('on')).statusCode).toBe(200);
    try {
      const body = json(await passwordLogin(server(), user.email, 'Welcome@123'));
      expect(body).toMatchObject({ isBreachedPassword: true, userId: user.id });
      expect(body.accessToken).toBeUndefined();
    } finally {
      await setFlag(null);
    }
  });
});
