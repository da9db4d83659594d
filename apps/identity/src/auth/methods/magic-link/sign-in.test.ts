import { beforeAll, describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../db/queries/audit-logs.js';
import { findUserById } from '../../../db/queries/users.js';
import { COOKIE, usePasswordlessServer } from '../../passwordless/passwordless-support.js';
import { PASSWORDLESS_TTL_SECONDS } from '../../passwordless/service.js';
import { createUser } from '../../../../test/factories.js';
import { cookieValue, expectErrorShape, mailTo } from '../../../../test/harness.js';

// Issue 3: passwordless sign-in (magic link, email code, SMS code) and its security properties.

const { server, preLogin, postLogin, useStrategy, afterResendPause, mailedMagicToken } =
  usePasswordlessServer();

describe('magic link (MagicLink strategy)', () => {
  beforeAll(() => useStrategy('MagicLink'));

  it('mails a link to /account/login/magic-link that signs in once, with a refresh cookie', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const pre = await preLogin('magiclink', { email: user.email.toUpperCase(), username: '' });
    expect(pre.statusCode).toBe(200);
    expect(pre.json()).toEqual({});
    const [mail] = await mailTo(server().db, user.email);
    expect(mail?.text).toContain('http://identity.test/account/login/magic-link?token=');
    const token = await mailedMagicToken(user.email);

    const response = await postLogin('magiclink', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ tokenType: 'bearer', mfaRequired: false, userId: user.id });
    expect(cookieValue(response, COOKIE)).toBeTruthy();
    expect(response.json()).not.toHaveProperty('refreshToken'); // issue 10: cookie only

    const reused = expectErrorShape(await postLogin('magiclink', { token }), 400);
    expect(reused.errorCode).toBe('ER-PASSWORDLESS-INVALID-LINK');

    const actions = (await listAuditLogsByEmail(server().db, user.email)).map((audit) => audit.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'Passwordless sign-in code sent',
        'User logged in with passwordless',
        'User failed to log in with passwordless',
      ]),
    );
  });

  it('expires after 10 minutes', async () => {
    const { user } = await createUser(server().db, server().passwords);
    afterResendPause();
    await preLogin('magiclink', { email: user.email });
    const token = await mailedMagicToken(user.email);
    server().clock.advanceSeconds(PASSWORDLESS_TTL_SECONDS + 1);
    expectErrorShape(await postLogin('magiclink', { token }), 400);
  });

  it('only the newest link works, and a resend within the pause sends nothing', async () => {
    const { user } = await createUser(server().db, server().passwords);
    afterResendPause();
    await preLogin('magiclink', { email: user.email });
    const first = await mailedMagicToken(user.email);
    await preLogin('magiclink', { email: user.email });
    expect(await mailTo(server().db, user.email)).toHaveLength(1);
    afterResendPause();
    await preLogin('magiclink', { email: user.email });
    const second = await mailedMagicToken(user.email);
    expect(second).not.toBe(first);
    expectErrorShape(await postLogin('magiclink', { token: first }), 400);
    expect((await postLogin('magiclink', { token: second })).statusCode).toBe(200);
  });

  it('answers an unknown email exactly like a known one (no enumeration) and audits it', async () => {
    const { user } = await createUser(server().db, server().passwords);
    afterResendPause();
    const known = await preLogin('magiclink', { email: user.email });
    const unknown = await preLogin('magiclink', { email: 'nobody-here@acme-foods.test' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await mailTo(server().db, 'nobody-here@acme-foods.test')).toHaveLength(0);
    const audits = await listAuditLogsByEmail(server().db, 'nobody-here@acme-foods.test');
    expect(audits[0]?.action).toBe('Passwordless sign-in requested for no eligible user');
  });

  it('a wrong or forged token never signs in', async () => {
    for (const token of ['x', 'A'.repeat(43), 'not a token at all']) {
      expectErrorShape(await postLogin('magiclink', { token }), 400);
    }
  });

  it('signs in an unverified user and marks the address verified (the link proves it)', async () => {
    const { user } = await createUser(server().db, server().passwords, { verified: false });
    await preLogin('magiclink', { email: user.email });
    const response = await postLogin('magiclink', { token: await mailedMagicToken(user.email) });
    expect(response.statusCode).toBe(200);
    expect(response.json().emailVerified).toBe(true);
    expect((await findUserById(server().db, user.id))?.verified).toBe(true);
  });

  it('refuses a locked user even with a valid link', async () => {
    const { user } = await createUser(server().db, server().passwords, { isLocked: true });
    await preLogin('magiclink', { email: user.email });
    const body = expectErrorShape(
      await postLogin('magiclink', { token: await mailedMagicToken(user.email) }),
      401,
    );
    expect(body.errorCode).toBe('ER-AUTH-USER-LOCKED');
  });

  it('the code and SMS types are refused while the strategy is MagicLink', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const body = expectErrorShape(await preLogin('code', { email: user.email }), 400);
    expect(body.errorCode).toBe('ER-AUTH-STRATEGY-INACTIVE');
    expectErrorShape(await postLogin('smscode', { email: user.email, token: '123456' }), 400);
  });
});
