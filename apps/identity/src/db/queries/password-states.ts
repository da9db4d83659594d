import { and, desc, eq, gt, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { passwordHistory, passwordStates, refreshTokenFamilies } from '../schema/index.js';

/** Counts one more failed password and returns the new count (one statement, safe under races). */
export async function incrementFailedAttempts(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .insert(passwordStates)
    .values({ userId, failedAttempts: 1, changedAt: now })
    .onConflictDoUpdate({
      target: passwordStates.userId,
      set: { failedAttempts: sql`${passwordStates.failedAttempts} + 1` },
    })
    .returning({ failedAttempts: passwordStates.failedAttempts });
  return row?.failedAttempts ?? 1;
}

export async function resetFailedAttempts(db: Db, userId: string): Promise<void> {
  await db
    .update(passwordStates)
    .set({ failedAttempts: 0 })
    .where(and(eq(passwordStates.userId, userId), gt(passwordStates.failedAttempts, 0)));
}

/** Records a new password: its change time, and the old hash in the history. */
export async function recordPasswordChange(
  db: Db,
  change: { userId: string; previousHash: string | null; now: Date },
): Promise<void> {
  const { userId, previousHash, now } = change;
  await db
    .insert(passwordStates)
    .values({ userId, changedAt: now, failedAttempts: 0 })
    .onConflictDoUpdate({ target: passwordStates.userId, set: { changedAt: now, failedAttempts: 0 } });
  if (previousHash) {
    await db.insert(passwordHistory).values({ userId, passwordHash: previousHash, createdAt: now });
  }
}

/** The user's most recent earlier password hashes, newest first. */
export async function findRecentPasswordHashes(db: Db, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ passwordHash: passwordHistory.passwordHash })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(limit);
  return rows.map((row) => row.passwordHash);
}

/** Keeps only the newest `keep` history entries of a user (the policy allows at most 10). */
export async function prunePasswordHistory(db: Db, userId: string, keep: number): Promise<void> {
  const newest = db
    .select({ id: passwordHistory.id })
    .from(passwordHistory)
    .where(eq(passwordHistory.userId, userId))
    .orderBy(desc(passwordHistory.createdAt), desc(passwordHistory.id))
    .limit(keep);
  await db
    .delete(passwordHistory)
    .where(and(eq(passwordHistory.userId, userId), notInArray(passwordHistory.id, newest)));
}

/** Signs the user out everywhere but this session (after a password change); the sessions ended. */
export async function revokeOtherFamiliesOfUser(
  db: Db,
  userId: string,
  keepFamilyId: string,
  now: Date,
): Promise<string[]> {
  const ended = await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: now, revokedReason: 'password changed' })
    .where(
      and(
        eq(refreshTokenFamilies.userId, userId),
        ne(refreshTokenFamilies.id, keepFamilyId),
        isNull(refreshTokenFamilies.revokedAt),
      ),
    )
    .returning({ id: refreshTokenFamilies.id });
  return ended.map((row) => row.id);
}
