import { and, asc, desc, eq, gt, gte, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  mfaChallenges,
  mfaCodes,
  mfaDevices,
  mfaPolicies,
  mfaRecoveryCodes,
  mfaStrategies,
  mfaTrustedDevices,
  type MfaChallengePurpose,
  type MfaDeviceType,
} from '../schema/index.js';

export type MfaDeviceRow = typeof mfaDevices.$inferSelect;
export type MfaChallengeRow = typeof mfaChallenges.$inferSelect;
export type MfaCodeRow = typeof mfaCodes.$inferSelect;
export type MfaPolicyRow = typeof mfaPolicies.$inferSelect;

// ---- devices ----

export async function findMfaDevicesByUser(db: Db, userId: string): Promise<MfaDeviceRow[]> {
  return db.select().from(mfaDevices).where(eq(mfaDevices.userId, userId)).orderBy(asc(mfaDevices.createdAt));
}

export async function insertMfaDevice(
  db: Db,
  device: {
    userId: string;
    type: MfaDeviceType;
    name?: string;
    secret?: string | null;
    phoneNumber?: string | null;
    lastUsedStep?: number | null;
    data?: Record<string, unknown>;
    now: Date;
  },
): Promise<MfaDeviceRow> {
  const { now, ...values } = device;
  const [row] = await db
    .insert(mfaDevices)
    .values({ ...values, createdAt: now })
    .returning();
  if (!row) throw new Error('insertMfaDevice returned no row');
  return row;
}

/**
 * Records an accepted TOTP step: false when this or a later step was already accepted
 * (a replayed code), so two concurrent logins with one code cannot both pass.
 */
export async function claimTotpStep(db: Db, deviceId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(mfaDevices)
    .set({ lastUsedStep: step })
    .where(
      and(
        eq(mfaDevices.id, deviceId),
        or(isNull(mfaDevices.lastUsedStep), lt(mfaDevices.lastUsedStep, step)),
      ),
    )
    .returning({ id: mfaDevices.id });
  return rows.length === 1;
}

export async function deleteMfaDevice(db: Db, userId: string, deviceId: string): Promise<boolean> {
  const rows = await db
    .delete(mfaDevices)
    .where(and(eq(mfaDevices.id, deviceId), eq(mfaDevices.userId, userId)))
    .returning({ id: mfaDevices.id });
  return rows.length === 1;
}

export async function deleteMfaDevicesOfType(db: Db, userId: string, type: MfaDeviceType): Promise<void> {
  await db.delete(mfaDevices).where(and(eq(mfaDevices.userId, userId), eq(mfaDevices.type, type)));
}

