import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { securityPolicies } from '../../schema/index.js';

export type SecurityPolicyRow = typeof securityPolicies.$inferSelect;
export type SecurityPolicyChanges = Partial<Omit<SecurityPolicyRow, 'scope' | 'createdAt' | 'updatedAt'>>;

/** The scope of the vendor's own policies; a tenant's scope is its id. */
export const VENDOR_SCOPE = 'vendor';

export async function findSecurityPolicies(db: Db, scopes: string[]): Promise<SecurityPolicyRow[]> {
  return db.select().from(securityPolicies).where(inArray(securityPolicies.scope, scopes));
}

/** Creates the scope's row with the defaults when missing, then applies the changes. */
export async function upsertSecurityPolicy(
  db: Db,
  scope: string,
  changes: SecurityPolicyChanges,
  now: Date,
): Promise<SecurityPolicyRow> {
  const [row] = await db
    .insert(securityPolicies)
    .values({ scope, ...changes, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: securityPolicies.scope, set: { ...changes, updatedAt: sql`${now}` } })
    .returning();
  if (!row) throw new Error('upsertSecurityPolicy returned no row');
  return row;
}
