import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { signingKeys } from '../schema/index.js';

export type SigningKeyRow = typeof signingKeys.$inferSelect;

/** One number for the advisory lock that serialises key creation across servers (any 64-bit value). */
const SIGNING_KEYS_LOCK = 0x51_6e_4b_65_79;

/**
 * Holds the signing-key lock until the surrounding transaction ends: two servers starting together on
 * one empty database, or two rotations at once, then read each other's key instead of adding their own.
 */
export async function lockSigningKeys(db: Db): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${SIGNING_KEYS_LOCK})`);
}

/** Every stored key, oldest activation first; the caller decides which sign and which are published. */
export async function findSigningKeys(db: Db): Promise<SigningKeyRow[]> {
  return db.select().from(signingKeys).orderBy(asc(signingKeys.activatesAt), asc(signingKeys.kid));
}

export async function insertSigningKey(db: Db, key: typeof signingKeys.$inferInsert): Promise<void> {
  await db.insert(signingKeys).values(key);
}

/**
 * A newer key activates at `retiredAt`: every key not yet retired stops signing then, and leaves the
 * JWKS at `expiresAt`, once the last token it may have signed has expired.
 */
export async function retireSigningKeys(
  db: Db,
  exceptKid: string,
  times: { retiredAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .update(signingKeys)
    .set(times)
    .where(and(isNull(signingKeys.retiredAt), sql`${signingKeys.kid} <> ${exceptKid}`));
}

/** Replaces a key's clear private JWK by its sealed form. */
export async function sealSigningKey(db: Db, kid: string, sealedPrivateJwk: string): Promise<void> {
  await db.update(signingKeys).set({ sealedPrivateJwk, privateJwk: null }).where(eq(signingKeys.kid, kid));
}
