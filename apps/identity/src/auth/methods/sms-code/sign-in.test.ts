import { beforeAll, describe, expect, it } from 'vitest';
import { listOutboxSms } from '../../../db/queries/sms-outbox.js';
import { uniquePhone, usePasswordlessServer } from '../../passwordless/passwordless-support.js';
import { PASSWORDLESS_TTL_SECONDS } from '../../passwordless/service.js';
import { createUser } from '../../../../test/factories.js';
import { expectErrorShape } from '../../../../test/harness.js';

// Issue 3: passwordless sign-in (magic link, email code, SMS code) and its security properties.

const { server, preLogin, postLogin, useStrategy, textedCode } = usePasswordlessServer();

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
