import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findUserById } from '../../../../src/db/queries/users.js';
import {
  profileImages,
  profileVerifications,
  refreshTokenFamilies,
} from '../../../../src/db/schema/index.js';
import { auditCount, failingInserts } from '../../../atomic-support.js';
import { createUser } from '../../../factories.js';
import { API, expectErrorShape, json, mailTo, uniqueEmail, useTestServer } from '../../../harness.js';
import { mfaClient, type Session } from '../../../mfa-support.js';

// Issue 10: the profile update, the email change (its code, the change itself) and its revert each
// write their rows, their audit row and their mail in one transaction: a failure of the last
// statement leaves the profile, the address and the codes and links as they were.
const server = useTestServer();
const client = mfaClient(server);
const inserts = failingInserts(server);

// A 1x1 PNG.
const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

async function signedIn() {
  const { user } = await createUser(server().db, server().passwords);
  const accessToken = json<Session>(await client.login(user.email)).accessToken;
  const call = (method: 'PUT' | 'POST', path: string, payload: object) =>
    server().app.inject({
      method,
      url: `${API}${path}`,
      payload,
      headers: { authorization: `Bearer ${accessToken}` },
    });
  const me = () =>
    server().app.inject({
      method: 'GET',
      url: `${API}/users/v2/me`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
  return { user, call, me };
}

const emailCodesOf = (userId: string) =>
  server()
    .db.select()
    .from(profileVerifications)
    .where(and(eq(profileVerifications.userId, userId), eq(profileVerifications.kind, 'email')));

const codeIn = async (email: string) => {
  const code = (await mailTo(server().db, email))[0]?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
};

describe('issue 10: the profile update is atomic', () => {
  it('a profile update whose audit row fails keeps the name and stores no picture', async () => {
    const { user, call } = await signedIn();
    await inserts.failAudit('User updated profile');
    const changes = { name: 'Renamed Person', profilePictureUrl: PNG_DATA_URL };
    expectErrorShape(await call('PUT', '/users/v2/me', changes), 500);
    const stored = await findUserById(server().db, user.id);
    expect(stored?.name).toBe(user.name);
    expect(stored?.profilePictureUrl).toBeNull();
    expect(await server().db.select().from(profileImages).where(eq(profileImages.userId, user.id))).toEqual(
      [],
    );

    await inserts.restore('audit_logs');
    expect((await call('PUT', '/users/v2/me', changes)).statusCode).toBe(200);
    expect((await findUserById(server().db, user.id))?.name).toBe('Renamed Person');
  });
});

describe('issue 10: the email change is atomic', () => {
  it('a code whose mail fails leaves no code and no audit row', async () => {
    const { user, call } = await signedIn();
    await inserts.fail('mail_outbox');
    expectErrorShape(await call('POST', '/users/v1/email/me', { email: uniqueEmail('moved') }), 500);
    expect(await emailCodesOf(user.id)).toEqual([]);
    expect(await auditCount(server(), 'User requested email change', user.id)).toBe(0);
  });

  it('a proven address whose notice fails keeps the old address and the code usable', async () => {
    const { user, call } = await signedIn();
    const email = uniqueEmail('moved');
    await call('POST', '/users/v1/email/me', { email });
    const proof = { email, code: await codeIn(email) };

    await inserts.fail('mail_outbox');
    expectErrorShape(await call('POST', '/users/v1/email/me/verify', proof), 500);
    expect((await findUserById(server().db, user.id))?.email).toBe(user.email);
    expect(await auditCount(server(), 'User changed email', user.id)).toBe(0);
    const codes = await emailCodesOf(user.id);
    expect(codes.map((row) => row.usedAt)).toEqual([null]);

    await inserts.restore('mail_outbox');
    expect((await call('POST', '/users/v1/email/me/verify', proof)).statusCode).toBe(200);
    expect((await findUserById(server().db, user.id))?.email).toBe(email);
  });

  it('a wrong code is still counted and audited', async () => {
    const { user, call } = await signedIn();
    const email = uniqueEmail('moved');
    await call('POST', '/users/v1/email/me', { email });
    const code = await codeIn(email);
    const wrong = { email, code: code === '000000' ? '111111' : '000000' };
    expectErrorShape(await call('POST', '/users/v1/email/me/verify', wrong), 400);
    expect(await auditCount(server(), 'Email change code rejected', user.id)).toBe(1);
    expect((await emailCodesOf(user.id))[0]?.attempts).toBe(1);
  });

  it('a revert whose audit row fails keeps the new address, the password, the sessions and their access tokens', async () => {
    const { user, call, me } = await signedIn();
    const email = uniqueEmail('taker');
    await call('POST', '/users/v1/email/me', { email });
    await call('POST', '/users/v1/email/me/verify', { email, code: await codeIn(email) });
    const link = (await mailTo(server().db, user.email))[0]?.text.match(
      /\S+\/account\/revert-email\?\S+/,
    )?.[0];
    const token = new URL(link ?? 'http://missing').searchParams.get('token') ?? '';
    const revert = () =>
      server().app.inject({ method: 'POST', url: `${API}/users/v1/email/revert`, payload: { token } });
    const openSessions = () =>
      server()
        .db.select()
        .from(refreshTokenFamilies)
        .where(and(eq(refreshTokenFamilies.userId, user.id), isNull(refreshTokenFamilies.revokedAt)));
    const sessions = (await openSessions()).length;
    expect(sessions).toBeGreaterThan(0);

    await inserts.failAudit('User reverted email change');
    expectErrorShape(await revert(), 500);
    const stored = await findUserById(server().db, user.id);
    expect(stored?.email).toBe(email);
    expect(stored?.passwordHash).toBe(user.passwordHash);
    expect(await openSessions()).toHaveLength(sessions);
    // The access tokens are revoked with the commit, not before it: nothing was reverted.
    expect((await me()).statusCode).toBe(200);

    await inserts.restore('audit_logs');
    expect((await revert()).statusCode).toBe(200);
    expect((await findUserById(server().db, user.id))?.email).toBe(user.email);
    expectErrorShape(await me(), 401);
  });
});
