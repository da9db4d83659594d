import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../client.js';
import { webauthnChallenges, type WebAuthnCeremony } from '../schema/index.js';

export type WebAuthnChallengeRow = typeof webauthnChallenges.$inferSelect;

/** Expired challenges removed per insert: enough to keep up with any issuing rate, cheap on the index. */
const PURGE_BATCH = 50;

export async function insertWebAuthnChallenge(
  db: Db,
  challenge: {
    challenge: string;
    ceremony: WebAuthnCeremony;
    userId: string | null;
    deviceId?: string | null;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  // Unauthenticated callers can ask for sign-in challenges: sweep a few expired ones each time so
  // the table stays small without a scheduler.
  const expired = db
    .select({ challenge: webauthnChallenges.challenge })
    .from(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, challenge.now))
    .limit(PURGE_BATCH);
  await db.delete(webauthnChallenges).where(inArray(webauthnChallenges.challenge, expired));
  await db.insert(webauthnChallenges).values({
    challenge: challenge.challenge,
    ceremony: challenge.ceremony,
    userId: challenge.userId,
    deviceId: challenge.deviceId ?? null,
    createdAt: challenge.now,
    expiresAt: challenge.expiresAt,
  });
}

/**
 * Uses the challenge once: the row if it was issued for this ceremony, unused and unexpired at
 * `now`, else undefined. One statement, so two concurrent responses cannot both use it.
 */
export async function consumeWebAuthnChallenge(
  db: Db,
  query: { challenge: string; ceremony: WebAuthnCeremony; now: Date },
): Promise<WebAuthnChallengeRow | undefined> {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: query.now })
    .where(
      and(
        eq(webauthnChallenges.challenge, query.challenge),
        eq(webauthnChallenges.ceremony, query.ceremony),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, query.now),
      ),
    )
    .returning();
  return row;
}
