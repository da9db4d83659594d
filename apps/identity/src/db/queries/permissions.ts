import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { permissions, rolePermissions } from '../schema/index.js';

export type PermissionRow = typeof permissions.$inferSelect;
export type NewPermission = typeof permissions.$inferInsert;

/**
 * Inserts the catalogue's permissions, or brings existing ones (by key) up to date: one statement for
 * the whole catalogue, which the server writes at every start.
 */
export async function upsertPermissions(db: Db, catalogue: NewPermission[]): Promise<PermissionRow[]> {
  if (catalogue.length === 0) return [];
  return db
    .insert(permissions)
    .values(catalogue)
    .onConflictDoUpdate({
      target: permissions.key,
      set: {
        name: sql`excluded.name`,
        description: sql`excluded.description`,
        categoryId: sql`excluded.category_id`,
        fePermission: sql`excluded.fe_permission`,
      },
    })
    .returning();
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
