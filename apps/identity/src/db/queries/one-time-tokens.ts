import { and, eq, gt, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.js';
import { oneTimeTokens, type OneTimeTokenPurpose } from '../schema/index.js';

export type OneTimeTokenRow = typeof oneTimeTokens.$inferSelect;

export async function insertOneTimeToken(
  db: Db,
  token: { userId: string; purpose: OneTimeTokenPurpose; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(oneTimeTokens).values({
    userId: token.userId,
    purpose: token.purpose,
    tokenHash: token.tokenHash,
    createdAt: token.now,
    expiresAt: token.expiresAt,
  });
}

/** The token with this hash if it is unused and unexpired at `now` and meets `conditions`. */
async function findUsable(db: Db, tokenHash: string, now: Date, conditions: SQL[]) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, tokenHash),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, now),
        ...conditions,
      ),
    )
    .limit(1);
  return row;
}

/** The token, if it is this user's, of this purpose, unused and unexpired at `now`. */
export function findUsableOneTimeToken(
  db: Db,
  query: { userId: string; purpose: OneTimeTokenPurpose; tokenHash: string; now: Date },
): Promise<OneTimeTokenRow | undefined> {
  return findUsable(db, query.tokenHash, query.now, [
    eq(oneTimeTokens.userId, query.userId),
    eq(oneTimeTokens.purpose, query.purpose),
  ]);
}

/** A token presented without its user id (unlock links): unused, unexpired, of one of the purposes. */
export function findUsableOneTimeTokenByHash(
  db: Db,
  query: { tokenHash: string; purposes: OneTimeTokenPurpose[]; now: Date },
): Promise<OneTimeTokenRow | undefined> {
  return findUsable(db, query.tokenHash, query.now, [inArray(oneTimeTokens.purpose, query.purposes)]);
}

/** Uses the token once: false when it was used meanwhile (single use holds under concurrency). */
export async function consumeOneTimeToken(db: Db, tokenId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(and(eq(oneTimeTokens.id, tokenId), isNull(oneTimeTokens.usedAt)))
    .returning({ id: oneTimeTokens.id });
  return rows.length === 1;
}

/** Retires every open token of a purpose, so only the newest mailed link works. */
export async function retireOneTimeTokens(
  db: Db,
  userId: string,
  purpose: OneTimeTokenPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: now })
    .where(
      and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)),
    );
}

/** Activation by code: binds a new mailed code to an open token (earlier codes and guesses are forgotten). */
export async function setOneTimeTokenCode(
  db: Db,
  tokenId: string,
  code: { codeHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .update(oneTimeTokens)
    .set({ codeHash: code.codeHash, codeExpiresAt: code.expiresAt, codeAttempts: 0 })
    .where(eq(oneTimeTokens.id, tokenId));
}

/**
 * Spends one guess on the token's code and says whether it was right. The guess is counted in the
 * same statement that checks the limit, so parallel guesses cannot exceed `maxAttempts`.
 */
export async function guessOneTimeTokenCode(
  db: Db,
  query: { tokenId: string; codeHash: string; now: Date; maxAttempts: number },
): Promise<boolean> {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ codeAttempts: sql`${oneTimeTokens.codeAttempts} + 1` })
    .where(
      and(
        eq(oneTimeTokens.id, query.tokenId),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.codeExpiresAt, query.now),
        lt(oneTimeTokens.codeAttempts, query.maxAttempts),
      ),
    )
    .returning({ codeHash: oneTimeTokens.codeHash });
  return row?.codeHash === query.codeHash;
}
