import { and, eq, gt, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../client.js';
import { oneTimeTokens, type OneTimeTokenPurpose } from '../schema.js';

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
