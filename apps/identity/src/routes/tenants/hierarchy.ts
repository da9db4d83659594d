import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SUB_ACCOUNTS_PAGE_SIZE,
  subAccountAccessTypes,
  subAccountPageSchema,
  subAccountSchema,
} from '@brizo/contract/entities/sub-account';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { commaSeparatedIds, emptyResponse } from '../schemas.js';
import { areaRoutes } from '../route.js';

// The sub-account hierarchy (issue 15; SPEC section 7 "Sub-tenants"), as the SDK's TenantsApi and
// SubTenantsApi call it. The caller's active account is the top of everything it may see or change.

const tenantIdParams = z.object({ tenantId: z.uuid({ error: 'tenantId must be a valid account id' }) });
const accountName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(100, 'name holds at most 100 characters');

const READ = 'fe.account-hierarchy.read.subAccount' as const;
const WRITE = 'fe.account-hierarchy.write.subAccount' as const;
const DELETE = 'fe.account-hierarchy.delete.subAccount' as const;

/** /tenants/resources/sub-tenants/v1: create, rename, reseller flag, access type, delete. */
export const subTenantsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'sub-tenants');
  const { hierarchy } = services;

  route({
    name: 'create',
    method: 'POST',
    url: '/',
    tag: 'tenants',
    summary: "Create a sub-account below the caller's account, or below one of its sub-accounts",
    access: { permission: WRITE },
    body: z.object({
      name: accountName,
      tenantId: z.uuid({ error: 'tenantId must be a valid id' }).optional(),
      parentTenantId: z.uuid({ error: 'parentTenantId must be a valid account id' }).optional(),
    }),
    response: subAccountSchema,
    status: 201,
    handler: ({ actor, body }) => hierarchy.create(actor, body),
  });

  route({
    name: 'updateByTenantId',
    method: 'PATCH',
    url: '/:tenantId',
    tag: 'tenants',
    summary: 'Rename a sub-account',
    access: { permission: WRITE },
    params: tenantIdParams,
    body: z.object({ name: accountName }),
    response: subAccountSchema,
    handler: ({ actor, params, body }) => hierarchy.updateName(actor, params.tenantId, body.name),
  });

  route({
    name: 'replaceByTenantIdManagement',
    method: 'PUT',
    url: '/:tenantId/management',
    tag: 'tenants',
    summary: 'Whether a sub-account manages sub-accounts of its own (a reseller)',
    access: { permission: WRITE },
    params: tenantIdParams,
    body: z.object({ isReseller: z.boolean({ error: 'isReseller must be true or false' }) }),
    response: subAccountSchema,
    handler: ({ actor, params, body }) => hierarchy.updateManagement(actor, params.tenantId, body.isReseller),
  });

  route({
    name: 'replaceByTenantIdHierarchySettings',
    method: 'PUT',
    url: '/:tenantId/hierarchy-settings',
    tag: 'tenants',
    summary: "How a sub-account's members reach the accounts below it: defaultOff, defaultOn or alwaysOn",
    access: { permission: WRITE },
    params: tenantIdParams,
    body: z.object({
      subAccountAccessType: z.enum(subAccountAccessTypes, {
        error: 'subAccountAccessType must be defaultOff, defaultOn or alwaysOn',
      }),
    }),
    response: subAccountSchema,
    handler: ({ actor, params, body }) =>
      hierarchy.updateHierarchySettings(actor, params.tenantId, body.subAccountAccessType),
  });

  route({
    name: 'deleteByTenantId',
    method: 'DELETE',
    url: '/:tenantId',
    tag: 'tenants',
    summary: 'Delete a sub-account that has no sub-accounts of its own (409 otherwise)',
    access: { permission: DELETE },
    params: tenantIdParams,
    response: emptyResponse,
    handler: async ({ actor, params }) => {
      await hierarchy.remove(actor, params.tenantId);
      return {};
    },
  });
};

const parentSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  level: z.number(),
  status: z.string(),
  createdAt: z.string(),
});

