import { and, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../client.js';
import { executeRows } from '../rows.js';
import {
  breachedPasswordDetections,
  memberships,
  mfaDevices,
  passwordStates,
  users,
} from '../schema/index.js';

export interface TenantUserCounts {
  totalUsers: number;
  mfaEnrolled: number;
  staleUsers: number;
  breachedPasswords: number;
}

/** A detection still counts while the password was not changed after it. */
const breachedStillCurrent = sql`(${passwordStates.changedAt} is null or ${passwordStates.changedAt} <= ${breachedPasswordDetections.detectedAt})`;

/**
 * Whether the user's current password was found on the breached list at a sign-in: one definition for
 * the recommendation's count, the bulk reset and the breached-passwords table of the users list.
 */
export const breachedPasswordStillCurrent = (userId: SQL) => sql`exists (
  select 1 from ${breachedPasswordDetections}
  left join ${passwordStates} on ${passwordStates.userId} = ${breachedPasswordDetections.userId}
  where ${breachedPasswordDetections.userId} = ${userId} and ${breachedStillCurrent})`;

const countsRow = z.object({
  total: z.coerce.number(),
  mfa: z.coerce.number(),
  stale: z.coerce.number(),
  breached: z.coerce.number(),
});

/** The security center's figures for one tenant, in one statement. */
export async function countTenantUsers(
  db: Db,
  tenantId: string,
  staleBefore: Date,
): Promise<TenantUserCounts> {
  const stale = staleBefore.toISOString();
  const [row] = await executeRows(
    db,
    sql`
      select
        count(*)::int as total,
        count(*) filter (where exists (
          select 1 from ${mfaDevices} where ${mfaDevices.userId} = ${users.id}
        ))::int as mfa,
        count(*) filter (where coalesce(${users.lastLogin}, ${users.createdAt}) < ${stale})::int as stale,
        count(*) filter (where ${breachedPasswordStillCurrent(sql`${users.id}`)})::int as breached
      from ${memberships} join ${users} on ${users.id} = ${memberships.userId}
      where ${memberships.tenantId} = ${tenantId}
    `,
  );
  const counts = countsRow.parse(row);
  return {
    totalUsers: counts.total,
    mfaEnrolled: counts.mfa,
    staleUsers: counts.stale,
    breachedPasswords: counts.breached,
  };
}

/** Members of the tenant whose last sign-in used a password on the breached list (and still do). */
export async function listBreachedPasswordUsers(
  db: Db,
  tenantId: string,
): Promise<{ id: string; email: string }[]> {
  return db
    .select({ id: users.id, email: users.email })
    .from(breachedPasswordDetections)
    .innerJoin(users, eq(users.id, breachedPasswordDetections.userId))
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.tenantId, tenantId)))
    .leftJoin(passwordStates, eq(passwordStates.userId, users.id))
    .where(breachedStillCurrent)
    .limit(10_000);
}

export async function recordBreachedPassword(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .insert(breachedPasswordDetections)
    .values({ userId, detectedAt: now })
    .onConflictDoUpdate({ target: breachedPasswordDetections.userId, set: { detectedAt: sql`${now}` } });
}
