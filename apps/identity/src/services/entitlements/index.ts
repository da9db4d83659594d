import {
  NEVER_EXPIRES,
  type Entitlement,
  type Feature,
  type Plan,
  type UserEntitlements,
} from '@brizo/contract/entities/entitlements';
import type { Db } from '../../db/client.js';
import { atomically } from '../../db/client.js';
import {
  countFeaturesByIds,
  countPlansByIds,
  deleteEntitlement,
  deleteFeature,
  deletePlan,
  findEntitlementById,
  findFeatureById,
  findPlanById,
  insertEntitlement,
  insertFeature,
  insertPlan,
  listEntitlementsOfTenant,
  listEntitlementsOfUser,
  listFeatures,
  listPlanFeatures,
  listPlans,
  replaceFeaturePlans,
  replacePlanFeatures,
  updateFeature,
  updatePlan,
  type EntitlementRow,
  type FeatureRow,
  type PlanFeatureRow,
  type PlanRow,
} from '../../db/queries/entitlements.js';
import { findMember } from '../../db/queries/team.js';
import { findTenantById } from '../../db/queries/tenants.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import { ttlCached } from '../../lib/ttl-cache.js';
import { sharedTtlCache, type InvalidationBus } from '../cluster/index.js';
import { auditChange } from '../audit-changes.js';
import { entitlementsAuditEvents as events } from './audit-events.js';
import { catalogueOf } from './catalogue.js';
import { recordVendorChange, type VendorCaller } from './vendor-caller.js';

// Issue 15: what a user is entitled to (the SDK's user-entitlements v2, evaluated by
// @brizo/contract/entitlements) and the superuser console's catalogue: plans, features, and the
// entitlements of tenants and of their users.

export interface PlanInput {
  name: string;
  description: string;
  defaultTreatment: Plan['defaultTreatment'];
  rules: Plan['rules'];
  featureIds: string[];
}

export interface FeatureInput {
  key: string;
  name: string;
  description: string;
  linkedPermissions: string[];
  featureFlag: Feature['featureFlag'];
  planIds: string[];
}

export interface EntitlementInput {
  tenantId: string;
  userId?: string | null | undefined;
  planId?: string | null | undefined;
  featureId?: string | null | undefined;
  expiresAt?: string | null | undefined;
}

/** Plan id → its feature ids, and feature id → its plan ids. */
function linksOf(rows: PlanFeatureRow[]) {
  const featuresOfPlan = new Map<string, string[]>();
  const plansOfFeature = new Map<string, string[]>();
  for (const { planId, featureId } of rows) {
    featuresOfPlan.set(planId, [...(featuresOfPlan.get(planId) ?? []), featureId]);
    plansOfFeature.set(featureId, [...(plansOfFeature.get(featureId) ?? []), planId]);
  }
  return { featuresOfPlan, plansOfFeature };
}

/**
 * When the caller's entitlement to each feature ends: NEVER_EXPIRES when one of them never does, else
 * the latest end, past or not, so the evaluator can answer BUNDLE_EXPIRED rather than MISSING_FEATURE.
 */
function expiryByFeature(rows: EntitlementRow[], featuresOfPlan: Map<string, string[]>) {
  const expiry = new Map<string, number>();
  for (const row of rows) {
    const featureIds = row.featureId ? [row.featureId] : (featuresOfPlan.get(row.planId ?? '') ?? []);
    const ends = row.expiresAt ? row.expiresAt.getTime() : NEVER_EXPIRES;
    for (const featureId of featureIds) {
      const known = expiry.get(featureId);
      if (known === NEVER_EXPIRES) continue;
      expiry.set(featureId, ends === NEVER_EXPIRES || known === undefined ? ends : Math.max(known, ends));
    }
  }
  return expiry;
}

const planView = (row: PlanRow, featureIds: string[]): Plan => ({
  id: row.id,
  name: row.name,
  description: row.description,
  defaultTreatment: row.defaultTreatment,
  rules: row.rules,
  featureIds,
  createdAt: row.createdAt.toISOString(),
});

const featureView = (row: FeatureRow, planIds: string[]): Feature => ({
  id: row.id,
  key: row.key,
  name: row.name,
  description: row.description,
  linkedPermissions: row.linkedPermissions,
  featureFlag: row.featureFlag ?? null,
  planIds,
  createdAt: row.createdAt.toISOString(),
});

