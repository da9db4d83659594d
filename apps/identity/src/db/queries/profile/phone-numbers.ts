import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { userPhoneNumbers } from '../../schema/index.js';

export type UserPhoneNumberRow = typeof userPhoneNumbers.$inferSelect;

// Every query names the owner: a user reads and changes only their own numbers.

export async function listPhoneNumbersOfUser(
  db: Db,
  userId: string,
  page: { limit: number; offset: number } = { limit: 1000, offset: 0 },
): Promise<UserPhoneNumberRow[]> {
  return db
    .select()
    .from(userPhoneNumbers)
    .where(eq(userPhoneNumbers.userId, userId))
    .orderBy(asc(userPhoneNumbers.createdAt), asc(userPhoneNumbers.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countPhoneNumbersOfUser(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(userPhoneNumbers)
    .where(eq(userPhoneNumbers.userId, userId));
  return row?.total ?? 0;
}

export async function findPhoneNumberOfUser(
  db: Db,
  userId: string,
  match: { id: string } | { phoneNumber: string },
): Promise<UserPhoneNumberRow | undefined> {
  const condition =
    'id' in match ? eq(userPhoneNumbers.id, match.id) : eq(userPhoneNumbers.phoneNumber, match.phoneNumber);
  const [row] = await db
    .select()
    .from(userPhoneNumbers)
    .where(and(eq(userPhoneNumbers.userId, userId), condition))
    .limit(1);
  return row;
}

export async function insertPhoneNumber(
  db: Db,
  number: { userId: string; phoneNumber: string; now: Date },
): Promise<UserPhoneNumberRow> {
  const [row] = await db
    .insert(userPhoneNumbers)
    .values({
      userId: number.userId,
      phoneNumber: number.phoneNumber,
      createdAt: number.now,
      updatedAt: number.now,
    })
    .returning();
  if (!row) throw new Error('insertPhoneNumber returned no row');
  return row;
}

/** True when the user's number was found and marked verified. */
export async function markPhoneNumberVerified(
  db: Db,
  userId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(userPhoneNumbers)
    .set({ verified: true, updatedAt: now })
    .where(and(eq(userPhoneNumbers.userId, userId), eq(userPhoneNumbers.id, id)))
    .returning({ id: userPhoneNumbers.id });
  return rows.length > 0;
}

/** The deleted row, or undefined when the user has no such number. */
export async function deletePhoneNumberOfUser(
  db: Db,
  userId: string,
  id: string,
): Promise<UserPhoneNumberRow | undefined> {
  const [row] = await db
    .delete(userPhoneNumbers)
    .where(and(eq(userPhoneNumbers.userId, userId), eq(userPhoneNumbers.id, id)))
    .returning();
  return row;
}
