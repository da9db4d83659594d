import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { groupRoles, groups, groupUsers, memberships, roles, users } from '../schema/index.js';
import type { RoleRow } from './roles.js';

export type GroupRow = typeof groups.$inferSelect;
export type NewGroup = typeof groups.$inferInsert;

// Every query names the tenant: a group id of another tenant finds nothing.

export async function findGroupsOfTenant(db: Db, tenantId: string): Promise<GroupRow[]> {
  return db.select().from(groups).where(eq(groups.tenantId, tenantId)).orderBy(asc(groups.createdAt));
}

export async function findGroupOfTenant(
  db: Db,
  tenantId: string,
  groupId: string,
): Promise<GroupRow | undefined> {
  const [row] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.id, groupId)))
    .limit(1);
  return row;
}

export async function findGroupByName(db: Db, tenantId: string, name: string): Promise<GroupRow | undefined> {
  const [row] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.tenantId, tenantId), sql`lower(${groups.name}) = ${name.toLowerCase()}`))
    .limit(1);
  return row;
}

export async function insertGroup(db: Db, group: NewGroup): Promise<GroupRow> {
  const [row] = await db.insert(groups).values(group).returning();
  if (!row) throw new Error('insertGroup returned no row');
  return row;
}

export async function updateGroupOfTenant(
  db: Db,
  tenantId: string,
  groupId: string,
  changes: Partial<Pick<NewGroup, 'name' | 'description' | 'color' | 'metadata' | 'updatedAt'>>,
): Promise<GroupRow | undefined> {
  const [row] = await db
    .update(groups)
    .set(changes)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.id, groupId)))
    .returning();
  return row;
}

export async function deleteGroupOfTenant(
  db: Db,
  tenantId: string,
  groupId: string,
): Promise<GroupRow | undefined> {
  const [row] = await db
    .delete(groups)
    .where(and(eq(groups.tenantId, tenantId), eq(groups.id, groupId)))
    .returning();
  return row;
}

export async function findRolesOfGroups(
  db: Db,
  groupIds: string[],
): Promise<Array<{ groupId: string; role: RoleRow }>> {
  if (groupIds.length === 0) return [];
  return db
    .select({ groupId: groupRoles.groupId, role: roles })
    .from(groupRoles)
    .innerJoin(roles, eq(roles.id, groupRoles.roleId))
    .where(inArray(groupRoles.groupId, groupIds))
    .orderBy(asc(roles.name));
}

export interface GroupMemberRow {
  groupId: string;
  id: string;
  email: string;
  name: string;
  profilePictureUrl: string | null;
  createdAt: Date;
}

export async function findUsersOfGroups(db: Db, groupIds: string[]): Promise<GroupMemberRow[]> {
  if (groupIds.length === 0) return [];
  return (
    db
      .select({
        groupId: groupUsers.groupId,
        id: users.id,
        email: users.email,
        name: users.name,
        profilePictureUrl: users.profilePictureUrl,
        createdAt: groupUsers.createdAt,
      })
      .from(groupUsers)
      .innerJoin(groups, eq(groups.id, groupUsers.groupId))
      .innerJoin(users, eq(users.id, groupUsers.userId))
      // Someone who left the account stays out of its groups' lists (and gets no roles from them).
      .innerJoin(
        memberships,
        and(eq(memberships.userId, groupUsers.userId), eq(memberships.tenantId, groups.tenantId)),
      )
      .where(inArray(groupUsers.groupId, groupIds))
      .orderBy(asc(users.email))
  );
}

export async function insertGroupRoles(db: Db, groupId: string, roleIds: string[]): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .insert(groupRoles)
    .values(roleIds.map((roleId) => ({ groupId, roleId })))
    .onConflictDoNothing();
}

export async function deleteGroupRoles(db: Db, groupId: string, roleIds: string[]): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .delete(groupRoles)
    .where(and(eq(groupRoles.groupId, groupId), inArray(groupRoles.roleId, roleIds)));
}

export async function insertGroupUsers(db: Db, groupId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(groupUsers)
    .values(userIds.map((userId) => ({ groupId, userId })))
    .onConflictDoNothing();
}

export async function deleteGroupUsers(db: Db, groupId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .delete(groupUsers)
    .where(and(eq(groupUsers.groupId, groupId), inArray(groupUsers.userId, userIds)));
}

export async function findUserIdsOfGroup(db: Db, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: groupUsers.userId })
    .from(groupUsers)
    .where(eq(groupUsers.groupId, groupId));
  return rows.map((row) => row.userId);
}

/** Which of `userIds` are members of the tenant: a group only ever holds the tenant's own users. */
export async function findMemberIdsOfTenant(db: Db, tenantId: string, userIds: string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), inArray(memberships.userId, userIds)));
  return rows.map((row) => row.userId);
}

/** The tenant's groups each of `userIds` is in, oldest group first (the tenant's own groups and members only). */
export async function findGroupIdsOfUsers(
  db: Db,
  tenantId: string,
  userIds: string[],
): Promise<Array<{ userId: string; groupId: string }>> {
  if (userIds.length === 0) return [];
  return (
    db
      .select({ userId: groupUsers.userId, groupId: groupUsers.groupId })
      .from(groupUsers)
      .innerJoin(groups, and(eq(groups.id, groupUsers.groupId), eq(groups.tenantId, tenantId)))
      // As in findUsersOfGroups: someone who left the account is in none of its groups.
      .innerJoin(
        memberships,
        and(eq(memberships.userId, groupUsers.userId), eq(memberships.tenantId, tenantId)),
      )
      .where(inArray(groupUsers.userId, userIds))
      .orderBy(asc(groups.createdAt), asc(groups.id))
  );
}

/** The users of the tenant's groups that give roles: who loses roles when groups' roles stop counting. */
export async function findUserIdsOfGroupsWithRoles(db: Db, tenantId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: groupUsers.userId })
    .from(groupUsers)
    .innerJoin(groups, eq(groups.id, groupUsers.groupId))
    .where(
      and(
        eq(groups.tenantId, tenantId),
        sql`exists (select 1 from ${groupRoles} where ${groupRoles.groupId} = ${groups.id})`,
      ),
    );
  return rows.map((row) => row.userId);
}
