import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../client.js';
import { rolePermissions, roles, userRoles } from '../schema.js';

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
