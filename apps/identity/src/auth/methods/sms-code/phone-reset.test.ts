import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../db/queries/audit-logs.js';
import { listOutboxSms } from '../../../db/queries/sms-outbox.js';
import { findUserById } from '../../../db/queries/users.js';
import { DEMO_PASSWORD } from '../../../services/seed.js';
import { PHONE_RESET_MAX_ATTEMPTS, PHONE_RESET_TTL_SECONDS } from './phone-reset.js';
import { createUser } from '../../../../test/factories.js';
import { API, expectErrorShape, json, mailTo, useTestServer } from '../../../../test/harness.js';
import { mfaClient, type Session } from '../../../../test/mfa-support.js';

// Issue 3, SPEC section 4 "Phone reset": ResetPhoneNumber → VerifyResetPhoneNumber → ChangePhoneNumber,
// and the signed-in change of the number proven by SMS.
const server = useTestServer();
const client = mfaClient(server);
const OLD_PHONE = '+15550100111';
const unknownToken = 'b'.repeat(43);

const send = (
  method: 'POST' | 'PUT',
  path: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) => server().app.inject({ method, url: `${API}/users/v1${path}`, payload: payload as object, headers });
const bearer = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });

const userWithPhone = async () =>
  (await createUser(server().db, server().passwords, { phoneNumber: OLD_PHONE })).user;

/** A distinct number per test: the SMS outbox is shared by the file. */
let phoneSeq = 100;
const newPhone = () => `+1555020${String(phoneSeq++).padStart(4, '0')}`;

const mailedCode = async (email: string) => {
  const [mail] = await mailTo(server().db, email);
  const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
};
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

const requestReset = async (email: string) => {
  const response = await send('POST', '/phone/reset', { email });
  expect(response.statusCode).toBe(200);
  return json<{ resetPhoneNumberToken: string }>(response).resetPhoneNumberToken;
};

const verifiedReset = async (email: string) => {
  const resetPhoneNumberToken = await requestReset(email);
  const response = await send('POST', '/phone/reset/verify', {
    resetPhoneNumberToken,
    code: await mailedCode(email),
  });
  expect(response.statusCode).toBe(200);
  return json<{ changePhoneNumberToken: string }>(response).changePhoneNumberToken;
};