/** The tree's nodes nest to any depth: each child has the root's shape. */
const treeSchema = z.object({
  tenantId: z.string(),
  tenantName: z.string(),
  createdAt: z.string(),
  children: z.array(z.unknown()).describe('Nodes of this same shape'),
});

/** /tenants/resources/hierarchy: what is below the caller's account (v1 whole, v2 paged and searched). */
export const hierarchyRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'hierarchy');
  const { hierarchy } = services;

  route({
    name: 'getV1',
    method: 'GET',
    url: '/v1',
    tag: 'tenants',
    summary: "Every account below the caller's, with its level (1 for a child)",
    access: { permission: READ },
    response: z.array(
      z.object({ tenantId: z.string(), tenantName: z.string(), createdAt: z.string(), level: z.number() }),
    ),
    handler: ({ actor }) => hierarchy.descendants(actor),
  });

  route({
    name: 'getV1Tree',
    method: 'GET',
    url: '/v1/tree',
    tag: 'tenants',
    summary: "The caller's account with every account below it, nested",
    access: { permission: READ },
    response: treeSchema,
    handler: ({ actor }) => hierarchy.tree(actor),
  });

  route({
    name: 'getV1Parents',
    method: 'GET',
    url: '/v1/parents',
    tag: 'tenants',
    summary: "The caller's account's parents as the caller may see them: none (nothing above it is shown)",
    access: { permission: READ },
    response: z.array(parentSchema),
    handler: ({ actor }) => hierarchy.parents(actor, actor.tenantId),
  });

  route({
    name: 'getV1ParentsByTenantId',
    method: 'GET',
    url: '/v1/parents/:tenantId',
    tag: 'tenants',
    summary: "A sub-account's parents up to the caller's account, nearest first",
    access: { permission: READ },
    params: tenantIdParams,
    response: z.array(parentSchema),
    handler: ({ actor, params }) => hierarchy.parents(actor, params.tenantId),
  });

  route({
    name: 'getV2',
    method: 'GET',
    url: '/v2',
    tag: 'tenants',
    summary:
      "A page of an account's children (the caller's by default), or with _filter, of every account below it whose name contains it",
    description: '_offset counts accounts; _links.next is the next page while there is one (SPEC section 9).',
    access: { permission: READ },
    query: z.object({
      _offset: z.coerce.number({ error: '_offset must be a number' }).int().min(0).max(1_000_000).default(0),
      _limit: z.coerce
        .number({ error: '_limit must be a number' })
        .int()
        .min(1)
        .max(200)
        .default(SUB_ACCOUNTS_PAGE_SIZE),
      _filter: z.string().max(200).optional(),
      _subTenantId: z
        .union([z.uuid({ error: '_subTenantId must be a valid account id' }), z.literal('')])
        .optional(),
      _sortBy: z.enum(['name', 'createdAt', 'tenantId']).optional(),
      _order: z
        .string()
        .transform((value) => value.toUpperCase())
        .pipe(z.enum(['ASC', 'DESC']))
        .optional(),
    }),
    response: subAccountPageSchema,
    handler: ({ actor, query, request }) => {
      const path = request.url.split('?')[0] ?? '';
      return hierarchy.search(
        actor,
        {
          offset: query._offset,
          limit: query._limit,
          filter: query._filter,
          subTenantId: query._subTenantId,
          sortBy: query._sortBy,
          order: query._order,
        },
        (offset) => {
          const next = new URLSearchParams({ _offset: String(offset), _limit: String(query._limit) });
          if (query._subTenantId) next.set('_subTenantId', query._subTenantId);
          if (query._filter) next.set('_filter', query._filter);
          return `${path}?${next.toString()}`;
        },
      );
    },
  });

  route({
    name: 'getV2Metadata',
    method: 'GET',
    url: '/v2/metadata',
    tag: 'tenants',
    summary: "For those of _tenantIds at or below the caller's account: how many children each has",
    access: { permission: READ },
    query: z.object({ _tenantIds: commaSeparatedIds('_tenantIds') }),
    response: z.array(z.object({ tenantId: z.string(), totalSubTenants: z.number(), isParent: z.boolean() })),
    handler: ({ actor, query }) => hierarchy.metadata(actor, query._tenantIds),
  });
};
