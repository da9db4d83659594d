import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.js';
import { groupUsers, scimGroups, scimUsers } from '../schema/index.js';
import { filterSql, type FilterTarget, type ScimCondition } from './scim-filter.js';

export type ScimGroupRow = typeof scimGroups.$inferSelect;
export type NewScimGroup = typeof scimGroups.$inferInsert;

// Every query names the directory: a SCIM id of another directory (so of another tenant) finds nothing.

/** A group member in SQL: the directory's user (its SCIM id is the member's value) in our group. */
const memberTarget: FilterTarget = {
  operand(attribute) {
    const path = attribute.join('.');
    if (path === 'value') return { sql: sql`${scimUsers.id}::text`, type: 'exact-text' };
    if (path === 'display') return { sql: sql`${scimUsers.userName}`, type: 'text' };
    return undefined;
  },
  within: () => undefined,
};

const groupsTarget: FilterTarget = {
  operand(attribute) {
    const path = attribute.join('.');
    if (path === 'id') return { sql: sql`${scimGroups.id}::text`, type: 'exact-text' };
    if (path === 'displayName') return { sql: sql`${scimGroups.displayName}`, type: 'text' };
    if (path === 'externalId') return { sql: sql`${scimGroups.externalId}`, type: 'exact-text' };
    if (path === 'meta.created') return { sql: sql`${scimGroups.createdAt}`, type: 'timestamp' };
    if (path === 'meta.lastModified') return { sql: sql`${scimGroups.updatedAt}`, type: 'timestamp' };
    return undefined;
  },
  within(attribute, condition) {
    if (attribute !== 'members') return undefined;
    return sql`exists (select 1 from ${groupUsers} inner join ${scimUsers} on ${scimUsers.userId} = ${groupUsers.userId} and ${scimUsers.directoryId} = ${scimGroups.directoryId} where ${groupUsers.groupId} = ${scimGroups.groupId} and ${condition(memberTarget)})`;
  },
};

export const scimGroupsFilterSql = (condition: ScimCondition): SQL => filterSql(groupsTarget, condition);

export async function insertScimGroup(db: Db, group: NewScimGroup): Promise<ScimGroupRow> {
  const [row] = await db.insert(scimGroups).values(group).returning();
  if (!row) throw new Error('insertScimGroup returned no row');
  return row;
}

export async function findScimGroup(
  db: Db,
  directoryId: string,
  id: string,
): Promise<ScimGroupRow | undefined> {
  const [row] = await db
    .select()
    .from(scimGroups)
    .where(and(eq(scimGroups.directoryId, directoryId), eq(scimGroups.id, id)))
    .limit(1);
  return row;
}

export async function findScimGroupByDisplayName(
  db: Db,
  directoryId: string,
  displayName: string,
): Promise<ScimGroupRow | undefined> {
  const [row] = await db
    .select()
    .from(scimGroups)
    .where(
      and(
        eq(scimGroups.directoryId, directoryId),
        sql`lower(${scimGroups.displayName}) = lower(${displayName}::text)`,
      ),
    )
    .limit(1);
  return row;
}

export async function listScimGroups(
  db: Db,
  directoryId: string,
  page: { condition?: ScimCondition | undefined; offset: number; limit: number },
): Promise<{ rows: ScimGroupRow[]; total: number }> {
  const where = and(
    eq(scimGroups.directoryId, directoryId),
    page.condition ? scimGroupsFilterSql(page.condition) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    page.limit === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(scimGroups)
          .where(where)
          .orderBy(asc(scimGroups.createdAt), asc(scimGroups.id))
          .offset(page.offset)
          .limit(page.limit),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(scimGroups)
      .where(where),
  ]);
  return { rows, total: counted?.count ?? 0 };
}

export async function updateScimGroup(
  db: Db,
  directoryId: string,
  id: string,
  changes: Pick<NewScimGroup, 'displayName' | 'externalId' | 'updatedAt'>,
): Promise<ScimGroupRow> {
  const [row] = await db
    .update(scimGroups)
    .set({ ...changes, version: sql`${scimGroups.version} + 1` })
    .where(and(eq(scimGroups.directoryId, directoryId), eq(scimGroups.id, id)))
    .returning();
  if (!row) throw new Error('updateScimGroup found no row');
  return row;
}

/** The members of the groups that are the directory's users: group id → their SCIM ids and userNames. */
export async function findScimMembersOfGroups(
  db: Db,
  directoryId: string,
  groupIds: string[],
): Promise<Map<string, Array<{ id: string; userId: string; userName: string }>>> {
  const byGroup = new Map<string, Array<{ id: string; userId: string; userName: string }>>();
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .select({
      groupId: groupUsers.groupId,
      id: scimUsers.id,
      userId: scimUsers.userId,
      userName: scimUsers.userName,
    })
    .from(groupUsers)
    .innerJoin(
      scimUsers,
      and(eq(scimUsers.userId, groupUsers.userId), eq(scimUsers.directoryId, directoryId)),
    )
    .where(inArray(groupUsers.groupId, groupIds))
    .orderBy(asc(groupUsers.createdAt));
  for (const { groupId, ...member } of rows) byGroup.set(groupId, [...(byGroup.get(groupId) ?? []), member]);
  return byGroup;
}
