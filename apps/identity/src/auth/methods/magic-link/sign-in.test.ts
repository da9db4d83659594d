import { beforeAll, describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../db/queries/audit-logs.js';
import { insertMfaDevice } from '../../db/queries/mfa.js';
import { listOutboxSms } from '../../db/queries/sms-outbox.js';
import { findUserById } from '../../db/queries/users.js';
import { DEMO_PASSWORD } from '../../services/seed.js';
import { PASSWORDLESS_TTL_SECONDS } from './service.js';
import { createUser } from '../../../test/factories.js';
import { API, cookieValue, expectErrorShape, mailTo, useTestServer } from '../../../test/harness.js';

// Issue 3: passwordless sign-in (magic link, email code, SMS code) and its security properties.

const server = useTestServer();
const COOKIE = 'fe_refresh_brizoaccess';
let vendorRefreshCookie = '';

const post = (url: string, payload: unknown) =>
  server().app.inject({
    method: 'POST',
    url,
    payload: JSON.stringify(payload),
    headers: { 'content-type': 'application/json' },
  });
const preLogin = (type: string, body: unknown) => post(`${API}/auth/v1/passwordless/${type}/prelogin`, body);
const postLogin = (type: string, body: unknown) =>
  post(`${API}/auth/v1/passwordless/${type}/postlogin`, body);

/** Switches the vendor strategy as the vendor (a fresh access token: the tests move the clock). */
async function useStrategy(strategy: string) {
  const refreshed = await server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user/token/refresh`,
    cookies: { [COOKIE]: vendorRefreshCookie },
  });
  vendorRefreshCookie = cookieValue(refreshed, COOKIE) ?? '';
  const response = await server().app.inject({
    method: 'PUT',
    url: `${API}/configurations/v1/auth/strategies`,
    headers: { authorization: `Bearer ${refreshed.json().accessToken}` },
    payload: { mainAuthStrategies: [{ strategy }] },
  });
  expect(response.statusCode).toBe(200);
}

/** Moves the clock past the resend pause so the next pre-login sends again. */
const afterResendPause = () => server().clock.advanceSeconds(server().config.recipientPauseSeconds + 1);

async function mailedMagicToken(email: string): Promise<string> {
  const [message] = await mailTo(server().db, email);
  const url = message?.text
    .match(/https?:\/\/\S+/g)
    ?.find((link) => link.includes('/account/login/magic-link'));
  if (!url) throw new Error(`no magic link mailed to ${email}`);
  return new URL(url).searchParams.get('token') ?? '';
}

async function mailedCode(email: string): Promise<string> {
  const [message] = await mailTo(server().db, email);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

async function textedCode(phoneNumber: string): Promise<string> {
  const [sms] = await listOutboxSms(server().db, { to: phoneNumber, limit: 1 });
  const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code texted to ${phoneNumber}`);
  return code;
}

