import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { permissions, rolePermissions } from '../schema/index.js';

export type PermissionRow = typeof permissions.$inferSelect;
export type NewPermission = typeof permissions.$inferInsert;

export async function upsertPermission(db: Db, permission: NewPermission): Promise<PermissionRow> {
  const [row] = await db
    .insert(permissions)
    .values(permission)
    .onConflictDoUpdate({
      target: permissions.key,
      set: {
        name: permission.name,
        description: permission.description,
        categoryId: permission.categoryId,
        fePermission: permission.fePermission,
      },
    })
    .returning();
  if (!row) throw new Error('upsertPermission returned no row');
  return row;
}

export async function findPermissionsByIds(db: Db, permissionIds: string[]): Promise<PermissionRow[]> {
  if (permissionIds.length === 0) return [];
  return db.select().from(permissions).where(inArray(permissions.id, permissionIds));
}

/** The whole catalogue, with the roles holding each permission among `roleIds` (the tenant's visible roles). */
export async function findPermissionsWithRoles(
  db: Db,
  roleIds: string[],
): Promise<Array<PermissionRow & { roleIds: string[] }>> {
  const rows = await db.select().from(permissions).orderBy(asc(permissions.categoryId), asc(permissions.key));
  const links =
    roleIds.length === 0
      ? []
      : await db.select().from(rolePermissions).where(inArray(rolePermissions.roleId, roleIds));
  return rows.map((row) => ({
    ...row,
    roleIds: links.filter((link) => link.permissionId === row.id).map((link) => link.roleId),
  }));
}

export async function findPermissionById(db: Db, permissionId: string): Promise<PermissionRow | undefined> {
  const [row] = await findPermissionsByIds(db, [permissionId]);
  return row;
}
