import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findUserById } from '../../../../src/db/queries/users.js';
import { oneTimeTokens, phoneNumberChanges, smsRecoverySessions } from '../../../../src/db/schema/index.js';
import { auditCount, failingInserts } from '../../../atomic-support.js';
import { createUser } from '../../../factories.js';
import { API, expectErrorShape, json, useTestServer } from '../../../harness.js';
import { mfaClient, type Session } from '../../../mfa-support.js';

// Issue 10: the phone number's reset and change, and password recovery by SMS, write their rows, their
// audit row and their mail or text message in one transaction: a failure of the last statement leaves
// the number, the code and the tokens as they were. Wrong codes stay counted and audited.
const server = useTestServer();
const client = mfaClient(server);
const inserts = failingInserts(server);
const OLD_PHONE = '+15550300111';

const send = (method: 'POST' | 'PUT', path: string, payload: object, accessToken?: string) =>
  server().app.inject({
    method,
    url: `${API}/users${path}`,
    payload,
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });

const newPhone = () => `+1555${randomInt(1_000_000, 9_999_999)}`;
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');
const phoneOf = async (userId: string) => (await findUserById(server().db, userId))?.phoneNumber;

const changesOf = (userId: string) =>
  server().db.select().from(phoneNumberChanges).where(eq(phoneNumberChanges.userId, userId));

async function resetRequested() {
  const { user } = await createUser(server().db, server().passwords, { phoneNumber: OLD_PHONE });
  const requested = await send('POST', '/v1/phone/reset', { email: user.email });
  const { resetPhoneNumberToken } = json<{ resetPhoneNumberToken: string }>(requested);
  return { user, resetPhoneNumberToken, code: await client.latestCode(user.email) };
}

async function signedIn() {
  const { user } = await createUser(server().db, server().passwords, { phoneNumber: OLD_PHONE });
  return { user, accessToken: json<Session>(await client.login(user.email)).accessToken };
}

describe('issue 10: the phone number reset is atomic', () => {
  it('a reset code whose mail fails leaves no code and no audit row', async () => {
    const { user } = await createUser(server().db, server().passwords, { phoneNumber: OLD_PHONE });
    await inserts.fail('mail_outbox');
    // The answer goes before the mail (no enumeration): the failure is the background task's.
    expect((await send('POST', '/v1/phone/reset', { email: user.email })).statusCode).toBe(200);
    expect(await changesOf(user.id)).toEqual([]);
    expect(await auditCount(server(), 'Phone number reset requested', user.id)).toBe(0);
  });

  it('a proven reset code whose audit row fails hands out no change token and stays usable', async () => {
    const { user, resetPhoneNumberToken, code } = await resetRequested();
    await inserts.failAudit('Phone number reset code verified');
    expectErrorShape(await send('POST', '/v1/phone/reset/verify', { resetPhoneNumberToken, code }), 500);
    const [change] = await changesOf(user.id);
    expect(change?.verifiedAt).toBeNull();
    expect(change?.changeTokenHash).toBeNull();
    expect(change?.attempts).toBe(0);

    await inserts.restore('audit_logs');
    const again = await send('POST', '/v1/phone/reset/verify', { resetPhoneNumberToken, code });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a wrong reset code is still counted and audited', async () => {
    const { user, resetPhoneNumberToken, code } = await resetRequested();
    const wrong = await send('POST', '/v1/phone/reset/verify', {
      resetPhoneNumberToken,
      code: wrongCode(code),
    });
    expectErrorShape(wrong, 400);
    expect(await auditCount(server(), 'Phone number change code rejected', user.id)).toBe(1);
    expect((await changesOf(user.id))[0]?.attempts).toBe(1);
  });

  it('a new number whose notice fails keeps the old number and the change token usable', async () => {
    const { user, resetPhoneNumberToken, code } = await resetRequested();
    const verified = await send('POST', '/v1/phone/reset/verify', { resetPhoneNumberToken, code });
    const { changePhoneNumberToken } = json<{ changePhoneNumberToken: string }>(verified);
    const phoneNumber = newPhone();

    await inserts.fail('mail_outbox');
    expectErrorShape(await send('PUT', '/v1/phone/change', { changePhoneNumberToken, phoneNumber }), 500);
    expect(await phoneOf(user.id)).toBe(OLD_PHONE);
    expect(await auditCount(server(), 'User changed phone number', user.id)).toBe(0);

    await inserts.restore('mail_outbox');
    const again = await send('PUT', '/v1/phone/change', { changePhoneNumberToken, phoneNumber });
    expect(again.statusCode, again.body).toBe(200);
    expect(await phoneOf(user.id)).toBe(phoneNumber);
  });
});

