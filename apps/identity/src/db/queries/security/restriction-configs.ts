import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { restrictionConfigs } from '../../schema/index.js';

export type RestrictionConfigRow = typeof restrictionConfigs.$inferSelect;
export type RestrictionConfigChanges = Partial<
  Omit<RestrictionConfigRow, 'tenantId' | 'createdAt' | 'updatedAt'>
>;

export async function findRestrictionConfig(
  db: Db,
  tenantId: string,
): Promise<RestrictionConfigRow | undefined> {
  const [row] = await db.select().from(restrictionConfigs).where(eq(restrictionConfigs.tenantId, tenantId));
  return row;
}

export async function upsertRestrictionConfig(
  db: Db,
  tenantId: string,
  changes: RestrictionConfigChanges,
  now: Date,
): Promise<RestrictionConfigRow> {
  const [row] = await db
    .insert(restrictionConfigs)
    .values({ tenantId, ...changes, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: restrictionConfigs.tenantId, set: { ...changes, updatedAt: sql`${now}` } })
    .returning();
  if (!row) throw new Error('upsertRestrictionConfig returned no row');
  return row;
}
