import { and, asc, eq, inArray, notExists, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.js';
import { memberships, scimUsers, users } from '../schema/index.js';
import { filterSql, jsonTarget, type FilterTarget, type ScimCondition } from './scim-filter.js';

export type ScimUserRow = typeof scimUsers.$inferSelect;
export type NewScimUser = typeof scimUsers.$inferInsert;

// Every query names the directory: a SCIM id of another directory (so of another tenant) finds nothing.

/** A SCIM user's attributes in SQL: the indexed columns, else the stored resource. */
const usersTarget: FilterTarget = {
  operand(attribute) {
    const path = attribute.join('.');
    if (path === 'id') return { sql: sql`${scimUsers.id}::text`, type: 'exact-text' };
    if (path === 'userName') return { sql: sql`${scimUsers.userName}`, type: 'text' };
    if (path === 'externalId') return { sql: sql`${scimUsers.externalId}`, type: 'exact-text' };
    if (path === 'active') return { sql: sql`${scimUsers.active}`, type: 'boolean' };
    if (path === 'meta.created') return { sql: sql`${scimUsers.createdAt}`, type: 'timestamp' };
    if (path === 'meta.lastModified') return { sql: sql`${scimUsers.updatedAt}`, type: 'timestamp' };
    return jsonTarget(sql`${scimUsers.resource}`).operand(attribute);
  },
  within: (attribute, condition) => jsonTarget(sql`${scimUsers.resource}`).within(attribute, condition),
};

export const scimUsersFilterSql = (condition: ScimCondition): SQL => filterSql(usersTarget, condition);

export async function insertScimUser(db: Db, user: NewScimUser): Promise<ScimUserRow> {
  const [row] = await db.insert(scimUsers).values(user).returning();
  if (!row) throw new Error('insertScimUser returned no row');
  return row;
}

export async function findScimUser(
  db: Db,
  directoryId: string,
  id: string,
): Promise<ScimUserRow | undefined> {
  const [row] = await db
    .select()
    .from(scimUsers)
    .where(and(eq(scimUsers.directoryId, directoryId), eq(scimUsers.id, id)))
    .limit(1);
  return row;
}

export async function findScimUserByUserName(
  db: Db,
  directoryId: string,
  userName: string,
): Promise<ScimUserRow | undefined> {
  const [row] = await db
    .select()
    .from(scimUsers)
    .where(
      and(
        eq(scimUsers.directoryId, directoryId),
        sql`lower(${scimUsers.userName}) = lower(${userName}::text)`,
      ),
    )
    .limit(1);
  return row;
}

export async function findScimUserByUserId(
  db: Db,
  directoryId: string,
  userId: string,
): Promise<ScimUserRow | undefined> {
  const [row] = await db
    .select()
    .from(scimUsers)
    .where(and(eq(scimUsers.directoryId, directoryId), eq(scimUsers.userId, userId)))
    .limit(1);
  return row;
}

/** The directory's users among `ids` (SCIM ids), as group members name them. */
export async function findScimUsersByIds(db: Db, directoryId: string, ids: string[]): Promise<ScimUserRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(scimUsers)
    .where(and(eq(scimUsers.directoryId, directoryId), inArray(scimUsers.id, ids)));
}

/** The directory's users among `userIds` (our user ids). */
export async function findScimUsersByUserIds(
  db: Db,
  directoryId: string,
  userIds: string[],
): Promise<ScimUserRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(scimUsers)
    .where(and(eq(scimUsers.directoryId, directoryId), inArray(scimUsers.userId, userIds)));
}

export async function findAllScimUsersOfDirectory(db: Db, directoryId: string): Promise<ScimUserRow[]> {
  return db.select().from(scimUsers).where(eq(scimUsers.directoryId, directoryId));
}

/** One page of the directory's users meeting the filter, oldest first, and how many meet it in all. */
export async function listScimUsers(
  db: Db,
  directoryId: string,
  page: { condition?: ScimCondition | undefined; offset: number; limit: number },
): Promise<{ rows: ScimUserRow[]; total: number }> {
  const where = and(
    eq(scimUsers.directoryId, directoryId),
    page.condition ? scimUsersFilterSql(page.condition) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    page.limit === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(scimUsers)
          .where(where)
          .orderBy(asc(scimUsers.createdAt), asc(scimUsers.id))
          .offset(page.offset)
          .limit(page.limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(scimUsers)
      .where(where),
  ]);
  return { rows, total: counted?.count ?? 0 };
}

export async function updateScimUser(
  db: Db,
  directoryId: string,
  id: string,
  changes: Pick<NewScimUser, 'userName' | 'externalId' | 'active' | 'resource' | 'updatedAt'>,
): Promise<ScimUserRow> {
  const [row] = await db
    .update(scimUsers)
    .set({ ...changes, version: sql`${scimUsers.version} + 1` })
    .where(and(eq(scimUsers.directoryId, directoryId), eq(scimUsers.id, id)))
    .returning();
  if (!row) throw new Error('updateScimUser found no row');
  return row;
}

export async function deleteScimUser(db: Db, directoryId: string, id: string): Promise<void> {
  await db.delete(scimUsers).where(and(eq(scimUsers.directoryId, directoryId), eq(scimUsers.id, id)));
}

/**
 * Deletes the user if they belong to no tenant any more (the directory removed their last membership);
 * a user who still belongs to another tenant stays. Answers whether the user was deleted.
 */
export async function deleteUserWithoutMemberships(db: Db, userId: string): Promise<boolean> {
  const deleted = await db
    .delete(users)
    .where(
      and(
        eq(users.id, userId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(memberships)
            .where(eq(memberships.userId, users.id)),
        ),
      ),
    )
    .returning({ id: users.id });
  return deleted.length > 0;
}
