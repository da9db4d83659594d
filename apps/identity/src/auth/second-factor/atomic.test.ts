import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  mfaCodes,
  mfaDevices,
  mfaRecoveryCodes,
  mfaTrustedDevices,
  refreshTokenFamilies,
} from '../../db/schema/index.js';
import { createUser } from '../../../test/factories.js';
import { API, expectErrorShape, json, useTestServer } from '../../../test/harness.js';
import { auditCount, failingInserts } from '../../../test/atomic-support.js';
import { mfaClient, secretOf, totpCode, type Session } from '../../../test/mfa-support.js';

// Issue 10: each MFA flow writes its rows and its audit row in one transaction; a failure of its
// last statement leaves nothing of it behind, and its refusals are still audited and counted.
const server = useTestServer();
const client = mfaClient(server);
const inserts = failingInserts(server);

const sessionsOf = (userId: string) =>
  server()
    .db.select()
    .from(refreshTokenFamilies)
    .where(and(eq(refreshTokenFamilies.userId, userId), isNull(refreshTokenFamilies.revokedAt)));

async function signedIn() {
  const { user } = await createUser(server().db, server().passwords);
  const session = json<Session>(await client.login(user.email));
  const headers = { authorization: `Bearer ${session.accessToken}` };
  const post = (path: string, payload?: unknown) => client.post(`/users/v1/mfa${path}`, payload, headers);
  return { user, post };
}

describe('issue 10: MFA flows are atomic', () => {
  it('an SMS enrollment whose audit row fails adds no phone and keeps its code usable', async () => {
    const caller = await signedIn();
    const phone = '+15550409001';
    const started = await caller.post('/sms/enroll', { phoneNumber: phone });
    expect(started.statusCode, started.body).toBe(200);
    const proof = {
      otcToken: json<{ otcToken: string }>(started).otcToken,
      code: await client.latestSmsCode(phone),
    };
    await inserts.failAudit('User enrolled MFA');
    expectErrorShape(await caller.post('/sms/enroll/verify', proof), 500);
    const db = server().db;
    expect(await db.select().from(mfaDevices).where(eq(mfaDevices.userId, caller.user.id))).toEqual([]);
    expect(
      await db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, caller.user.id)),
    ).toEqual([]);
    await inserts.restore('audit_logs');
    const again = await caller.post('/sms/enroll/verify', proof);
    expect(again.statusCode, again.body).toBe(200);
    expect(json<{ recoveryCode?: string }>(again).recoveryCode).toBeTruthy();
  });

  it('an email-code removal whose audit row fails keeps the factor', async () => {
    const caller = await signedIn();
    const enroll = await caller.post('/emailcode/enroll');
    await caller.post('/emailcode/enroll/verify', {
      otcToken: json<{ otcToken: string }>(enroll).otcToken,
      code: await client.latestCode(caller.user.email),
    });
    const started = await caller.post('/emailcode/disable');
    expect(started.statusCode, started.body).toBe(200);
    const proof = {
      otcToken: json<{ otcToken: string }>(started).otcToken,
      code: await client.latestCode(caller.user.email),
    };
    await inserts.failAudit('User disabled MFA');
    expectErrorShape(await caller.post('/emailcode/disable/verify', proof), 500);
    expect(
      await server().db.select().from(mfaDevices).where(eq(mfaDevices.userId, caller.user.id)),
    ).toHaveLength(1);
    await inserts.restore('audit_logs');
    expect((await caller.post('/emailcode/disable/verify', proof)).statusCode).toBe(200);
  });

  it('a code sent whose message fails leaves no code and no audit row', async () => {
    const caller = await signedIn();
    await inserts.fail('mail_outbox');
    expectErrorShape(await caller.post('/emailcode/enroll'), 500);
    expect(await server().db.select().from(mfaCodes).where(eq(mfaCodes.userId, caller.user.id))).toEqual([]);
    expect(await auditCount(server(), 'MFA code sent', caller.user.id)).toBe(0);
  });

  it('a second factor whose remembered device fails starts no session and spends neither the mfaToken nor the code', async () => {
    const { user, secret } = await client.enrolledUser();
    const before = (await sessionsOf(user.id)).length;
    const audited = await auditCount(server(), 'User logged in with MFA', user.id);
    const challenge = await client.mfaChallenge(user.email);
    const proof = {
      mfaToken: challenge.mfaToken,
      value: totpCode(secret, server().clock.now()),
      rememberDevice: true,
    };
    await inserts.fail('mfa_trusted_devices');
    expectErrorShape(await client.post('/auth/v1/user/mfa/verify', proof), 500);
    expect(await sessionsOf(user.id)).toHaveLength(before);
    expect(await auditCount(server(), 'User logged in with MFA', user.id)).toBe(audited);
    await inserts.restore('mfa_trusted_devices');
    const again = await client.post('/auth/v1/user/mfa/verify', proof);
    expect(again.statusCode, again.body).toBe(200);
    expect(
      await server().db.select().from(mfaTrustedDevices).where(eq(mfaTrustedDevices.userId, user.id)),
    ).toHaveLength(1);
  });

  it('an enrollment during login whose session fails adds no authenticator', async () => {
    const created = await createUser(server().db, server().passwords);
    await client.setPolicy(created.tenant.id, 'Force');
    const challenge = await client.mfaChallenge(created.user.email);
    const secret = secretOf(challenge.qrCode ?? '');
    await inserts.fail('refresh_token_families');
    const enrolled = await client.post('/auth/v1/user/mfa/authenticator/enroll/verify', {
      mfaToken: challenge.mfaToken,
      token: totpCode(secret, server().clock.now()),
    });
    expectErrorShape(enrolled, 500);
    const db = server().db;
    expect(await db.select().from(mfaDevices).where(eq(mfaDevices.userId, created.user.id))).toEqual([]);
    expect(await auditCount(server(), 'User enrolled MFA', created.user.id)).toBe(0);
  });

  it('a refused code inside the flow is still audited and counted (the refusal is recorded after the rollback)', async () => {
    const { user } = await client.enrolledUser();
    const challenge = await client.mfaChallenge(user.email);
    const wrong = await client.post('/auth/v1/user/mfa/verify', {
      mfaToken: challenge.mfaToken,
      value: '000000',
    });
    expectErrorShape(wrong, 400);
    expect(await auditCount(server(), 'User failed MFA', user.id)).toBe(1);
  });

  it('an authenticator disabled whose audit row fails stays enrolled', async () => {
    const { user, secret, session } = await client.enrolledUser();
    const headers = { authorization: `Bearer ${session.accessToken}` };
    await inserts.failAudit('User disabled MFA');
    const disabled = await server().app.inject({
      method: 'POST',
      url: `${API}/users/v1/mfa/disable`,
      headers,
      payload: { token: totpCode(secret, server().clock.now()) },
    });
    expectErrorShape(disabled, 500);
    expect(await server().db.select().from(mfaDevices).where(eq(mfaDevices.userId, user.id))).toHaveLength(1);
  });
});
