import { inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { permissions } from '../schema.js';

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
