import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { ipRestrictions, type RestrictionType } from '../../schema/index.js';

export type IpRestrictionRow = typeof ipRestrictions.$inferSelect;

export async function listIpRestrictions(
  db: Db,
  tenantId: string,
  page: { strategy?: RestrictionType | undefined; limit: number; offset: number },
): Promise<{ rows: IpRestrictionRow[]; total: number }> {
  const where = and(
    eq(ipRestrictions.tenantId, tenantId),
    page.strategy ? eq(ipRestrictions.strategy, page.strategy) : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(ipRestrictions)
      .where(where)
      .orderBy(asc(ipRestrictions.createdAt), asc(ipRestrictions.ip))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(ipRestrictions).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Every active entry of the tenant: the enforcement's view, small enough to hold in memory. */
export async function listActiveIpRestrictions(db: Db, tenantId: string): Promise<IpRestrictionRow[]> {
  return db
    .select()
    .from(ipRestrictions)
    .where(and(eq(ipRestrictions.tenantId, tenantId), eq(ipRestrictions.isActive, true)));
}

/** The entry of the tenant for this address on this list, if any (what an upsert would change). */
export async function findIpRestriction(
  db: Db,
  tenantId: string,
  strategy: RestrictionType,
  ip: string,
): Promise<IpRestrictionRow | undefined> {
  const [row] = await db
    .select()
    .from(ipRestrictions)
    .where(
      and(
        eq(ipRestrictions.tenantId, tenantId),
        eq(ipRestrictions.strategy, strategy),
        eq(ipRestrictions.ip, ip),
      ),
    );
  return row;
}

/** Adds the entry, or updates the one with the same address on the same list (the SDK's create-or-update). */
export async function upsertIpRestriction(
  db: Db,
  entry: {
    tenantId: string;
    ip: string;
    strategy: RestrictionType;
    isActive: boolean;
    description: string;
    now: Date;
  },
): Promise<IpRestrictionRow> {
  const { now, ...values } = entry;
  const [row] = await db
    .insert(ipRestrictions)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [ipRestrictions.tenantId, ipRestrictions.strategy, ipRestrictions.ip],
      set: { isActive: values.isActive, description: values.description, updatedAt: sql`${now}` },
    })
    .returning();
  if (!row) throw new Error('upsertIpRestriction returned no row');
  return row;
}

export async function deleteIpRestriction(
  db: Db,
  tenantId: string,
  id: string,
): Promise<IpRestrictionRow | undefined> {
  const [row] = await db
    .delete(ipRestrictions)
    .where(and(eq(ipRestrictions.tenantId, tenantId), eq(ipRestrictions.id, id)))
    .returning();
  return row;
}

export async function countIpRestrictions(db: Db, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(ipRestrictions)
    .where(eq(ipRestrictions.tenantId, tenantId));
  return row?.total ?? 0;
}
