import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { profileVerifications, type ProfileVerificationKind } from '../../schema/index.js';

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

/** Issue 10: an open email-revert link by the hash of its token (the link carries no user id). */
export async function findOpenEmailRevert(
  db: Db,
  query: { tokenHash: string; now: Date },
): Promise<ProfileVerificationRow | undefined> {
  const [row] = await db
    .select()
    .from(profileVerifications)
    .where(
      and(
        eq(profileVerifications.kind, 'emailRevert'),
        eq(profileVerifications.codeHash, query.tokenHash),
        isNull(profileVerifications.usedAt),
        gt(profileVerifications.expiresAt, query.now),
      ),
    )
    .limit(1);
  return row;
}

/** Every open verification of the user ends (a revert undoes whatever was pending too). */
export async function retireProfileVerificationsOfUser(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(profileVerifications)
    .set({ usedAt: now })
    .where(and(eq(profileVerifications.userId, userId), isNull(profileVerifications.usedAt)));
}

/**
 * A revert link is added without retiring the earlier ones: after two changes in a row (A to B,
 * then B to C) the link mailed to A must still give A back.
 */
export async function insertEmailRevert(
  db: Db,
  revert: { userId: string; oldEmail: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(profileVerifications).values({
    userId: revert.userId,
    kind: 'emailRevert',
    target: revert.oldEmail,
    codeHash: revert.tokenHash,
    createdAt: revert.now,
    expiresAt: revert.expiresAt,
  });
}