/** Removes every factor, recovery code and remembered device of the user (MFA recovery). */
export async function deleteAllMfaOfUser(db: Db, userId: string): Promise<void> {
  await db.delete(mfaDevices).where(eq(mfaDevices.userId, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.delete(mfaTrustedDevices).where(eq(mfaTrustedDevices.userId, userId));
}

// ---- challenges (mfaToken) ----

export async function insertMfaChallenge(
  db: Db,
  challenge: {
    tokenHash: string;
    userId: string;
    tenantId: string | null;
    purpose: MfaChallengePurpose;
    pendingSecret?: string | null;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  const { now, ...values } = challenge;
  await db.insert(mfaChallenges).values({ ...values, createdAt: now });
}

export async function findOpenMfaChallenge(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<MfaChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.tokenHash, tokenHash),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** The newest open challenge of a purpose for the user (a signed-in enrollment in progress). */
export async function findLatestOpenMfaChallenge(
  db: Db,
  query: { userId: string; purpose: MfaChallengePurpose; now: Date },
): Promise<MfaChallengeRow | undefined> {
  const [row] = await db
    .select()
    .from(mfaChallenges)
    .where(
      and(
        eq(mfaChallenges.userId, query.userId),
        eq(mfaChallenges.purpose, query.purpose),
        isNull(mfaChallenges.usedAt),
        gt(mfaChallenges.expiresAt, query.now),
      ),
    )
    .orderBy(desc(mfaChallenges.createdAt))
    .limit(1);
  return row;
}

/** Counts a wrong code; the challenge closes once `maxAttempts` is reached. Returns the new count. */
export async function recordMfaChallengeFailure(
  db: Db,
  challengeId: string,
  maxAttempts: number,
  now: Date,
): Promise<number> {
  const [row] = await db
    .update(mfaChallenges)
    .set({
      failedAttempts: sql`${mfaChallenges.failedAttempts} + 1`,
      usedAt: sql`case when ${mfaChallenges.failedAttempts} + 1 >= ${maxAttempts} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(eq(mfaChallenges.id, challengeId))
    .returning({ failedAttempts: mfaChallenges.failedAttempts });
  return row?.failedAttempts ?? maxAttempts;
}

/** Uses the challenge once: false when it was used meanwhile. */
export async function consumeMfaChallenge(db: Db, challengeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaChallenges)
    .set({ usedAt: now })
    .where(and(eq(mfaChallenges.id, challengeId), isNull(mfaChallenges.usedAt)))
    .returning({ id: mfaChallenges.id });
  return rows.length === 1;
}

export async function setMfaChallengePendingSecret(
  db: Db,
  challengeId: string,
  secret: string,
): Promise<void> {
  await db.update(mfaChallenges).set({ pendingSecret: secret }).where(eq(mfaChallenges.id, challengeId));
}

// ---- emailed / SMS codes ----

export async function insertMfaCode(
  db: Db,
  code: {
    otcTokenHash: string;
    codeHash: string;
    userId: string;
    challengeId: string | null;
    channel: 'email' | 'sms';
    phoneNumber?: string | null;
    deviceId?: string | null;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  const { now, ...values } = code;
  // Only the newest code of a challenge (or of a user outside a challenge) works.
  await db
    .update(mfaCodes)
    .set({ usedAt: now })
    .where(
      and(eq(mfaCodes.userId, code.userId), eq(mfaCodes.channel, code.channel), isNull(mfaCodes.usedAt)),
    );
  await db.insert(mfaCodes).values({ ...values, createdAt: now });
}

export async function findOpenMfaCode(
  db: Db,
  otcTokenHash: string,
  now: Date,
): Promise<MfaCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(mfaCodes)
    .where(and(eq(mfaCodes.otcTokenHash, otcTokenHash), isNull(mfaCodes.usedAt), gt(mfaCodes.expiresAt, now)))
    .limit(1);
  return row;
}

export async function recordMfaCodeFailure(
  db: Db,
  codeId: string,
  maxAttempts: number,
  now: Date,
): Promise<void> {
  await db
    .update(mfaCodes)
    .set({
      failedAttempts: sql`${mfaCodes.failedAttempts} + 1`,
      usedAt: sql`case when ${mfaCodes.failedAttempts} + 1 >= ${maxAttempts} then ${now.toISOString()}::timestamptz else null end`,
    })
    .where(eq(mfaCodes.id, codeId));
}

export async function consumeMfaCode(db: Db, codeId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(mfaCodes)
    .set({ usedAt: now })
    .where(and(eq(mfaCodes.id, codeId), isNull(mfaCodes.usedAt)))
    .returning({ id: mfaCodes.id });
  return rows.length === 1;
}

// ---- recovery codes ----

/** Replaces the user's recovery codes with a new one. */
export async function replaceMfaRecoveryCode(
  db: Db,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<void> {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values({ userId, codeHash, createdAt: now });
}

/** Uses a recovery code once: false when unknown, another user's, or already used. */
export async function consumeMfaRecoveryCode(
  db: Db,
  userId: string,
  codeHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, userId),
        eq(mfaRecoveryCodes.codeHash, codeHash),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length === 1;
}

// ---- remembered devices ----

export async function insertMfaTrustedDevice(
  db: Db,
  device: { userId: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(mfaTrustedDevices).values({
    userId: device.userId,
    tokenHash: device.tokenHash,
    createdAt: device.now,
    expiresAt: device.expiresAt,
  });
}

export async function isMfaTrustedDevice(
  db: Db,
  query: { userId: string; tokenHash: string; now: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: mfaTrustedDevices.id })
    .from(mfaTrustedDevices)
    .where(
      and(
        eq(mfaTrustedDevices.tokenHash, query.tokenHash),
        eq(mfaTrustedDevices.userId, query.userId),
        gt(mfaTrustedDevices.expiresAt, query.now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

// ---- policy and strategies ----

export async function findMfaPolicy(db: Db, tenantId: string): Promise<MfaPolicyRow | undefined> {
  const [row] = await db.select().from(mfaPolicies).where(eq(mfaPolicies.tenantId, tenantId)).limit(1);
  return row;
}

export async function upsertMfaPolicy(
  db: Db,
  policy: Pick<MfaPolicyRow, 'tenantId' | 'enforceMfaType' | 'allowRememberMyDevice' | 'mfaDeviceExpiration'>,
  now: Date,
): Promise<MfaPolicyRow> {
  const [row] = await db
    .insert(mfaPolicies)
    .values({ ...policy, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: mfaPolicies.tenantId,
      set: {
        enforceMfaType: policy.enforceMfaType,
        allowRememberMyDevice: policy.allowRememberMyDevice,
        mfaDeviceExpiration: policy.mfaDeviceExpiration,
        updatedAt: now,
      },
    })
    .returning();
  if (!row) throw new Error('upsertMfaPolicy returned no row');
  return row;
}

export async function findMfaStrategies(db: Db): Promise<{ strategy: string; isActive: boolean }[]> {
  return db
    .select({ strategy: mfaStrategies.strategy, isActive: mfaStrategies.isActive })
    .from(mfaStrategies)
    .orderBy(asc(mfaStrategies.strategy));
}

export async function upsertMfaStrategy(
  db: Db,
  strategy: string,
  isActive: boolean,
  now: Date,
): Promise<void> {
  await db
    .insert(mfaStrategies)
    .values({ strategy, isActive, updatedAt: now })
    .onConflictDoUpdate({ target: mfaStrategies.strategy, set: { isActive, updatedAt: now } });
}

/** Issue 10 (email-change revert): the factors added since a time, by whoever held the account then. */
export async function deleteMfaDevicesAddedSince(db: Db, userId: string, since: Date): Promise<number> {
  const rows = await db
    .delete(mfaDevices)
    .where(and(eq(mfaDevices.userId, userId), gte(mfaDevices.createdAt, since)))
    .returning({ id: mfaDevices.id });
  return rows.length;
}
