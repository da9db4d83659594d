import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  mfaChallenges,
  oauthAuthorizationCodes,
  passwordStates,
  refreshTokenFamilies,
  refreshTokens,
} from '../db/schema/index.js';
import { hashToken } from '../lib/secrets.js';
import { auditCount, failingInserts } from '../../test/atomic-support.js';
import { createUser } from '../../test/factories.js';
import { API, expectErrorShape, json, useTestServer } from '../../test/harness.js';
import { accessTokenOf } from '../../test/lifecycle-helpers.js';
import { mfaClient } from '../../test/mfa-support.js';
import { CALLBACK, codeFor, token } from '../../test/oauth-helpers.js';

// Issue 10: the sign-in flows write their session, tokens and audit rows in one transaction.
const server = useTestServer();
const client = mfaClient(server);
const inserts = failingInserts(server);

describe('issue 10: sign-in flows are atomic', () => {
  it('a password login whose MFA challenge fails to be audited leaves no challenge behind', async () => {
    const created = await createUser(server().db, server().passwords);
    await client.setPolicy(created.tenant.id, 'Force');
    await inserts.failAudit('User passed the first factor, MFA required');
    expectErrorShape(await client.login(created.user.email), 500);
    const challenges = await server()
      .db.select()
      .from(mfaChallenges)
      .where(eq(mfaChallenges.userId, created.user.id));
    expect(challenges).toEqual([]);
    await inserts.restore('audit_logs');
    expect(json<{ mfaRequired: boolean }>(await client.login(created.user.email)).mfaRequired).toBe(true);
  });

  // Issue 17: a sign-in with nothing else to write runs its session start, one statement, without a
  // transaction; one that also resets the failed-attempt count opens one.
  it('a password login whose audit row fails starts no session', async () => {
    const created = await createUser(server().db, server().passwords);
    await inserts.failAudit('User logged in');
    expectErrorShape(await client.login(created.user.email), 500);
    const families = () =>
      server().db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.userId, created.user.id));
    expect(await families()).toEqual([]);
    await inserts.restore('audit_logs');
    expect((await client.login(created.user.email)).statusCode).toBe(200);
    expect(await families()).toHaveLength(1);
  });

  it('a password login whose session fails keeps the failed-attempt count it would have reset', async () => {
    const created = await createUser(server().db, server().passwords);
    await server().db.insert(passwordStates).values({ userId: created.user.id, failedAttempts: 2 });
    const failedAttempts = async () =>
      (await server().db.select().from(passwordStates).where(eq(passwordStates.userId, created.user.id)))[0]
        ?.failedAttempts;
    await inserts.fail('refresh_token_families');
    expectErrorShape(await client.login(created.user.email), 500);
    expect(await failedAttempts()).toBe(2);
    await inserts.restore('refresh_token_families');
    expect((await client.login(created.user.email)).statusCode).toBe(200);
    expect(await failedAttempts()).toBe(0);
  });

  it('an impersonation whose session fails leaves no audit row of it', async () => {
    const { user: vendor } = await createUser(server().db, server().passwords, { superUser: true });
    const { user } = await createUser(server().db, server().passwords);
    const actorToken = await accessTokenOf(server(), vendor.email);
    await inserts.fail('refresh_token_families');
    const response = await server().app.inject({
      method: 'POST',
      url: `${API}/impersonation/v1`,
      payload: { impersonatedUserId: user.id, actorToken },
    });
    expectErrorShape(response, 500);
    expect(await auditCount(server(), 'Impersonation started', vendor.id)).toBe(0);
  });

  it('an OAuth code exchange whose audit row fails issues no refresh token and leaves the code usable', async () => {
    const { code, verifier } = await codeFor(server());
    const familyTokens = async () => {
      const [spent] = await server()
        .db.select()
        .from(oauthAuthorizationCodes)
        .where(eq(oauthAuthorizationCodes.codeHash, hashToken(code)));
      return server()
        .db.select()
        .from(refreshTokens)
        .where(eq(refreshTokens.familyId, spent?.familyId ?? ''));
    };
    const before = (await familyTokens()).length;
    await inserts.failAudit('User logged in with the hosted login');
    const exchange = () =>
      token(server(), {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CALLBACK,
        code_verifier: verifier,
      });
    expect((await exchange()).statusCode).toBe(500);
    expect(await familyTokens()).toHaveLength(before);
    await inserts.restore('audit_logs');
    const again = await exchange();
    expect(again.statusCode, again.body).toBe(200);
  });
});
