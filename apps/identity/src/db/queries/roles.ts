import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { column, executeRows } from '../rows.js';
import { apiTokens, rolePermissions, roles, userRoles } from '../schema/index.js';

export type RoleRow = typeof roles.$inferSelect;
export type NewRole = typeof roles.$inferInsert;

export async function findVendorRolesByKeys(db: Db, keys: string[]): Promise<RoleRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(roles)
    .where(and(isNull(roles.tenantId), inArray(roles.key, keys)));
}

/** Creates the vendor-wide role, or updates its name, description and default flag. */
export async function upsertVendorRole(db: Db, role: Omit<NewRole, 'tenantId'>): Promise<RoleRow> {
  const [existing] = await db
    .select()
    .from(roles)
    .where(and(isNull(roles.tenantId), eq(roles.key, role.key)))
    .limit(1);
  if (existing) {
    const [updated] = await db
      .update(roles)
      .set({ name: role.name, description: role.description, isDefault: role.isDefault, level: role.level })
      .where(eq(roles.id, existing.id))
      .returning();
    return updated ?? existing;
  }
  const [inserted] = await db.insert(roles).values(role).returning();
  if (!inserted) throw new Error('upsertVendorRole returned no row');
  return inserted;
}

export async function linkRolePermissions(db: Db, roleId: string, permissionIds: string[]): Promise<void> {
  if (permissionIds.length === 0) return;
  await db
    .insert(rolePermissions)
    .values(permissionIds.map((permissionId) => ({ roleId, permissionId })))
    .onConflictDoNothing();
}

export async function assignUserRoles(
  db: Db,
  userId: string,
  tenantId: string,
  roleIds: string[],
): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .insert(userRoles)
    .values(roleIds.map((roleId) => ({ userId, tenantId, roleId })))
    .onConflictDoNothing();
}

export interface UserRoleDetail {
  tenantId: string;
  role: RoleRow;
  permissionIds: string[];
}

/** Every role the user holds, per tenant, with the ids of each role's permissions. */
export async function findRolesOfUser(db: Db, userId: string): Promise<UserRoleDetail[]> {
  const rows = await db
    .select({ tenantId: userRoles.tenantId, role: roles, permissionId: rolePermissions.permissionId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .leftJoin(rolePermissions, eq(rolePermissions.roleId, roles.id))
    .where(eq(userRoles.userId, userId));
  const byKey = new Map<string, UserRoleDetail>();
  for (const row of rows) {
    const key = `${row.tenantId}:${row.role.id}`;
    const detail = byKey.get(key) ?? { tenantId: row.tenantId, role: row.role, permissionIds: [] };
    if (row.permissionId) detail.permissionIds.push(row.permissionId);
    byKey.set(key, detail);
  }
  return [...byKey.values()];
}

// ---- Roles and permissions of the admin portal (issue 4) ----

/** The roles a tenant sees: the vendor's (read-only to it) and its own. */
const visibleTo = (tenantId: string) => or(isNull(roles.tenantId), eq(roles.tenantId, tenantId));

export interface RoleWithPermissions {
  role: RoleRow;
  permissionIds: string[];
}

async function withPermissions(db: Db, rows: RoleRow[]): Promise<RoleWithPermissions[]> {
  const links =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(rolePermissions)
          .where(
            inArray(
              rolePermissions.roleId,
              rows.map((row) => row.id),
            ),
          );
  return rows.map((role) => ({
    role,
    permissionIds: links.filter((link) => link.roleId === role.id).map((link) => link.permissionId),
  }));
}

export async function findRolesVisibleToTenant(db: Db, tenantId: string): Promise<RoleWithPermissions[]> {
  const rows = await db
    .select()
    .from(roles)
    .where(visibleTo(tenantId))
    .orderBy(asc(roles.level), asc(roles.name));
  return withPermissions(db, rows);
}

/** The roles among `roleIds` the tenant may use; ids of other tenants' roles are left out. */
export async function findRolesByIdsVisibleToTenant(
  db: Db,
  tenantId: string,
  roleIds: string[],
): Promise<RoleWithPermissions[]> {
  if (roleIds.length === 0) return [];
  const rows = await db
    .select()
    .from(roles)
    .where(and(visibleTo(tenantId), inArray(roles.id, roleIds)));
  return withPermissions(db, rows);
}

export async function findTenantRoleByKey(
  db: Db,
  tenantId: string,
  key: string,
): Promise<RoleRow | undefined> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(visibleTo(tenantId), eq(roles.key, key)))
    .limit(1);
  return row;
}

