import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { profileVerifications, type ProfileVerificationKind } from '../schema.js';

export type ProfileVerificationRow = typeof profileVerifications.$inferSelect;

/** Starts a verification; the user's earlier open ones of the same kind stop working (only the newest code counts). */
export async function insertProfileVerification(
  db: Db,
  verification: {
    userId: string;
    kind: ProfileVerificationKind;
    target: string;
    codeHash: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<string> {
  const { now, ...values } = verification;
  await db
    .update(profileVerifications)
    .set({ usedAt: now })
    .where(
      and(
        eq(profileVerifications.userId, verification.userId),
        eq(profileVerifications.kind, verification.kind),
        isNull(profileVerifications.usedAt),
      ),
    );
  const [row] = await db
    .insert(profileVerifications)
    .values({ ...values, createdAt: now })
    .returning({ id: profileVerifications.id });
  if (!row) throw new Error('insertProfileVerification returned no row');
  return row.id;
}

/**
 * Counts one guess against the user's open verification of `kind` and `target` and returns it;
 * undefined when there is none (unknown, expired, used, or out of guesses).
 */
export async function takeProfileVerificationGuess(
  db: Db,
  match: { userId: string; kind: ProfileVerificationKind; target: string; now: Date; maxAttempts: number },
): Promise<ProfileVerificationRow | undefined> {
  const [row] = await db
    .update(profileVerifications)
    .set({ attempts: sql`${profileVerifications.attempts} + 1` })
    .where(
      and(
        eq(profileVerifications.userId, match.userId),
        eq(profileVerifications.kind, match.kind),
        eq(profileVerifications.target, match.target),
        isNull(profileVerifications.usedAt),
        gt(profileVerifications.expiresAt, match.now),
        lt(profileVerifications.attempts, match.maxAttempts),
      ),
    )
    .returning();
  return row;
}

/** Single use: true only for the one caller that marked it used. */
export async function consumeProfileVerification(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(profileVerifications)
    .set({ usedAt: now })
    .where(and(eq(profileVerifications.id, id), isNull(profileVerifications.usedAt)))
    .returning({ id: profileVerifications.id });
  return rows.length > 0;
}
