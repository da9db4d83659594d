import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findUserById } from '../../db/queries/users.js';
import { updateVendorConfig } from '../../db/queries/vendor-config.js';
import { passwordlessCodes, refreshTokenFamilies } from '../../db/schema/index.js';
import { auditCount, failingInserts } from '../../../test/atomic-support.js';
import { createUser } from '../../../test/factories.js';
import { API, expectErrorShape, mailTo, useTestServer } from '../../../test/harness.js';
import { mfaClient } from '../../../test/mfa-support.js';

// Issue 10: a passwordless sign-in (the spent link or code, the account's verification or activation,
// the session and its audit row) is one transaction: when its last statement fails, the link or code
// still works and nothing of the sign-in was written. A wrong code is still counted and audited.
const server = useTestServer();
const client = mfaClient(server);
const inserts = failingInserts(server);
const SIGNED_IN = 'User logged in with passwordless';
const REFUSED = 'User failed to log in with passwordless';

/** Longer than the vendor settings' cache, so the server sees the new strategy. */
const VENDOR_CACHE_SECONDS = 6;

async function useStrategy(mainAuthStrategy: string) {
  await updateVendorConfig(server().db, { mainAuthStrategy });
  server().clock.advanceSeconds(VENDOR_CACHE_SECONDS);
}

const call = (type: string, step: 'prelogin' | 'postlogin', payload: Record<string, unknown>) =>
  server().app.inject({ method: 'POST', url: `${API}/auth/v1/passwordless/${type}/${step}`, payload });

const sessionsOf = (userId: string) =>
  server().db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.userId, userId));

async function magicToken(email: string): Promise<string> {
  const [mail] = await mailTo(server().db, email);
  const token = mail?.text.match(/magic-link\?token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no magic link mailed to ${email}`);
  return token;
}

let phoneSeq = 0;
const newPhone = () => `+1555031${String(phoneSeq++).padStart(4, '0')}`;

describe('issue 10: passwordless sign-in is atomic', () => {
  it('a magic link whose session fails leaves the account unverified and the link usable', async () => {
    await useStrategy('MagicLink');
    const { user } = await createUser(server().db, server().passwords, { verified: false });
    expect((await call('magiclink', 'prelogin', { email: user.email })).statusCode).toBe(200);
    const token = await magicToken(user.email);

    await inserts.failAudit(SIGNED_IN);
    expectErrorShape(await call('magiclink', 'postlogin', { token }), 500);
    expect(await sessionsOf(user.id)).toEqual([]);
    expect((await findUserById(server().db, user.id))?.verified).toBe(false);

    await inserts.restore('audit_logs');
    const again = await call('magiclink', 'postlogin', { token });
    expect(again.statusCode, again.body).toBe(200);
    expect((await findUserById(server().db, user.id))?.verified).toBe(true);
    expect(await sessionsOf(user.id)).toHaveLength(1);
  });

  it('an email code whose session fails starts no session and stays usable', async () => {
    await useStrategy('Code');
    const { user } = await createUser(server().db, server().passwords);
    await call('code', 'prelogin', { email: user.email });
    const code = await client.latestCode(user.email);

    await inserts.failAudit(SIGNED_IN);
    expectErrorShape(await call('code', 'postlogin', { email: user.email, token: code }), 500);
    expect(await sessionsOf(user.id)).toEqual([]);
    expect(await auditCount(server(), SIGNED_IN, user.id)).toBe(0);

    await inserts.restore('audit_logs');
    const again = await call('code', 'postlogin', { email: user.email, token: code });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('a wrong email code is still counted and audited (the refusal commits, then is recorded)', async () => {
    await useStrategy('Code');
    const { user } = await createUser(server().db, server().passwords);
    await call('code', 'prelogin', { email: user.email });
    const code = await client.latestCode(user.email);
    const wrong = code === '000000' ? '111111' : '000000';

    expectErrorShape(await call('code', 'postlogin', { email: user.email, token: wrong }), 400);
    expect(await auditCount(server(), REFUSED, user.id)).toBe(1);
    const [issued] = await server()
      .db.select()
      .from(passwordlessCodes)
      .where(and(eq(passwordlessCodes.userId, user.id), eq(passwordlessCodes.type, 'Code')));
    expect(issued?.attempts).toBe(1);
    expect(issued?.usedAt).toBeNull();
  });

  it('an SMS code that finishes a phone sign-up, whose session fails, leaves the account not activated', async () => {
    await useStrategy('SmsCode');
    const phoneNumber = newPhone();
    const { user } = await createUser(server().db, server().passwords, {
      phoneNumber,
      verified: false,
      password: null,
      vendorMetadata: JSON.stringify({ signUpIdentifier: 'phoneNumber', activated: false }),
    });
    await call('smscode', 'prelogin', { phoneNumber });
    const code = await client.latestSmsCode(phoneNumber);
    const activated = async () =>
      JSON.parse((await findUserById(server().db, user.id))?.vendorMetadata ?? '{}').activated as unknown;

    await inserts.failAudit(SIGNED_IN);
    expectErrorShape(await call('smscode', 'postlogin', { phoneNumber, token: code }), 500);
    expect(await sessionsOf(user.id)).toEqual([]);
    expect(await activated()).toBe(false);

    await inserts.restore('audit_logs');
    const again = await call('smscode', 'postlogin', { phoneNumber, token: code });
    expect(again.statusCode, again.body).toBe(200);
    expect(await activated()).toBe(true);
  });
});