const entitlementView = (row: EntitlementRow): Entitlement => ({
  id: row.id,
  tenantId: row.tenantId,
  userId: row.userId,
  planId: row.planId,
  featureId: row.featureId,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export function createEntitlementsService(deps: {
  db: Db;
  clock: Clock;
  /** Issue 16: a console change drops the catalogue on every instance. */
  bus?: InvalidationBus;
}) {
  const { db } = deps;

  const errors = errorCatalogue.entitlements;
  const plans = catalogueOf(deps, {
    target: 'planId',
    notFound: errors.planNotFound,
    events: { created: events.planCreated, updated: events.planUpdated, deleted: events.planDeleted },
    list: listPlans,
    find: findPlanById,
    count: countPlansByIds,
    insert: insertPlan,
    update: updatePlan,
    remove: deletePlan,
    linksOf: (rows) => linksOf(rows).featuresOfPlan,
    replaceLinks: replacePlanFeatures,
    assertLinks: (ids): Promise<void> => features.assertExist(ids),
    view: planView,
  });
  const features = catalogueOf(deps, {
    target: 'featureId',
    notFound: errors.featureNotFound,
    events: {
      created: events.featureCreated,
      updated: events.featureUpdated,
      deleted: events.featureDeleted,
    },
    list: listFeatures,
    find: findFeatureById,
    count: countFeaturesByIds,
    insert: insertFeature,
    update: updateFeature,
    remove: deleteFeature,
    linksOf: (rows) => linksOf(rows).plansOfFeature,
    replaceLinks: replaceFeaturePlans,
    assertLinks: (ids): Promise<void> => plans.assertExist(ids),
    view: featureView,
  });

  // Plans, features and their links: read by every user-entitlements answer and every enforced admin
  // call, changed by the console. Kept 5 s (other servers see a change within that), dropped at once
  // after this process's own change has committed.
  const localCatalogue = ttlCached(
    async () => {
      const [planRows, featureRows, links] = await Promise.all([
        listPlans(db),
        listFeatures(db),
        listPlanFeatures(db),
      ]);
      return {
        planRows,
        featureRows,
        ...linksOf(links),
        linkedPermissions: new Set(featureRows.flatMap((row) => row.linkedPermissions)),
      };
    },
    deps.clock,
    5000,
  );
  const catalogue = sharedTtlCache(deps.bus, 'entitlements-catalogue', localCatalogue);
  const changingCatalogue =
    <Args extends unknown[], T>(change: (...args: Args) => Promise<T>) =>
    async (...args: Args): Promise<T> => {
      try {
        return await change(...args);
      } finally {
        catalogue.invalidate();
      }
    };

  return {
    /** The permissions some feature links (SPEC section 6: those need the feature too). */
    linkedPermissions: async () => (await catalogue.get()).linkedPermissions,

    /**
     * GET /entitlements/api/v2/user-entitlements: every feature (with its plans, the caller's
     * entitlement end, linked permissions and flag), every plan's targeting, and the caller's
     * permissions in the tenant. Only this tenant's rows, and of them the tenant-wide and the user's.
     */
    async userEntitlements(
      userId: string,
      tenantId: string,
      permissions: string[],
    ): Promise<UserEntitlements> {
      const [{ planRows, featureRows, featuresOfPlan, plansOfFeature }, rows] = await Promise.all([
        catalogue.get(),
        listEntitlementsOfUser(db, tenantId, userId),
      ]);
      const expiry = expiryByFeature(rows, featuresOfPlan);
      return {
        features: Object.fromEntries(
          featureRows.map((row) => [
            row.key,
            {
              planIds: plansOfFeature.get(row.id) ?? [],
              expireTime: expiry.get(row.id) ?? null,
              linkedPermissions: row.linkedPermissions,
              ...(row.featureFlag ? { featureFlag: row.featureFlag } : {}),
            },
          ]),
        ),
        plans: Object.fromEntries(
          planRows.map((row) => [row.id, { defaultTreatment: row.defaultTreatment, rules: row.rules }]),
        ),
        permissions: Object.fromEntries(permissions.map((key) => [key, true as const])),
      };
    },

    listPlans: plans.list,
    getPlan: plans.get,
    createPlan: changingCatalogue(({ featureIds, ...columns }: PlanInput, by: VendorCaller) =>
      plans.create(columns, featureIds, by),
    ),
    updatePlan: changingCatalogue(
      (id: string, { featureIds, ...columns }: Partial<PlanInput>, by: VendorCaller) =>
        plans.update(id, columns, featureIds, by),
    ),
    deletePlan: changingCatalogue(plans.remove),

    listFeatures: features.list,
    getFeature: features.get,
    createFeature: changingCatalogue(({ planIds, ...columns }: FeatureInput, by: VendorCaller) =>
      features.create(columns, planIds, by),
    ),
    updateFeature: changingCatalogue(
      (id: string, { planIds, ...columns }: Partial<FeatureInput>, by: VendorCaller) =>
        features.update(id, columns, planIds, by),
    ),
    deleteFeature: changingCatalogue(features.remove),

    async listEntitlements(tenantId: string): Promise<Entitlement[]> {
      return (await listEntitlementsOfTenant(db, tenantId)).map(entitlementView);
    },
    /** Entitles a tenant, or one of its members, to a plan or to one feature. */
    createEntitlement(input: EntitlementInput, by: VendorCaller): Promise<Entitlement> {
      return atomically(db, async () => {
        const { tenantId, userId = null, planId = null, featureId = null, expiresAt = null } = input;
        if ((planId === null) === (featureId === null))
          throw appError(errorCatalogue.entitlements.invalidTarget);
        if (!(await findTenantById(db, tenantId))) throw appError(errorCatalogue.entitlements.invalidTarget);
        if (userId !== null && !(await findMember(db, tenantId, userId)))
          throw appError(errorCatalogue.entitlements.invalidTarget);
        if (planId !== null) await plans.assertExist([planId]);
        if (featureId !== null) await features.assertExist([featureId]);
        const row = await insertEntitlement(db, {
          tenantId,
          userId,
          planId,
          featureId,
          expiresAt: expiresAt === null ? null : new Date(expiresAt),
        });
        const entitlement = entitlementView(row);
        await recordVendorChange(deps, by, events.entitlementGranted, {
          entitlementId: row.id,
          ...auditChange(null, entitlement),
        });
        return entitlement;
      });
    },
    deleteEntitlement(id: string, by: VendorCaller): Promise<void> {
      return atomically(db, async () => {
        const row = await findEntitlementById(db, id);
        if (!row) throw appError(errorCatalogue.entitlements.entitlementNotFound);
        await deleteEntitlement(db, id);
        await recordVendorChange(deps, by, events.entitlementRevoked, {
          entitlementId: id,
          ...auditChange(entitlementView(row), null),
        });
      });
    },
  };
}
export type EntitlementsService = ReturnType<typeof createEntitlementsService>;
