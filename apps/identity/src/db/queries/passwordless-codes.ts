import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { executeRows } from '../rows.js';
import { passwordlessCodes, type PasswordlessType } from '../schema/index.js';

/**
 * Issues a code; earlier open codes of this user and type stop working (only the newest is valid).
 * One statement: the login path's one write. The pause between two codes is the recipient pause
 * (services/recipient-pause.ts), checked before.
 */
export async function issuePasswordlessCode(
  db: Db,
  code: {
    userId: string;
    type: PasswordlessType;
    codeHash: string;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  const now = code.now.toISOString();
  await executeRows(
    db,
    sql`
    with retired as (
      update ${passwordlessCodes} set used_at = ${now}::timestamptz
      where user_id = ${code.userId} and type = ${code.type} and used_at is null
    )
    insert into ${passwordlessCodes} (user_id, type, code_hash, created_at, expires_at)
    values (${code.userId}, ${code.type}, ${code.codeHash}, ${now}::timestamptz, ${code.expiresAt.toISOString()}::timestamptz)
    returning id`,
  );
}

/**
 * Uses a magic-link token once: marks it used and returns its user, or nothing when the token is
 * unknown, used, expired or of another type. One statement, so two clicks cannot both sign in.
 */
export async function consumePasswordlessToken(
  db: Db,
  presented: { type: PasswordlessType; codeHash: string; now: Date },
): Promise<{ userId: string } | undefined> {
  const [row] = await db
    .update(passwordlessCodes)
    .set({ usedAt: presented.now })
    .where(
      and(
        eq(passwordlessCodes.codeHash, presented.codeHash),
        eq(passwordlessCodes.type, presented.type),
        isNull(passwordlessCodes.usedAt),
        gt(passwordlessCodes.expiresAt, presented.now),
      ),
    )
    .returning({ userId: passwordlessCodes.userId });
  return row;
}

/**
 * One guess at a user's open code: counts the attempt and, when the hash matches, uses the code,
 * in one statement (no race between guessing and using). A code with `maxAttempts` wrong guesses
 * no longer answers. Returns whether the guess was right.
 */
export async function guessPasswordlessCode(
  db: Db,
  guess: { userId: string; type: PasswordlessType; codeHash: string; now: Date; maxAttempts: number },
): Promise<boolean> {
  const rows = await db
    .update(passwordlessCodes)
    .set({
      attempts: sql`${passwordlessCodes.attempts} + 1`,
      usedAt: sql`case when ${passwordlessCodes.codeHash} = ${guess.codeHash} then ${guess.now.toISOString()}::timestamptz else null end`,
    })
    .where(
      and(
        eq(passwordlessCodes.userId, guess.userId),
        eq(passwordlessCodes.type, guess.type),
        isNull(passwordlessCodes.usedAt),
        gt(passwordlessCodes.expiresAt, guess.now),
        lt(passwordlessCodes.attempts, guess.maxAttempts),
      ),
    )
    .returning({ usedAt: passwordlessCodes.usedAt });
  return rows.some((row) => row.usedAt !== null);
}

/** Whose code or token this is, in whatever state (to attribute a failed attempt in the audit log). */
export async function findPasswordlessCodeOwner(
  db: Db,
  presented: { type: PasswordlessType; codeHash: string },
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: passwordlessCodes.userId })
    .from(passwordlessCodes)
    .where(
      and(eq(passwordlessCodes.codeHash, presented.codeHash), eq(passwordlessCodes.type, presented.type)),
    )
    .limit(1);
  return row?.userId;
}

/**
 * Forgets a user's codes of a type (phone number reset: codes texted to the old number must not
 * work, and the resend pause must not hold back the first code to the new one).
 */
export async function deletePasswordlessCodesOfUser(
  db: Db,
  userId: string,
  type: PasswordlessType,
): Promise<void> {
  await db
    .delete(passwordlessCodes)
    .where(and(eq(passwordlessCodes.userId, userId), eq(passwordlessCodes.type, type)));
}
