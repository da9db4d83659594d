import { beforeAll, describe, expect, it } from 'vitest';
import { insertMfaDevice } from '../../../db/queries/mfa.js';
import { COOKIE, usePasswordlessServer, wrongCodeFor } from '../../passwordless/passwordless-support.js';
import { PASSWORDLESS_TTL_SECONDS } from '../../passwordless/service.js';
import { createUser } from '../../../../test/factories.js';
import { API, cookieValue, expectErrorShape } from '../../../../test/harness.js';

// Issue 3: passwordless sign-in (magic link, email code, SMS code) and its security properties.

const { server, preLogin, postLogin, useStrategy, mailedCode } = usePasswordlessServer();

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