export async function insertRole(db: Db, role: NewRole): Promise<RoleRow> {
  const [row] = await db.insert(roles).values(role).returning();
  if (!row) throw new Error('insertRole returned no row');
  return row;
}

/** Changes one of the tenant's own roles; vendor roles (tenantId null) never match. */
export async function updateTenantRole(
  db: Db,
  tenantId: string,
  roleId: string,
  changes: Partial<Pick<NewRole, 'key' | 'name' | 'description' | 'isDefault' | 'level' | 'updatedAt'>>,
): Promise<RoleRow | undefined> {
  const [row] = await db
    .update(roles)
    .set(changes)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, roleId)))
    .returning();
  return row;
}

export async function deleteTenantRole(
  db: Db,
  tenantId: string,
  roleId: string,
): Promise<RoleRow | undefined> {
  const [row] = await db
    .delete(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.id, roleId)))
    .returning();
  return row;
}

/** Only one default role per tenant: setting one clears the others. */
export async function clearOtherDefaultRoles(db: Db, tenantId: string, roleId: string): Promise<void> {
  await db
    .update(roles)
    .set({ isDefault: false })
    .where(and(eq(roles.tenantId, tenantId), ne(roles.id, roleId), eq(roles.isDefault, true)));
}

export async function setRolePermissions(db: Db, roleId: string, permissionIds: string[]): Promise<void> {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  await linkRolePermissions(db, roleId, permissionIds);
}

export async function unlinkRolePermissions(db: Db, roleIds: string[], permissionId: string): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.permissionId, permissionId), inArray(rolePermissions.roleId, roleIds)));
}

/**
 * The roles a new member of the tenant gets when none are named (isDefault): the tenant's own
 * default role, else the vendor's default roles.
 */
export async function findDefaultRoleIds(db: Db, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ id: roles.id, tenantId: roles.tenantId })
    .from(roles)
    .where(and(visibleTo(tenantId), eq(roles.isDefault, true)));
  const own = rows.filter((row) => row.tenantId === tenantId);
  return (own.length > 0 ? own : rows).map((row) => row.id);
}

/** Gives a new member the named roles, or the tenant's default roles when none are named. */
export async function assignNewMemberRoles(
  db: Db,
  userId: string,
  tenantId: string,
  roleIds: string[],
): Promise<void> {
  const chosen = roleIds.length > 0 ? roleIds : await findDefaultRoleIds(db, tenantId);
  await assignUserRoles(db, userId, tenantId, chosen);
}

/**
 * Who holds any of `roleIds` in the tenant: its members directly or through one of its groups, and
 * its API tokens. A seldom admin change reads it (user_roles is scanned: no index leads with role_id).
 */
export async function findHoldersOfRoles(
  db: Db,
  tenantId: string,
  roleIds: string[],
): Promise<{ userIds: string[]; clientIds: string[] }> {
  if (roleIds.length === 0) return { userIds: [], clientIds: [] };
  const ids = sql.join(
    roleIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const users = await executeRows(
    db,
    sql`select ur.user_id from user_roles ur
    where ur.tenant_id = ${tenantId}::uuid and ur.role_id in (${ids})
    union select gu.user_id from group_users gu join groups g on g.id = gu.group_id
    join group_roles gr on gr.group_id = g.id
    where g.tenant_id = ${tenantId}::uuid and gr.role_id in (${ids})`,
  );
  const tokens = await db
    .select({ clientId: apiTokens.clientId })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.tenantId, tenantId),
        sql`${apiTokens.roleIds} ?| array[${sql.join(
          roleIds.map((id) => sql`${id}`),
          sql`, `,
        )}]::text[]`,
      ),
    );
  return {
    userIds: users.map((row) => column.text(column.row(row), 'user_id')),
    clientIds: tokens.map((row) => row.clientId),
  };
}
