import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { groupConfigs } from '../schema/index.js';

export type GroupConfigRow = typeof groupConfigs.$inferSelect;
export type GroupConfigChanges = Partial<Pick<GroupConfigRow, 'enabled' | 'rolesEnabled'>>;

export async function findGroupConfig(db: Db, tenantId: string): Promise<GroupConfigRow | undefined> {
  const [row] = await db.select().from(groupConfigs).where(eq(groupConfigs.tenantId, tenantId));
  return row;
}

/** Writes the switches given; a switch left out keeps its stored value (or its default, on). */
export async function upsertGroupConfig(
  db: Db,
  tenantId: string,
  changes: GroupConfigChanges,
  now: Date,
): Promise<GroupConfigRow> {
  const [row] = await db
    .insert(groupConfigs)
    .values({ tenantId, ...changes, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: groupConfigs.tenantId, set: { ...changes, updatedAt: sql`${now}` } })
    .returning();
  if (!row) throw new Error('upsertGroupConfig returned no row');
  return row;
}
