// Issue 13: what the SAML, OIDC and social sign-ins share in the database: sign-ins in flight, accepted
// SAML assertion ids, hand-off codes to the web app, and identities at outside providers.
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  federatedLoginRequests,
  ssoAssertionIds,
  ssoHandoffs,
  userIdentities,
  type FederatedLoginKind,
} from '../schema/index.js';

export type FederatedLoginRequestRow = typeof federatedLoginRequests.$inferSelect;
export type NewFederatedLoginRequest = typeof federatedLoginRequests.$inferInsert;
export type SsoHandoffRow = typeof ssoHandoffs.$inferSelect;
export type UserIdentityRow = typeof userIdentities.$inferSelect;

export async function insertFederatedLoginRequest(db: Db, request: NewFederatedLoginRequest): Promise<void> {
  await db.insert(federatedLoginRequests).values(request);
}

/**
 * Takes a sign-in in flight once: the row if it is of this kind, unexpired and not taken yet at `now`;
 * a second call (a replayed callback, another instance) finds nothing.
 */
export async function consumeFederatedLoginRequest(
  db: Db,
  query: { id: string; kind: FederatedLoginKind; now: Date },
): Promise<FederatedLoginRequestRow | undefined> {
  const [row] = await db
    .update(federatedLoginRequests)
    .set({ consumedAt: query.now })
    .where(
      and(
        eq(federatedLoginRequests.id, query.id),
        eq(federatedLoginRequests.kind, query.kind),
        isNull(federatedLoginRequests.consumedAt),
        gt(federatedLoginRequests.expiresAt, query.now),
      ),
    )
    .returning();
  return row;
}

/**
 * Records a SAML assertion's id as accepted, until its validity ends: false when it was accepted before
 * (a replay), on this instance or another.
 */
export async function recordAssertionIdOnce(
  db: Db,
  entry: { connectionId: string; assertionId: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(ssoAssertionIds)
    .values(entry)
    .onConflictDoNothing()
    .returning({ assertionId: ssoAssertionIds.assertionId });
  return rows.length === 1;
}

export async function insertSsoHandoff(db: Db, handoff: typeof ssoHandoffs.$inferInsert): Promise<void> {
  await db.insert(ssoHandoffs).values(handoff);
}

/** Takes a hand-off code once, if unexpired. */
export async function consumeSsoHandoff(
  db: Db,
  query: { codeHash: string; now: Date },
): Promise<SsoHandoffRow | undefined> {
  const [row] = await db
    .update(ssoHandoffs)
    .set({ consumedAt: query.now })
    .where(
      and(
        eq(ssoHandoffs.codeHash, query.codeHash),
        isNull(ssoHandoffs.consumedAt),
        gt(ssoHandoffs.expiresAt, query.now),
      ),
    )
    .returning();
  return row;
}

export async function findUserIdentity(
  db: Db,
  key: { provider: string; connectionKey: string; subject: string },
): Promise<UserIdentityRow | undefined> {
  const [row] = await db
    .select()
    .from(userIdentities)
    .where(
      and(
        eq(userIdentities.provider, key.provider),
        eq(userIdentities.connectionKey, key.connectionKey),
        eq(userIdentities.subject, key.subject),
      ),
    )
    .limit(1);
  return row;
}

/** Links (or confirms the link of) an outside identity to a user, and notes this sign-in. */
export async function upsertUserIdentity(
  db: Db,
  identity: {
    userId: string;
    provider: string;
    connectionKey: string;
    subject: string;
    email: string;
    now: Date;
  },
): Promise<void> {
  const { now, ...values } = identity;
  await db
    .insert(userIdentities)
    .values({ ...values, createdAt: now, lastSignInAt: now })
    .onConflictDoUpdate({
      target: [userIdentities.provider, userIdentities.connectionKey, userIdentities.subject],
      set: { userId: values.userId, email: values.email, lastSignInAt: now },
    });
}

/** Housekeeping: drops sign-ins in flight, assertion ids and hand-offs past their expiry. */
export async function deleteExpiredFederatedState(db: Db, now: Date): Promise<void> {
  await db.delete(federatedLoginRequests).where(lt(federatedLoginRequests.expiresAt, now));
  await db.delete(ssoAssertionIds).where(lt(ssoAssertionIds.expiresAt, now));
  await db.delete(ssoHandoffs).where(lt(ssoHandoffs.expiresAt, now));
}
