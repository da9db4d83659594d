import { and, eq, gt, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.js';
import { phoneNumberChanges, type PhoneNumberChangePurpose } from '../schema/index.js';

export type PhoneNumberChangeRow = typeof phoneNumberChanges.$inferSelect;

/** Starts a change; earlier open ones of the user and purpose stop working (only the newest code counts). */
export async function insertPhoneNumberChange(
  db: Db,
  change: {
    userId: string;
    purpose: PhoneNumberChangePurpose;
    tokenHash?: string | null;
    codeHash: string;
    phoneNumber?: string | null;
    now: Date;
    expiresAt: Date;
  },
): Promise<string> {
  const { now, ...values } = change;
  await db
    .update(phoneNumberChanges)
    .set({ usedAt: now })
    .where(
      and(
        eq(phoneNumberChanges.userId, change.userId),
        eq(phoneNumberChanges.purpose, change.purpose),
        isNull(phoneNumberChanges.usedAt),
      ),
    );
  const [row] = await db
    .insert(phoneNumberChanges)
    .values({ ...values, createdAt: now })
    .returning({ id: phoneNumberChanges.id });
  if (!row) throw new Error('insertPhoneNumberChange returned no row');
  return row.id;
}

/**
 * Counts one guess of the code against an open, unproven change and returns it; undefined when
 * there is none (unknown, expired, used, proven already, or out of guesses).
 */
async function takeGuess(
  db: Db,
  match: SQL | undefined,
  now: Date,
  maxAttempts: number,
): Promise<PhoneNumberChangeRow | undefined> {
  const [row] = await db
    .update(phoneNumberChanges)
    .set({ attempts: sql`${phoneNumberChanges.attempts} + 1` })
    .where(
      and(
        match,
        isNull(phoneNumberChanges.verifiedAt),
        isNull(phoneNumberChanges.usedAt),
        gt(phoneNumberChanges.expiresAt, now),
        lt(phoneNumberChanges.attempts, maxAttempts),
      ),
    )
    .returning();
  return row;
}

/** A guess of the emailed code of a phone reset, by its resetPhoneNumberToken. */
export const takePhoneResetGuess = (db: Db, query: { tokenHash: string; now: Date; maxAttempts: number }) =>
  takeGuess(
    db,
    and(eq(phoneNumberChanges.tokenHash, query.tokenHash), eq(phoneNumberChanges.purpose, 'reset')),
    query.now,
    query.maxAttempts,
  );

/** A guess of the texted code of a signed-in user's change (changePhoneId = the row id). */
export const takePhoneChangeGuess = (
  db: Db,
  query: { id: string; userId: string; now: Date; maxAttempts: number },
) =>
  takeGuess(
    db,
    and(
      eq(phoneNumberChanges.id, query.id),
      eq(phoneNumberChanges.userId, query.userId),
      eq(phoneNumberChanges.purpose, 'change'),
    ),
    query.now,
    query.maxAttempts,
  );

/**
 * The reset's code is proven: the reset token is spent and the change token takes over, with its
 * own expiry. False when another request proved it meanwhile.
 */
export async function markPhoneResetVerified(
  db: Db,
  update: { id: string; changeTokenHash: string; now: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .update(phoneNumberChanges)
    .set({ verifiedAt: update.now, changeTokenHash: update.changeTokenHash, expiresAt: update.expiresAt })
    .where(
      and(
        eq(phoneNumberChanges.id, update.id),
        isNull(phoneNumberChanges.verifiedAt),
        isNull(phoneNumberChanges.usedAt),
      ),
    )
    .returning({ id: phoneNumberChanges.id });
  return rows.length === 1;
}

/** Uses a proven reset's change token once; undefined when unknown, expired or used. */
export async function consumePhoneChangeToken(
  db: Db,
  query: { changeTokenHash: string; now: Date },
): Promise<PhoneNumberChangeRow | undefined> {
  const [row] = await db
    .update(phoneNumberChanges)
    .set({ usedAt: query.now })
    .where(
      and(
        eq(phoneNumberChanges.changeTokenHash, query.changeTokenHash),
        eq(phoneNumberChanges.purpose, 'reset'),
        isNotNull(phoneNumberChanges.verifiedAt),
        isNull(phoneNumberChanges.usedAt),
        gt(phoneNumberChanges.expiresAt, query.now),
      ),
    )
    .returning();
  return row;
}

/** Uses a change once: false when it was used meanwhile. */
export async function consumePhoneNumberChange(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(phoneNumberChanges)
    .set({ usedAt: now })
    .where(and(eq(phoneNumberChanges.id, id), isNull(phoneNumberChanges.usedAt)))
    .returning({ id: phoneNumberChanges.id });
  return rows.length === 1;
}
