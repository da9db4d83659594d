import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  entitlementSchema,
  featureFlagSchema,
  featureKeySchema,
  featureSchema,
  planSchema,
  ruleSchema,
  treatmentSchema,
  userEntitlementsSchema,
} from '@brizo/contract/entities/entitlements';
import { z } from 'zod';
import { vendorCallerOf } from '../../services/entitlements/vendor-caller.js';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';
import { catalogueRoutes } from './catalogue-routes.js';
import { requestMeta } from '../schemas.js';

const entitlementsSettings = z.object({ enabled: z.boolean() });

// Issue 15 (prefix /entitlements): the SDK's user-entitlements v2, and the superuser console's plans,
// features and entitlements of tenants and users.

const id = z.uuid({ error: 'must be a valid id' });
const ids = z.array(id).max(500);
const byId = z.object({ id });
const rules = z.array(ruleSchema).max(50);

const planBody = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).default(''),
  defaultTreatment: treatmentSchema.default('false'),
  rules: rules.default([]),
  featureIds: ids.default([]),
});
const planChanges = z
  .object({
    name: planBody.shape.name,
    description: z.string().max(2000),
    defaultTreatment: treatmentSchema,
    rules,
    featureIds: ids,
  })
  .partial();

const permissionKeys = z.array(z.string().trim().min(1).max(200)).max(200);
const featureBody = z.object({
  key: featureKeySchema,
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).default(''),
  linkedPermissions: permissionKeys.default([]),
  featureFlag: featureFlagSchema.nullable().default(null),
  planIds: ids.default([]),
});
const featureChanges = z
  .object({
    key: featureKeySchema,
    name: featureBody.shape.name,
    description: z.string().max(2000),
    linkedPermissions: permissionKeys,
    featureFlag: featureFlagSchema.nullable(),
    planIds: ids,
  })
  .partial();

/** A plan or a feature (the service refuses both or neither), for the tenant or one of its members. */
const entitlementBody = z.object({
  tenantId: id,
  userId: id.nullish(),
  planId: id.nullish(),
  featureId: id.nullish(),
  expiresAt: z.iso.datetime({ offset: true, error: 'must be an ISO date-time' }).nullish(),
});

export const entitlementsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'entitlements');
  const { entitlements } = services;

  route({
    name: 'getUserEntitlementsV2',
    method: 'GET',
    url: '/api/v2/user-entitlements',
    summary: "The caller's features, plans and permissions, from which the SDK evaluates entitlements",
    description:
      "Every feature with its plans, the end of the caller's entitlement (-1: never; null: none), its " +
      "linked permissions and flag; every plan's targeting rules; the caller's permissions in the active " +
      "tenant. Only the active tenant's entitlements, tenant-wide or the caller's own. `enabled` (ours): " +
      'whether the vendor has turned entitlements on, so that missing features lock anything.',
    access: 'member',
    response: userEntitlementsSchema,
    handler: async ({ actor }) => ({
      ...(await entitlements.userEntitlements(actor.userId, actor.tenantId, actor.permissions)),
      enabled: await services.entitlementEnforcement.isEnabled(),
    }),
  });

  // The superuser console: plans and features.
  catalogueRoutes(route, {
    name: 'Plan',
    noun: 'plan',
    url: '/resources/plans/v1',
    schema: planSchema,
    body: planBody,
    changes: planChanges,
    list: () => entitlements.listPlans(),
    get: (planId) => entitlements.getPlan(planId),
    create: (body, by) => entitlements.createPlan(body, by),
    update: (planId, changes, by) => entitlements.updatePlan(planId, changes, by),
    remove: (planId, by) => entitlements.deletePlan(planId, by),
  });
  catalogueRoutes(route, {
    name: 'Feature',
    noun: 'feature',
    url: '/resources/features/v1',
    schema: featureSchema,
    body: featureBody,
    changes: featureChanges,
    list: () => entitlements.listFeatures(),
    get: (featureId) => entitlements.getFeature(featureId),
    create: (body, by) => entitlements.createFeature(body, by),
    update: (featureId, changes, by) => entitlements.updateFeature(featureId, changes, by),
    remove: (featureId, by) => entitlements.deleteFeature(featureId, by),
  });

  // Entitlements of tenants and of their users.
  route({
    name: 'listEntitlements',
    method: 'GET',
    url: '/resources/entitlements/v1',
    summary: "A tenant's entitlements, tenant-wide and its users' (superuser only)",
    access: 'vendor',
    query: z.object({ tenantId: id }),
    response: z.array(entitlementSchema),
    handler: ({ query }) => entitlements.listEntitlements(query.tenantId),
  });
  route({
    name: 'createEntitlement',
    method: 'POST',
    url: '/resources/entitlements/v1',
    summary: 'Entitle a tenant, or one of its members, to a plan or a feature (superuser only)',
    description:
      'Exactly one of planId and featureId; userId must be a member of the tenant; expiresAt null: never.',
    access: 'vendor',
    body: entitlementBody,
    status: 201,
    response: entitlementSchema,
    handler: ({ body, claims, request }) =>
      entitlements.createEntitlement(body, vendorCallerOf(claims, requestMeta(request))),
  });
  route({
    name: 'deleteEntitlement',
    method: 'DELETE',
    url: '/resources/entitlements/v1/:id',
    summary: 'Revoke an entitlement (superuser only)',
    access: 'vendor',
    params: byId,
    handler: async ({ params, claims, request }) => {
      await entitlements.deleteEntitlement(params.id, vendorCallerOf(claims, requestMeta(request)));
    },
  });

  route({
    name: 'getSettings',
    method: 'GET',
    url: '/resources/settings/v1',
    summary: 'Whether actions need the features linked to their permission (superuser only)',
    access: 'vendor',
    response: entitlementsSettings,
    handler: async () => ({ enabled: await services.entitlementEnforcement.isEnabled() }),
  });
  route({
    name: 'updateSettings',
    method: 'PUT',
    url: '/resources/settings/v1',
    summary: 'Turn entitlements on or off for every account (superuser only)',
    description:
      'On: an admin call whose permission a feature links needs an entitlement to that feature ' +
      '(403 ER-ENTITLEMENTS-NOT-ENTITLED otherwise). Off: permissions alone decide.',
    access: 'vendor',
    body: entitlementsSettings,
    response: entitlementsSettings,
    handler: async ({ body, claims, request }) => ({
      enabled: await services.entitlementEnforcement.setEnabled(
        body.enabled,
        vendorCallerOf(claims, requestMeta(request)),
      ),
    }),
  });
};
