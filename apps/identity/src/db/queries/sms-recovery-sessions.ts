import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { smsRecoverySessions } from '../schema/index.js';

export type SmsRecoverySessionRow = typeof smsRecoverySessions.$inferSelect;

export async function insertSmsRecoverySession(
  db: Db,
  session: { id: string; userId: string; codeHash: string; now: Date; expiresAt: Date },
): Promise<string> {
  // Only the newest code of a user works.
  await db
    .update(smsRecoverySessions)
    .set({ usedAt: session.now })
    .where(and(eq(smsRecoverySessions.userId, session.userId), isNull(smsRecoverySessions.usedAt)));
  const [row] = await db
    .insert(smsRecoverySessions)
    .values({
      id: session.id,
      userId: session.userId,
      codeHash: session.codeHash,
      createdAt: session.now,
      expiresAt: session.expiresAt,
    })
    .returning({ id: smsRecoverySessions.id });
  if (!row) throw new Error('insertSmsRecoverySession returned no row');
  return row.id;
}

/** Counts one guess against an open session and returns it (before the guess), if still usable. */
export async function takeSmsRecoveryGuess(
  db: Db,
  query: { sessionId: string; now: Date; maxAttempts: number },
): Promise<SmsRecoverySessionRow | undefined> {
  const [row] = await db
    .update(smsRecoverySessions)
    .set({ attempts: sql`${smsRecoverySessions.attempts} + 1` })
    .where(
      and(
        eq(smsRecoverySessions.id, query.sessionId),
        isNull(smsRecoverySessions.usedAt),
        gt(smsRecoverySessions.expiresAt, query.now),
        lt(smsRecoverySessions.attempts, query.maxAttempts),
      ),
    )
    .returning();
  return row;
}

/** Uses the session once: false when it was used meanwhile. */
export async function consumeSmsRecoverySession(db: Db, sessionId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(smsRecoverySessions)
    .set({ usedAt: now })
    .where(and(eq(smsRecoverySessions.id, sessionId), isNull(smsRecoverySessions.usedAt)))
    .returning({ id: smsRecoverySessions.id });
  return rows.length === 1;
}
