import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../client.js';
import { passkeys, users } from '../schema/index.js';
import { qualified, userClaimsColumns, type UserClaimsRow } from './users.js';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type NewPasskey = typeof passkeys.$inferInsert;

export async function insertPasskey(db: Db, passkey: NewPasskey): Promise<PasskeyRow> {
  const [row] = await db.insert(passkeys).values(passkey).returning();
  if (!row) throw new Error('insertPasskey returned no row');
  return row;
}

export async function listPasskeysOfUser(db: Db, userId: string): Promise<PasskeyRow[]> {
  return db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt));
}

/** Deletes one of the user's passkeys; false when the user has no passkey with this id. */
export async function deletePasskeyOfUser(db: Db, userId: string, passkeyId: string): Promise<boolean> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, passkeyId), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

export interface PasskeyWithUser {
  passkey: PasskeyRow;
  user: UserClaimsRow;
}

/** The one read of a passkey sign-in: the credential, its user and the user's token claims. */
export async function findPasskeyWithUser(
  db: Db,
  credentialId: string,
  now: Date,
): Promise<PasskeyWithUser | undefined> {
  const [row] = await db
    .select({
      passkey: passkeys,
      user: { ...userClaimsColumns(qualified.userActiveTenant, now), tenantId: users.activeTenantId },
    })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return row;
}

/**
 * Records a use with the authenticator's new counter. The counter must grow (or stay 0 for
 * authenticators that do not count): false when another use got there first with a higher value.
 */
export async function recordPasskeyUse(
  db: Db,
  use: { id: string; counter: number; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter: use.counter, lastUsedAt: use.now })
    .where(
      and(
        eq(passkeys.id, use.id),
        use.counter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, use.counter),
      ),
    )
    .returning({ id: passkeys.id });
  return rows.length === 1;
}

/** Issue 10 (email-change revert): the passkeys added since a time, by whoever held the account then. */
export async function deletePasskeysAddedSince(db: Db, userId: string, since: Date): Promise<number> {
  const rows = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), gte(passkeys.createdAt, since)))
    .returning({ id: passkeys.id });
  return rows.length;
}
