import { and, eq, gt, isNull } from 'drizzle-orm';
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

/** The token, if it is this user's, of this purpose, unused and unexpired at `now`. */
export async function findUsableOneTimeToken(
  db: Db,
  query: { userId: string; purpose: OneTimeTokenPurpose; tokenHash: string; now: Date },
): Promise<OneTimeTokenRow | undefined> {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.tokenHash, query.tokenHash),
        eq(oneTimeTokens.userId, query.userId),
        eq(oneTimeTokens.purpose, query.purpose),
        isNull(oneTimeTokens.usedAt),
        gt(oneTimeTokens.expiresAt, query.now),
      ),
    )
    .limit(1);
  return row;
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
