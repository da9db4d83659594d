import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { users } from '../schema/index.js';
import { qualified, userClaimsColumns, type UserClaimsRow, type UserRow } from './users.js';

/**
 * Stored numbers may carry spaces, dots, dashes or brackets: they are compared without them to
 * `phoneNumber` (normalised: + and digits). Several accounts on one number: none is chosen (the
 * number does not identify anybody), hence `limit(2)` and the length check below.
 */
const phoneNumberMatches = (phoneNumber: string) =>
  sql`regexp_replace(${users.phoneNumber}, '[[:space:]().-]', '', 'g') = ${phoneNumber}`;

const onlyOne = <T>(rows: T[]): T | undefined => (rows.length === 1 ? rows[0] : undefined);

export async function findUserByPhoneNumber(db: Db, phoneNumber: string): Promise<UserRow | undefined> {
  return onlyOne(await db.select().from(users).where(phoneNumberMatches(phoneNumber)).limit(2));
}

/** The same user, with the claims of its active tenant (for signing it in). */
export async function findUserClaimsByPhoneNumber(
  db: Db,
  phoneNumber: string,
  now: Date,
): Promise<UserClaimsRow | undefined> {
  return onlyOne(
    await db
      .select({ ...userClaimsColumns(qualified.userActiveTenant, now), tenantId: users.activeTenantId })
      .from(users)
      .where(phoneNumberMatches(phoneNumber))
      .limit(2),
  );
}
