import { desc, isNull } from 'drizzle-orm';
import type { Db } from '../client.js';
import { signingKeys } from '../schema/index.js';

export type SigningKeyRow = typeof signingKeys.$inferSelect;

/** Keys that may still verify tokens, newest first (the first one signs). */
export async function findActiveSigningKeys(db: Db): Promise<SigningKeyRow[]> {
  return db
    .select()
    .from(signingKeys)
    .where(isNull(signingKeys.retiredAt))
    .orderBy(desc(signingKeys.createdAt));
}

export async function insertSigningKey(db: Db, key: typeof signingKeys.$inferInsert): Promise<void> {
  // Two servers starting together on one PostgreSQL may both create a key: both stay valid.
  await db.insert(signingKeys).values(key).onConflictDoNothing();
}
