import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listOutboxSms } from '../../../db/queries/sms-outbox.js';
import { createUser, TEST_PASSWORD } from '../../../../test/factories.js';
import { API, expectErrorShape, useTestServer } from '../../../../test/harness.js';
import { accessTokenOf, passwordLogin, setPolicy } from '../../../../test/lifecycle-helpers.js';

const server = useTestServer();
const NEW_PASSWORD = 'Another-Secret-77!';

const send = (payload: unknown) =>
  server().app.inject({
    method: 'POST',
    url: `${API}/users/v2/passwords/reset/sms`,
    payload: payload as Record<string, unknown>,
  });
const verify = (payload: unknown) =>
  server().app.inject({
    method: 'POST',
    url: `${API}/users/v2/passwords/reset/sms/verify`,
    payload: payload as Record<string, unknown>,
  });
const newPhone = () => `+1555${randomInt(1_000_000, 9_999_999)}`;

async function codeTextedTo(phoneNumber: string): Promise<string> {
  const [sms] = await listOutboxSms(server().db, { to: phoneNumber, limit: 1 });
  const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code texted to ${phoneNumber}`);
  return code;
}

async function enableSmsRecovery(on: boolean) {
  const { user } = await createUser(server().db, server().passwords, { superUser: true });
  const authorization = `Bearer ${await accessTokenOf(server(), user.email)}`;
  const response = await setPolicy(server(), authorization, 'password-recovery/strategies', [
    { strategy: 'sms', isActive: on },
  ]);
  expect(response.statusCode).toBe(200);
}

describe('password recovery by SMS', () => {
  it('is refused while the sms strategy is off (the default)', async () => {
    const body = expectErrorShape(await send({ identifier: 'a@b.test', identifierType: 'email' }), 400);
    expect(body.errorCode).toBe('ER-LIFECYCLE-RECOVERY-INACTIVE');
  });

  it('texts a code for the email or the phone number; the code gives a single-use reset token', async () => {
    await enableSmsRecovery(true);
    const phoneNumber = newPhone();
    const { user } = await createUser(server().db, server().passwords, { phoneNumber });
    for (const [identifier, identifierType] of [
      [user.email, 'email'],
      [phoneNumber, 'phoneNumber'],
    ] as const) {
      server().clock.advanceSeconds(server().config.recipientPauseSeconds); // the per-recipient pause (issue 10)
      const sent = await send({ identifier, identifierType });
      expect(sent.statusCode).toBe(200);
      const { sessionId } = sent.json<{ sessionId: string }>();
      const code = await codeTextedTo(phoneNumber);
      const verified = await verify({ sessionId, otcToken: code });
      expect(verified.statusCode).toBe(200);
      const { userId, token } = verified.json<{ userId: string; token: string }>();
      expect(userId).toBe(user.id);
      expectErrorShape(await verify({ sessionId, otcToken: code }), 400); // single use
      if (identifierType === 'phoneNumber') {
        const reset = await server().app.inject({
          method: 'POST',
          url: `${API}/users/v1/passwords/reset/verify`,
          payload: { userId, token, password: NEW_PASSWORD },
        });
        expect(reset.statusCode).toBe(200);
        expect((await passwordLogin(server(), user.email, NEW_PASSWORD)).statusCode).toBe(200);
      }
    }
  });

  it('answers the same shape for an unknown user or a user without a phone, and texts nothing', async () => {
    await enableSmsRecovery(true);
    const { user } = await createUser(server().db, server().passwords);
    const known = await send({ identifier: user.email, identifierType: 'email' });
    const unknown = await send({ identifier: 'nobody@acme-foods.test', identifierType: 'email' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(known.json())).toEqual(Object.keys(unknown.json()));
    expectErrorShape(
      await verify({ sessionId: unknown.json<{ sessionId: string }>().sessionId, otcToken: '123456' }),
      400,
    );
  });

  it('a code dies after 5 wrong guesses and after 10 minutes', async () => {
    await enableSmsRecovery(true);
    const phoneNumber = newPhone();
    await createUser(server().db, server().passwords, { phoneNumber });
    const first = (await send({ identifier: phoneNumber, identifierType: 'phoneNumber' })).json<{
      sessionId: string;
    }>();
    const code = await codeTextedTo(phoneNumber);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let guess = 0; guess < 5; guess += 1)
      expectErrorShape(await verify({ sessionId: first.sessionId, otcToken: wrong }), 400);
    expectErrorShape(await verify({ sessionId: first.sessionId, otcToken: code }), 400);

    const second = (await send({ identifier: phoneNumber, identifierType: 'phoneNumber' })).json<{
      sessionId: string;
    }>();
    const secondCode = await codeTextedTo(phoneNumber);
    server().clock.advanceSeconds(10 * 60 + 1);
    try {
      expectErrorShape(await verify({ sessionId: second.sessionId, otcToken: secondCode }), 400);
    } finally {
      server().clock.advanceSeconds(-(10 * 60 + 1));
    }
  });

  it.each([
    ['send without body', 'send', undefined],
    ['send without identifierType', 'send', { identifier: 'a@b.test' }],
    ['send with a bad identifierType', 'send', { identifier: 'a@b.test', identifierType: 'fax' }],
    ['send with a number identifier', 'send', { identifier: 5, identifierType: 'email' }],
    ['verify without sessionId', 'verify', { otcToken: '123456' }],
    ['verify with a bad sessionId', 'verify', { otcToken: '123456', sessionId: 'nope' }],
    [
      'verify with a short code',
      'verify',
      { otcToken: '12', sessionId: '00000000-0000-4000-8000-000000000000' },
    ],
    [
      'verify with a number code',
      'verify',
      { otcToken: 123456, sessionId: '00000000-0000-4000-8000-000000000000' },
    ],
  ])('bad input (%s) is a 400 with the error shape', async (_name, which, payload) => {
    await enableSmsRecovery(true);
    expectErrorShape(await (which === 'send' ? send(payload) : verify(payload)), 400);
  });

  it('keeps TEST_PASSWORD working for users who never reset', async () => {
    const { user } = await createUser(server().db, server().passwords);
    expect((await passwordLogin(server(), user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});
