import { describe, expect, it } from 'vitest';
import { RESET_TOKEN_TTL_MINUTES } from './reset-token.js';
import { createUser, TEST_PASSWORD } from '../../../../test/factories.js';
import {
  API,
  cookieValue,
  expectErrorShape,
  linkFromMail,
  mailTo,
  uniqueEmail,
  useTestServer,
} from '../../../../test/harness.js';

const server = useTestServer();
const NEW_PASSWORD = 'Another-Secret-77!';

const forgot = (email: unknown) =>
  server().app.inject({ method: 'POST', url: `${API}/users/v1/passwords/reset`, payload: { email } });
const verify = (payload: Record<string, unknown>) =>
  server().app.inject({ method: 'POST', url: `${API}/users/v1/passwords/reset/verify`, payload });
const login = (email: string, password: string) =>
  server().app.inject({ method: 'POST', url: `${API}/auth/v1/user`, payload: { email, password } });

describe('forgot and reset password', () => {
  it('answers the same whether or not the email exists, and mails a reset link only to a real user', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const ghost = uniqueEmail('ghost');
    const known = await forgot(user.email);
    const unknown = await forgot(ghost);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(await mailTo(server().db, ghost)).toHaveLength(0);
    const link = await linkFromMail(server().db, user.email, '/account/reset-password');
    expect(link.url.startsWith('http://identity.test/account/reset-password?userId=')).toBe(true);
    expect(link.userId).toBe(user.id);
  });

  it('sets the new password once, signs out existing sessions, and the old password stops working', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const session = await login(user.email, TEST_PASSWORD);
    const refreshToken = cookieValue(session, 'fe_refresh_brizoaccess') ?? '';
    await forgot(user.email);
    const { userId, token } = await linkFromMail(server().db, user.email, '/account/reset-password');
    expect((await verify({ userId, token, password: NEW_PASSWORD })).statusCode).toBe(200);
    expect((await login(user.email, NEW_PASSWORD)).statusCode).toBe(200);
    expectErrorShape(await login(user.email, TEST_PASSWORD), 401);
    const refresh = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/user/token/refresh`,
      cookies: { fe_refresh_brizoaccess: refreshToken },
      payload: {},
    });
    expectErrorShape(refresh, 401);
    const reused = expectErrorShape(await verify({ userId, token, password: 'Yet-Another-88!' }), 400);
    expect(reused).toEqual({
      errors: ['Reset password failed: Please double check your reset URL.'],
      errorCode: 'ER-USERS-RESET-INVALID',
    });
  });

  it('an expired reset token answers 400', async () => {
    const { user } = await createUser(server().db, server().passwords);
    await forgot(user.email);
    const { userId, token } = await linkFromMail(server().db, user.email, '/account/reset-password');
    server().clock.advanceSeconds(RESET_TOKEN_TTL_MINUTES * 60 + 1);
    expectErrorShape(await verify({ userId, token, password: NEW_PASSWORD }), 400);
  });

  it('only the newest link works', async () => {
    const { user } = await createUser(server().db, server().passwords);
    await forgot(user.email);
    const first = await linkFromMail(server().db, user.email, '/account/reset-password');
    server().clock.advanceSeconds(server().config.recipientPauseSeconds); // the per-recipient pause (issue 10)
    await forgot(user.email);
    const second = await linkFromMail(server().db, user.email, '/account/reset-password');
    expectErrorShape(await verify({ ...first, password: NEW_PASSWORD }), 400);
    expect(
      (await verify({ userId: second.userId, token: second.token, password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('refuses a password breaking the policy and keeps the token usable', async () => {
    const { user } = await createUser(server().db, server().passwords);
    await forgot(user.email);
    const { userId, token } = await linkFromMail(server().db, user.email, '/account/reset-password');
    const body = expectErrorShape(await verify({ userId, token, password: 'aaaaaaaaaaaa' }), 400);
    expect(body.errorCode).toBe('ER-USERS-PASSWORD-POLICY');
    expect((await verify({ userId, token, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('v2 reset by identifier mails the same link', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const response = await server().app.inject({
      method: 'POST',
      url: `${API}/users/v2/passwords/reset/email`,
      payload: { identifier: user.email, identifierType: 'email' },
    });
    expect(response.statusCode).toBe(200);
    expect((await linkFromMail(server().db, user.email, '/account/reset-password')).userId).toBe(user.id);
  });

  it.each([
    [{}, 'email: Email is required.'],
    [{ email: ['a@b.test'] }, 'email: Must be a valid email.'],
  ])('forgot rejects %j with 400', async (payload, message) => {
    const body = expectErrorShape(
      await server().app.inject({ method: 'POST', url: `${API}/users/v1/passwords/reset`, payload }),
      400,
    );
    expect(body.errors[0]).toBe(message);
  });

  it.each([
    [{ token: 't', password: NEW_PASSWORD }],
    [{ userId: 'abc', token: 't', password: NEW_PASSWORD }],
    [{ userId: '7b1d8f6e-0000-4000-8000-000000000000', password: NEW_PASSWORD }],
    [{ userId: '7b1d8f6e-0000-4000-8000-000000000000', token: 't' }],
  ])('verify rejects %j with 400', async (payload) => {
    expectErrorShape(await verify(payload), 400);
  });

  it('serves the password rules', async () => {
    for (const url of [`${API}/users/v1/passwords/config`, `${API}/configurations/v1/password`]) {
      const response = await server().app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        minLength: 8,
        maxLength: 128,
        allowPassphrases: true,
        requiredTests: { checkThreeRepeatedChars: true },
      });
    }
  });
});
