import { and, asc, eq, inArray, isNotNull, isNull, sql, type Placeholder } from 'drizzle-orm';
import type { Db } from '../client.js';
import { memberships, users } from '../schema/index.js';
import { qualified, userClaimsColumns, type UserClaimsRow, type UserRow } from './users.js';

export const normalizeUsername = (username: string): string => username.trim().toLowerCase();

/**
 * Usernames are unique case-insensitively (index users_username_lower_idx). A placeholder is filled
 * with a normalized username.
 */
export const usernameMatches = (username: string | Placeholder) =>
  sql`lower(${users.username}) = ${typeof username === 'string' ? normalizeUsername(username) : username}`;

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(usernameMatches(username)).limit(1);
  return row;
}

/** The one read of a username login: the user with the claims of its active tenant. */
export async function findUserClaimsByUsername(
  db: Db,
  username: string,
  now: Date,
): Promise<UserClaimsRow | undefined> {
  const [row] = await db
    .select({ ...userClaimsColumns(qualified.userActiveTenant, now), tenantId: users.activeTenantId })
    .from(users)
    .where(usernameMatches(username))
    .limit(1);
  return row;
}

/** Gives a user without one a username: false when the user already has one. Taken: unique violation. */
export async function setUsernameIfNone(
  db: Db,
  userId: string,
  username: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ username, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.username)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Removes the user's username if it is this one (any case): false when it was not. */
export async function clearUsername(db: Db, userId: string, username: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ username: null, updatedAt: now })
    .where(and(eq(users.id, userId), usernameMatches(username)))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** The usernames of those of `userIds` who are members of the tenant and have one (the users list). */
export async function findUsernamesOfMembers(
  db: Db,
  tenantId: string,
  userIds: string[],
): Promise<{ userId: string; username: string }[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: users.id, username: users.username })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.tenantId, tenantId)))
    .where(and(inArray(users.id, userIds), isNotNull(users.username)))
    .orderBy(asc(users.id));
  return rows.flatMap((row) =>
    row.username === null ? [] : [{ userId: row.userId, username: row.username }],
  );
}
