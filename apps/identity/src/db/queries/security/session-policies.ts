import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { refreshTokenFamilies, sessionPolicies } from '../../schema/index.js';

export type SessionPolicyRow = typeof sessionPolicies.$inferSelect;
export type SessionPolicyChanges = Partial<Omit<SessionPolicyRow, 'tenantId' | 'createdAt' | 'updatedAt'>>;

export async function findSessionPolicy(db: Db, tenantId: string): Promise<SessionPolicyRow | undefined> {
  const [row] = await db.select().from(sessionPolicies).where(eq(sessionPolicies.tenantId, tenantId));
  return row;
}

/** Creates the tenant's row with the defaults when missing, then applies the changes. */
export async function upsertSessionPolicy(
  db: Db,
  tenantId: string,
  changes: SessionPolicyChanges,
  now: Date,
): Promise<SessionPolicyRow> {
  const [row] = await db
    .insert(sessionPolicies)
    .values({ tenantId, ...changes, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: sessionPolicies.tenantId, set: { ...changes, updatedAt: sql`${now}` } })
    .returning();
  if (!row) throw new Error('upsertSessionPolicy returned no row');
  return row;
}

/**
 * Max concurrent sessions: revokes the user's oldest live sessions in the tenant beyond the
 * policy's limit, in one statement that does nothing when the tenant has no active limit; the sessions ended.
 */
export async function revokeSessionsBeyondLimit(
  db: Db,
  session: { userId: string; tenantId: string; now: Date },
): Promise<string[]> {
  const live = db
    .select({
      id: refreshTokenFamilies.id,
      rank: sql<number>`row_number() over (order by ${refreshTokenFamilies.createdAt} desc, ${refreshTokenFamilies.id})`.as(
        'rank',
      ),
    })
    .from(refreshTokenFamilies)
    .where(
      and(
        eq(refreshTokenFamilies.userId, session.userId),
        eq(refreshTokenFamilies.tenantId, session.tenantId),
        isNull(refreshTokenFamilies.revokedAt),
      ),
    )
    .as('live');
  const ended = await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: session.now, revokedReason: 'max concurrent sessions' })
    .where(
      sql`${refreshTokenFamilies.id} in (
        select ${live.id} from ${live}
        join ${sessionPolicies} on ${sessionPolicies.tenantId} = ${session.tenantId}
          and ${sessionPolicies.concurrentSessionsActive}
        where ${live.rank} > ${sessionPolicies.maxConcurrentSessions}
      )`,
    )
    .returning({ id: refreshTokenFamilies.id });
  return ended.map((row) => row.id);
}