describe('phone number reset: email code, then the change token', () => {
  it('sets the new number, notifies by email and audits every step', async () => {
    const user = await userWithPhone();
    const changePhoneNumberToken = await verifiedReset(user.email);
    const phone = newPhone();
    const changed = await send('PUT', '/phone/change', {
      changePhoneNumberToken,
      phoneNumber: `${phone.slice(0, 2)} ${phone.slice(2, 5)}-${phone.slice(5)}`,
    });
    expect(changed.statusCode).toBe(200);
    expect((await findUserById(server().db, user.id))?.phoneNumber).toBe(phone);

    const [notice] = await mailTo(server().db, user.email);
    expect(notice?.subject).toBe('The phone number of your Brizo FoodMetrics account changed');
    expect(notice?.text).toContain(`ending in ${phone.slice(-4)}`);
    expect(notice?.text).not.toContain(phone);

    const actions = (await listAuditLogsByEmail(server().db, user.email)).map((entry) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'Phone number reset requested',
        'Phone number reset code verified',
        'User changed phone number',
      ]),
    );
    expect(actions.filter((action) => action === 'User changed phone number')).toHaveLength(1);
  });

  it('is single use: neither the reset token nor the change token works twice', async () => {
    const user = await userWithPhone();
    const resetPhoneNumberToken = await requestReset(user.email);
    const code = await mailedCode(user.email);
    const first = await send('POST', '/phone/reset/verify', { resetPhoneNumberToken, code });
    expect(first.statusCode).toBe(200);
    const again = await send('POST', '/phone/reset/verify', { resetPhoneNumberToken, code });
    expect(expectErrorShape(again, 400).errorCode).toBe('ER-PHONE-RESET-INVALID-CODE');

    const { changePhoneNumberToken } = json<{ changePhoneNumberToken: string }>(first);
    const phone = newPhone();
    expect(
      (await send('PUT', '/phone/change', { changePhoneNumberToken, phoneNumber: phone })).statusCode,
    ).toBe(200);
    const reused = await send('PUT', '/phone/change', { changePhoneNumberToken, phoneNumber: newPhone() });
    expect(expectErrorShape(reused, 400).errorCode).toBe('ER-PHONE-RESET-INVALID-TOKEN');
    expect((await findUserById(server().db, user.id))?.phoneNumber).toBe(phone);
  });

  it('answers an unknown email like a known one, and its token never verifies (no enumeration)', async () => {
    const email = 'nobody-phone-reset@acme-foods.test';
    const response = await send('POST', '/phone/reset', { email });
    expect(response.statusCode).toBe(200);
    const { resetPhoneNumberToken } = json<{ resetPhoneNumberToken: string }>(response);
    expect(resetPhoneNumberToken).toMatch(/^[\w-]{43}$/);
    expect(await mailTo(server().db, email)).toHaveLength(0);

    const unknown = await send('POST', '/phone/reset/verify', { resetPhoneNumberToken, code: '123456' });
    const user = await userWithPhone();
    const known = await requestReset(user.email);
    const wrong = await send('POST', '/phone/reset/verify', {
      resetPhoneNumberToken: known,
      code: wrongCode(await mailedCode(user.email)),
    });
    expect(expectErrorShape(unknown, 400)).toEqual(expectErrorShape(wrong, 400));
    const audits = await listAuditLogsByEmail(server().db, email);
    expect(audits.map((entry) => entry.action)).toContain('Phone number reset requested for no user');
  });

  it(`closes after ${PHONE_RESET_MAX_ATTEMPTS} wrong codes: the right one no longer works`, async () => {
    const user = await userWithPhone();
    const resetPhoneNumberToken = await requestReset(user.email);
    const code = await mailedCode(user.email);
    for (let attempt = 0; attempt < PHONE_RESET_MAX_ATTEMPTS; attempt++) {
      expectErrorShape(
        await send('POST', '/phone/reset/verify', { resetPhoneNumberToken, code: wrongCode(code) }),
        400,
      );
    }
    expectErrorShape(await send('POST', '/phone/reset/verify', { resetPhoneNumberToken, code }), 400);
    const rejected = (await listAuditLogsByEmail(server().db, user.email)).filter(
      (entry) => entry.action === 'Phone number change code rejected',
    );
    expect(rejected).toHaveLength(PHONE_RESET_MAX_ATTEMPTS);
  });

  it('expires: the code after 10 minutes, the change token 10 minutes after the code', async () => {
    expect(PHONE_RESET_TTL_SECONDS).toBeLessThanOrEqual(600);
    const user = await userWithPhone();
    const resetPhoneNumberToken = await requestReset(user.email);
    const code = await mailedCode(user.email);
    server().clock.advanceSeconds(PHONE_RESET_TTL_SECONDS + 1);
    expectErrorShape(await send('POST', '/phone/reset/verify', { resetPhoneNumberToken, code }), 400);

    const changePhoneNumberToken = await verifiedReset(user.email);
    server().clock.advanceSeconds(PHONE_RESET_TTL_SECONDS + 1);
    const late = await send('PUT', '/phone/change', { changePhoneNumberToken, phoneNumber: newPhone() });
    expectErrorShape(late, 400);
    expect((await findUserById(server().db, user.id))?.phoneNumber).toBe(OLD_PHONE);
  });

  it('honours only the newest request: an earlier code stops working', async () => {
    const user = await userWithPhone();
    const first = await requestReset(user.email);
    const firstCode = await mailedCode(user.email);
    server().clock.advanceSeconds(server().config.recipientPauseSeconds); // the per-recipient pause (issue 10)
    await requestReset(user.email);
    expectErrorShape(
      await send('POST', '/phone/reset/verify', { resetPhoneNumberToken: first, code: firstCode }),
      400,
    );
  });

  it("leads to the SMS sign-in: the old number's code dies, the new number gets one at once", async () => {
    const vendor = json<Session>(await client.login('super@brizo.test', DEMO_PASSWORD));
    const setStrategy = (strategy: string) =>
      server().app.inject({
        method: 'PUT',
        url: `${API}/configurations/v1/auth/strategies`,
        headers: bearer(vendor.accessToken),
        payload: { mainAuthStrategies: [{ strategy }] },
      });
    const preLogin = (email: string) =>
      server().app.inject({
        method: 'POST',
        url: `${API}/auth/v1/passwordless/smscode/prelogin`,
        payload: { email },
      });
    const postLogin = (email: string, token: string) =>
      server().app.inject({
        method: 'POST',
        url: `${API}/auth/v1/passwordless/smscode/postlogin`,
        payload: { email, token },
      });
    const textedCode = async (phone: string) => {
      const [sms] = await listOutboxSms(server().db, { to: phone, limit: 1 });
      return sms?.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    };
    expect((await setStrategy('SmsCode')).statusCode).toBe(200);
    try {
      const oldPhone = newPhone();
      const { user } = await createUser(server().db, server().passwords, { phoneNumber: oldPhone });
      // The lost phone was sent a code just before (a thief holding it could read it).
      expect((await preLogin(user.email)).statusCode).toBe(200);
      const oldCode = await textedCode(oldPhone);
      expect(oldCode).toMatch(/^\d{6}$/);

      const phone = newPhone();
      const changePhoneNumberToken = await verifiedReset(user.email);
      await send('PUT', '/phone/change', { changePhoneNumberToken, phoneNumber: phone });
      expectErrorShape(await postLogin(user.email, oldCode), 400);

      expect((await preLogin(user.email)).statusCode).toBe(200);
      const signedIn = await postLogin(user.email, await textedCode(phone));
      expect(signedIn.statusCode).toBe(200);
      expect(json(signedIn).accessToken).toEqual(expect.any(String));
    } finally {
      expect((await setStrategy('EmailAndPassword')).statusCode).toBe(200);
    }
  });
});