describe('issue 10: the signed-in phone number change is atomic', () => {
  it('a code whose text message fails leaves no change and no audit row', async () => {
    const { user, accessToken } = await signedIn();
    await inserts.fail('sms_outbox');
    expectErrorShape(await send('POST', '/v1/phone', { phoneNumber: newPhone() }, accessToken), 500);
    expect(await changesOf(user.id)).toEqual([]);
    expect(await auditCount(server(), 'Phone number change code sent', user.id)).toBe(0);
  });

  it('a proven number whose notice fails keeps the old number and the code usable', async () => {
    const { user, accessToken } = await signedIn();
    const phoneNumber = newPhone();
    const started = await send('POST', '/v1/phone', { phoneNumber }, accessToken);
    const proof = {
      changePhoneId: json<{ changePhoneId: string }>(started).changePhoneId,
      code: await client.latestSmsCode(phoneNumber),
    };

    await inserts.fail('mail_outbox');
    expectErrorShape(await send('POST', '/v1/phone/verify', proof, accessToken), 500);
    expect(await phoneOf(user.id)).toBe(OLD_PHONE);
    expect((await changesOf(user.id))[0]?.usedAt).toBeNull();

    await inserts.restore('mail_outbox');
    expect((await send('POST', '/v1/phone/verify', proof, accessToken)).statusCode).toBe(200);
    expect(await phoneOf(user.id)).toBe(phoneNumber);
  });

  it('a wrong texted code is still counted and audited', async () => {
    const { user, accessToken } = await signedIn();
    const phoneNumber = newPhone();
    const started = await send('POST', '/v1/phone', { phoneNumber }, accessToken);
    const { changePhoneId } = json<{ changePhoneId: string }>(started);
    const code = wrongCode(await client.latestSmsCode(phoneNumber));
    expectErrorShape(await send('POST', '/v1/phone/verify', { changePhoneId, code }, accessToken), 400);
    expect(await auditCount(server(), 'Phone number change code rejected', user.id)).toBe(1);
    expect((await changesOf(user.id))[0]?.attempts).toBe(1);
  });
});

describe('issue 10: password recovery by SMS is atomic', () => {
  let recoveryOn = false;
  async function userWithPhone() {
    if (!recoveryOn) {
      const { user: vendor } = await createUser(server().db, server().passwords, { superUser: true });
      const { accessToken } = json<Session>(await client.login(vendor.email));
      const response = await server().app.inject({
        method: 'POST',
        url: `${API}/configurations/v1/password-recovery/strategies`,
        headers: { authorization: `Bearer ${accessToken}` },
        payload: [{ strategy: 'sms', isActive: true }],
      });
      expect(response.statusCode, response.body).toBe(200);
      recoveryOn = true;
    }
    const phoneNumber = newPhone();
    const { user } = await createUser(server().db, server().passwords, { phoneNumber });
    return { user, phoneNumber };
  }
  const recover = (path: '' | '/verify', payload: object) =>
    send('POST', `/v2/passwords/reset/sms${path}`, payload);
  const sessionsOf = (userId: string) =>
    server().db.select().from(smsRecoverySessions).where(eq(smsRecoverySessions.userId, userId));
  const resetTokensOf = (userId: string) =>
    server()
      .db.select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, 'password-reset')));

  it('a code whose text message fails leaves no recovery session and no audit row', async () => {
    const { user } = await userWithPhone();
    await inserts.fail('sms_outbox');
    expect((await recover('', { identifier: user.email, identifierType: 'email' })).statusCode).toBe(200);
    expect(await sessionsOf(user.id)).toEqual([]);
    expect(await auditCount(server(), 'Password reset code sent by SMS', user.id)).toBe(0);
  });

  it('a proven code whose audit row fails issues no reset token and stays usable', async () => {
    const { user, phoneNumber } = await userWithPhone();
    const sent = await recover('', { identifier: user.email, identifierType: 'email' });
    const proof = {
      sessionId: json<{ sessionId: string }>(sent).sessionId,
      otcToken: await client.latestSmsCode(phoneNumber),
    };

    await inserts.failAudit('Password reset code verified');
    expectErrorShape(await recover('/verify', proof), 500);
    expect(await resetTokensOf(user.id)).toEqual([]);
    expect((await sessionsOf(user.id))[0]?.usedAt).toBeNull();

    await inserts.restore('audit_logs');
    const again = await recover('/verify', proof);
    expect(again.statusCode, again.body).toBe(200);
    expect(await resetTokensOf(user.id)).toHaveLength(1);
  });

  it('a wrong code is still counted and audited', async () => {
    const { user, phoneNumber } = await userWithPhone();
    const sent = await recover('', { identifier: user.email, identifierType: 'email' });
    const wrong = {
      sessionId: json<{ sessionId: string }>(sent).sessionId,
      otcToken: wrongCode(await client.latestSmsCode(phoneNumber)),
    };
    expectErrorShape(await recover('/verify', wrong), 400);
    expect(await auditCount(server(), 'Password reset code rejected', user.id)).toBe(1);
    expect((await sessionsOf(user.id))[0]?.attempts).toBe(1);
  });
});
