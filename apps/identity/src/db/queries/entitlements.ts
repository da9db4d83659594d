// Issue 15: plans, features and what they bundle, entitlements of tenants and users, and the
// vendor-level feature flags.
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../client.js';
import { entitlements, featureFlags, features, planFeatures, plans } from '../schema/index.js';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type FeatureRow = typeof features.$inferSelect;
export type NewFeature = typeof features.$inferInsert;
export type EntitlementRow = typeof entitlements.$inferSelect;
export type NewEntitlement = typeof entitlements.$inferInsert;
export type FeatureFlagRow = typeof featureFlags.$inferSelect;
export type PlanFeatureRow = typeof planFeatures.$inferSelect;

export async function listPlans(db: Db): Promise<PlanRow[]> {
  return db.select().from(plans).orderBy(asc(plans.createdAt), asc(plans.id));
}

export async function findPlanById(db: Db, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id)).limit(1);
  return row;
}

export async function insertPlan(db: Db, plan: NewPlan): Promise<PlanRow> {
  const [row] = await db.insert(plans).values(plan).returning();
  if (!row) throw new Error('insertPlan returned no row');
  return row;
}

export async function updatePlan(
  db: Db,
  id: string,
  changes: Partial<Omit<NewPlan, 'id' | 'createdAt'>>,
): Promise<PlanRow | undefined> {
  const [row] = await db.update(plans).set(changes).where(eq(plans.id, id)).returning();
  return row;
}

export async function deletePlan(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(plans).where(eq(plans.id, id)).returning({ id: plans.id });
  return deleted.length > 0;
}

export async function listFeatures(db: Db): Promise<FeatureRow[]> {
  return db.select().from(features).orderBy(asc(features.createdAt), asc(features.id));
}

export async function findFeatureById(db: Db, id: string): Promise<FeatureRow | undefined> {
  const [row] = await db.select().from(features).where(eq(features.id, id)).limit(1);
  return row;
}

export async function insertFeature(db: Db, feature: NewFeature): Promise<FeatureRow> {
  const [row] = await db.insert(features).values(feature).returning();
  if (!row) throw new Error('insertFeature returned no row');
  return row;
}

export async function updateFeature(
  db: Db,
  id: string,
  changes: Partial<Omit<NewFeature, 'id' | 'createdAt'>>,
): Promise<FeatureRow | undefined> {
  const [row] = await db.update(features).set(changes).where(eq(features.id, id)).returning();
  return row;
}

export async function deleteFeature(db: Db, id: string): Promise<boolean> {
  const deleted = await db.delete(features).where(eq(features.id, id)).returning({ id: features.id });
  return deleted.length > 0;
}

/** Every (plan, feature) pair: the catalogue is small, and both views need all of it. */
export async function listPlanFeatures(db: Db): Promise<PlanFeatureRow[]> {
  return db.select().from(planFeatures);
}

/** How many of these ids name plans (to refuse an unknown one before linking). */
export async function countPlansByIds(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return (await db.select({ id: plans.id }).from(plans).where(inArray(plans.id, ids))).length;
}

export async function countFeaturesByIds(db: Db, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return (await db.select({ id: features.id }).from(features).where(inArray(features.id, ids))).length;
}

/** The features of a plan become exactly `featureIds`. */
export async function replacePlanFeatures(db: Db, planId: string, featureIds: string[]): Promise<void> {
  await db.delete(planFeatures).where(eq(planFeatures.planId, planId));
  if (featureIds.length === 0) return;
  await db.insert(planFeatures).values(featureIds.map((featureId) => ({ planId, featureId })));
}

/** The plans of a feature become exactly `planIds`. */
export async function replaceFeaturePlans(db: Db, featureId: string, planIds: string[]): Promise<void> {
  await db.delete(planFeatures).where(eq(planFeatures.featureId, featureId));
  if (planIds.length === 0) return;
  await db.insert(planFeatures).values(planIds.map((planId) => ({ planId, featureId })));
}

export async function listEntitlementsOfTenant(db: Db, tenantId: string): Promise<EntitlementRow[]> {
  return db
    .select()
    .from(entitlements)
    .where(eq(entitlements.tenantId, tenantId))
    .orderBy(asc(entitlements.createdAt), asc(entitlements.id));
}

/** What one user of a tenant is entitled through: the tenant's own rows and the user's. */
export async function listEntitlementsOfUser(
  db: Db,
  tenantId: string,
  userId: string,
): Promise<EntitlementRow[]> {
  return db
    .select()
    .from(entitlements)
    .where(
      and(
        eq(entitlements.tenantId, tenantId),
        or(isNull(entitlements.userId), eq(entitlements.userId, userId)),
      ),
    );
}

export async function findEntitlementById(db: Db, id: string): Promise<EntitlementRow | undefined> {
  const [row] = await db.select().from(entitlements).where(eq(entitlements.id, id)).limit(1);
  return row;
}

export async function insertEntitlement(db: Db, entitlement: NewEntitlement): Promise<EntitlementRow> {
  const [row] = await db.insert(entitlements).values(entitlement).returning();
  if (!row) throw new Error('insertEntitlement returned no row');
  return row;
}

export async function deleteEntitlement(db: Db, id: string): Promise<boolean> {
  const deleted = await db
    .delete(entitlements)
    .where(eq(entitlements.id, id))
    .returning({ id: entitlements.id });
  return deleted.length > 0;
}

export async function listFeatureFlags(db: Db): Promise<FeatureFlagRow[]> {
  return db.select().from(featureFlags).orderBy(asc(featureFlags.key));
}

export async function findFeatureFlag(db: Db, key: string): Promise<FeatureFlagRow | undefined> {
  const [row] = await db.select().from(featureFlags).where(eq(featureFlags.key, key)).limit(1);
  return row;
}

export async function updateFeatureFlag(
  db: Db,
  key: string,
  changes: Partial<Omit<FeatureFlagRow, 'key'>>,
): Promise<FeatureFlagRow | undefined> {
  const [row] = await db.update(featureFlags).set(changes).where(eq(featureFlags.key, key)).returning();
  return row;
}