const uniquePhone = () => `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

beforeAll(async () => {
  const response = await post(`${API}/auth/v1/user`, { email: 'super@brizo.test', password: DEMO_PASSWORD });
  vendorRefreshCookie = cookieValue(response, COOKIE) ?? '';
});

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

describe('one-time code by email (Code strategy)', () => {
  beforeAll(() => useStrategy('Code'));

  it('mails a 6-digit code that signs in once', async () => {
    const { user } = await createUser(server().db, server().passwords);
    expect((await preLogin('code', { email: user.email, username: '' })).statusCode).toBe(200);
    const code = await mailedCode(user.email);
    expect(code).toMatch(/^\d{6}$/);
    const response = await postLogin('code', { email: user.email, token: code });
    expect(response.statusCode).toBe(200);
    expect(response.json().userEmail).toBe(user.email);
    const replay = expectErrorShape(await postLogin('code', { email: user.email, token: code }), 400);
    expect(replay).toEqual({
      errors: ['The code is incorrect or has expired'],
      errorCode: 'ER-PASSWORDLESS-INVALID-CODE',
    });
  });

  it('does not bypass a second factor: an enrolled user gets an MFA challenge, not a session', async () => {
    const { user } = await createUser(server().db, server().passwords);
    await insertMfaDevice(server().db, {
      userId: user.id,
      type: 'email',
      now: server().clock.now(),
    });
    await preLogin('code', { email: user.email });
    const response = await postLogin('code', { email: user.email, token: await mailedCode(user.email) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ mfaRequired: true, mfaToken: expect.any(String) });
    expect(response.json().accessToken).toBeUndefined();
    expect(cookieValue(response, COOKIE)).toBeUndefined();
  });

  it('dies after 5 wrong guesses, even for the right code afterwards', async () => {
    const { user } = await createUser(server().db, server().passwords);
    await preLogin('code', { email: user.email });
    const code = await mailedCode(user.email);
    for (let guess = 0; guess < 5; guess += 1) {
      expectErrorShape(await postLogin('code', { email: user.email, token: wrongCodeFor(code) }), 400);
    }
    expectErrorShape(await postLogin('code', { email: user.email, token: code }), 400);
  });

  it('expires after 10 minutes', async () => {
    const { user } = await createUser(server().db, server().passwords);
    await preLogin('code', { email: user.email });
    const code = await mailedCode(user.email);
    server().clock.advanceSeconds(PASSWORDLESS_TTL_SECONDS + 1);
    expectErrorShape(await postLogin('code', { email: user.email, token: code }), 400);
  });

  it("one user's code does not sign in another user", async () => {
    const { user: alice } = await createUser(server().db, server().passwords);
    const { user: bob } = await createUser(server().db, server().passwords);
    await preLogin('code', { email: alice.email });
    await preLogin('code', { email: bob.email });
    const aliceCode = await mailedCode(alice.email);
    const bobCode = await mailedCode(bob.email);
    if (aliceCode !== bobCode) {
      expectErrorShape(await postLogin('code', { email: bob.email, token: aliceCode }), 400);
    }
  });

  it('answers an unknown email like a known one, at pre-login and post-login', async () => {
    const { user } = await createUser(server().db, server().passwords);
    const known = await preLogin('code', { email: user.email });
    const unknown = await preLogin('code', { email: 'ghost@acme-foods.test' });
    expect(unknown.body).toBe(known.body);
    const wrongKnown = await postLogin('code', { email: user.email, token: '000000' });
    const wrongUnknown = await postLogin('code', { email: 'ghost@acme-foods.test', token: '000000' });
    expect(wrongUnknown.statusCode).toBe(wrongKnown.statusCode);
    expect(wrongUnknown.json()).toEqual(wrongKnown.json());
  });
});

describe('one-time code by SMS (SmsCode strategy, quick SMS login)', () => {
  beforeAll(() => useStrategy('SmsCode'));

  it('texts a code to the phone of the account found by email, which signs in once', async () => {
    const phoneNumber = uniquePhone();
    const { user } = await createUser(server().db, server().passwords, { phoneNumber });
    const pre = await preLogin('smscode', { email: user.email, username: '' });
    expect(pre.statusCode).toBe(200);
    expect(pre.json()).toEqual({});
    const code = await textedCode(phoneNumber);
    const response = await postLogin('smscode', { email: user.email, token: code });
    expect(response.statusCode).toBe(200);
    expectErrorShape(await postLogin('smscode', { email: user.email, token: code }), 400);
  });

  it('quick SMS login: by phone number in any notation, echoing it normalised', async () => {
    const phoneNumber = uniquePhone();
    const { user } = await createUser(server().db, server().passwords, {
      phoneNumber: `${phoneNumber.slice(0, 2)} ${phoneNumber.slice(2, 5)}-${phoneNumber.slice(5)}`,
    });
    const spaced = `${phoneNumber.slice(0, 5)} ${phoneNumber.slice(5)}`;
    const pre = await preLogin('smscode', { phoneNumber: spaced });
    expect(pre.json()).toEqual({ phoneNumber });
    const code = await textedCode(phoneNumber);
    const response = await postLogin('smscode', { phoneNumber, token: code });
    expect(response.statusCode).toBe(200);
    expect(response.json().userId).toBe(user.id);
  });

  it('quick SMS login right after a phone sign-up: by user id', async () => {
    const phoneNumber = uniquePhone();
    const { user } = await createUser(server().db, server().passwords, { phoneNumber });
    expect((await preLogin('smscode', { userId: user.id })).json()).toEqual({});
    const code = await textedCode(phoneNumber);
    expectErrorShape(await postLogin('smscode', { userId: 'not-a-uuid', token: code }), 400);
    const response = await postLogin('smscode', { userId: user.id, token: code });
    expect(response.statusCode).toBe(200);
    expect(response.json().userId).toBe(user.id);
  });

  it('an unknown phone number, or an account without one, gets the same answer and no text', async () => {
    const { user } = await createUser(server().db, server().passwords, { phoneNumber: null });
    const known = await preLogin('smscode', { email: user.email });
    const unknown = await preLogin('smscode', { email: 'ghost-sms@acme-foods.test' });
    expect(unknown.body).toBe(known.body);
    const nobody = uniquePhone();
    expect((await preLogin('smscode', { phoneNumber: nobody })).json()).toEqual({ phoneNumber: nobody });
    expect(await listOutboxSms(server().db, { to: nobody, limit: 5 })).toHaveLength(0);
  });

  it('expires after 10 minutes', async () => {
    const phoneNumber = uniquePhone();
    const { user } = await createUser(server().db, server().passwords, { phoneNumber });
    await preLogin('smscode', { email: user.email });
    const code = await textedCode(phoneNumber);
    server().clock.advanceSeconds(PASSWORDLESS_TTL_SECONDS + 1);
    expectErrorShape(await postLogin('smscode', { email: user.email, token: code }), 400);
  });
});

describe('bad input: 400 with the error shape, never a 500', () => {
  beforeAll(() => useStrategy('Code'));

  it('pre-login', async () => {
    const bad: [string, unknown][] = [
      ['code', {}],
      ['code', { email: '' }],
      ['code', { email: 'not-an-email' }],
      ['code', { email: 42 }],
      ['code', { email: ['a@b.test'] }],
      ['code', { phoneNumber: '12345' }],
      ['code', { phoneNumber: 15550100199 }],
      ['code', { username: '' }],
      ['code', []],
      ['telepathy', { email: 'a@acme-foods.test' }],
    ];
    for (const [type, body] of bad) {
      const response = await preLogin(type, body);
      expectErrorShape(response, 400);
    }
    const missing = expectErrorShape(await preLogin('code', {}), 400);
    expect(missing.errorCode).toBe('ER-PASSWORDLESS-IDENTIFIER-REQUIRED');
  });

  it('post-login', async () => {
    const bad: [string, unknown][] = [
      ['code', { email: 'a@acme-foods.test' }],
      ['code', { email: 'a@acme-foods.test', token: '' }],
      ['code', { email: 'a@acme-foods.test', token: 123456 }],
      ['code', { email: 'a@acme-foods.test', token: 'x'.repeat(600) }],
      ['code', { email: 'a@acme-foods.test', token: '12345a' }],
      ['code', { token: '123456' }],
      ['code', null],
      ['magiclink', { token: null }],
    ];
    for (const [type, body] of bad) expectErrorShape(await postLogin(type, body), 400);
    const malformed = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/passwordless/code/postlogin`,
      headers: { 'content-type': 'application/json' },
      payload: '{"token": ',
    });
    expectErrorShape(malformed, 400);
  });
});
