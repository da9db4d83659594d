import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { memberships, tenants } from '../schema/index.js';

export type TenantRow = typeof tenants.$inferSelect;
export type NewTenant = typeof tenants.$inferInsert;

export async function insertTenant(db: Db, tenant: NewTenant): Promise<TenantRow> {
  const [row] = await db.insert(tenants).values(tenant).returning();
  if (!row) throw new Error('insertTenant returned no row');
  return row;
}

export async function findTenantById(db: Db, tenantId: string): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row;
}

export async function findTenantByName(db: Db, name: string): Promise<TenantRow | undefined> {
  const [row] = await db
    .select()
    .from(tenants)
    .where(eq(tenants.name, name))
    .orderBy(asc(tenants.createdAt))
    .limit(1);
  return row;
}

/** Tenants the user belongs to, oldest membership first. */
export async function findTenantsOfUser(db: Db, userId: string): Promise<TenantRow[]> {
  const rows = await db
    .select({ tenant: tenants })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt));
  return rows.map((row) => row.tenant);
}

export async function insertMembership(db: Db, userId: string, tenantId: string): Promise<void> {
  await db.insert(memberships).values({ userId, tenantId }).onConflictDoNothing();
}

/** Account settings and the custom login box (issue 4): the caller's own tenant only. */
export async function updateTenant(
  db: Db,
  tenantId: string,
  changes: Partial<
    Pick<
      NewTenant,
      | 'name'
      | 'address'
      | 'timezone'
      | 'dateFormat'
      | 'timeFormat'
      | 'currency'
      | 'logo'
      | 'website'
      | 'customLogin'
      | 'updatedAt'
    >
  >,
): Promise<TenantRow | undefined> {
  const [row] = await db.update(tenants).set(changes).where(eq(tenants.id, tenantId)).returning();
  return row;
}