describe('signed-in change of the phone number, proven by SMS', () => {
  const signIn = async () => {
    const user = await userWithPhone();
    return { user, session: json<Session>(await client.login(user.email)) };
  };

  it('texts a code to the new number; the code makes it the account number', async () => {
    const { user, session } = await signIn();
    const phone = newPhone();
    const started = await send('POST', '/phone', { phoneNumber: phone }, bearer(session.accessToken));
    expect(started.statusCode).toBe(200);
    const { changePhoneId } = json<{ changePhoneId: string }>(started);
    const code = await client.latestSmsCode(phone);

    const wrong = await send(
      'POST',
      '/phone/verify',
      { changePhoneId, code: wrongCode(code) },
      bearer(session.accessToken),
    );
    expect(expectErrorShape(wrong, 400).errorCode).toBe('ER-PHONE-RESET-INVALID-CODE');
    expect((await findUserById(server().db, user.id))?.phoneNumber).toBe(OLD_PHONE);

    const verified = await send(
      'POST',
      '/phone/verify',
      { changePhoneId, code },
      bearer(session.accessToken),
    );
    expect(verified.statusCode).toBe(200);
    expect((await findUserById(server().db, user.id))?.phoneNumber).toBe(phone);
    const reused = await send('POST', '/phone/verify', { changePhoneId, code }, bearer(session.accessToken));
    expectErrorShape(reused, 400);
  });

  it("refuses another user's change id", async () => {
    const first = await signIn();
    const second = await signIn();
    const phone = newPhone();
    const started = await send('POST', '/phone', { phoneNumber: phone }, bearer(first.session.accessToken));
    const { changePhoneId } = json<{ changePhoneId: string }>(started);
    const code = await client.latestSmsCode(phone);
    const stolen = await send(
      'POST',
      '/phone/verify',
      { changePhoneId, code },
      bearer(second.session.accessToken),
    );
    expectErrorShape(stolen, 400);
    expect((await findUserById(server().db, second.user.id))?.phoneNumber).toBe(OLD_PHONE);
  });
});

describe('bad input on the phone endpoints: 4xx with the error shape, never a 500', () => {
  const cases: ['POST' | 'PUT', string, unknown][] = [
    ['POST', '/phone/reset', {}],
    ['POST', '/phone/reset', { email: 'not-an-email' }],
    ['POST', '/phone/reset', { email: 42 }],
    ['POST', '/phone/reset/verify', {}],
    ['POST', '/phone/reset/verify', { resetPhoneNumberToken: unknownToken }],
    ['POST', '/phone/reset/verify', { resetPhoneNumberToken: unknownToken, code: '12345' }],
    ['POST', '/phone/reset/verify', { resetPhoneNumberToken: 7, code: '123456' }],
    ['POST', '/phone/reset/verify', { resetPhoneNumberToken: unknownToken, code: ['123456'] }],
    ['POST', '/phone/reset/verify', { resetPhoneNumberToken: unknownToken, code: '123456' }],
    ['PUT', '/phone/change', {}],
    ['PUT', '/phone/change', { changePhoneNumberToken: unknownToken }],
    ['PUT', '/phone/change', { changePhoneNumberToken: unknownToken, phoneNumber: 'call me' }],
    ['PUT', '/phone/change', { changePhoneNumberToken: unknownToken, phoneNumber: 15550100199 }],
    ['PUT', '/phone/change', { changePhoneNumberToken: unknownToken, phoneNumber: '+15550100199' }],
  ];
  it.each(cases)('%s %s %j', async (method, path, payload) => {
    expectErrorShape(await send(method, path, payload), 400);
  });

  it('answers 401 without a token on the signed-in routes, and 400 for bad fields with one', async () => {
    expectErrorShape(await send('POST', '/phone', { phoneNumber: '+15550100199' }), 401);
    expectErrorShape(
      await send('POST', '/phone/verify', { changePhoneId: crypto.randomUUID(), code: '123456' }),
      401,
    );
    expectErrorShape(
      await send('POST', '/phone', { phoneNumber: '+15550100199' }, { authorization: 'Bearer not-a-token' }),
      401,
    );
    const { user } = await createUser(server().db, server().passwords);
    const session = json<Session>(await client.login(user.email));
    const auth = bearer(session.accessToken);
    expectErrorShape(await send('POST', '/phone', {}, auth), 400);
    expectErrorShape(await send('POST', '/phone', { phoneNumber: '12' }, auth), 400);
    expectErrorShape(
      await send('POST', '/phone/verify', { changePhoneId: 'nope', code: '123456' }, auth),
      400,
    );
    expectErrorShape(await send('POST', '/phone/verify', { changePhoneId: crypto.randomUUID() }, auth), 400);
    expectErrorShape(
      await send('POST', '/phone/verify', { changePhoneId: crypto.randomUUID(), code: '123456' }, auth),
      400,
    );
  });
});
