import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subAccountUsersPageSchema } from '@brizo/contract/entities/sub-account';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import type { RolesChange } from '../../services/tenants/hierarchy-users.js';
import { emailField, emptyResponse } from '../schemas.js';
import { roleIdsField, userIdParams } from '../team/schemas.js';
import { areaRoutes } from '../route.js';

// The people of the sub-accounts (issue 15), as the SDK's SubTenantsApi calls them: each account named
// must be the caller's or below it (404 otherwise).

const READ = 'fe.account-hierarchy.read.subAccount' as const;
const WRITE = 'fe.account-hierarchy.write.subAccount' as const;

const accountId = z.uuid({ error: 'tenantId must be a valid account id' });
const newUser = z.object({ email: emailField, name: z.string().trim().max(200).optional() });
const subTenantsRoles = z.object({
  subTenantsRoles: z
    .array(z.object({ tenantId: accountId, roleIds: roleIdsField }), { error: 'subTenantsRoles is required' })
    .min(1, 'subTenantsRoles is required')
    .max(50),
});

/** /identity/resources/sub-tenants/users: v1 (the caller's subtree) and v2 (one sub-account). */
export const subTenantUsersRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'sub-tenant-users');
  const { hierarchyUsers } = services;

  route({
    name: 'getV1',
    method: 'GET',
    url: '/v1',
    tag: 'tenants',
    summary:
      "The people of the caller's account and the accounts below it (page by page, by name); with _tenantId, one account's members",
    access: { permission: READ },
    query: z.object({
      _limit: z.coerce.number({ error: '_limit must be a number' }).int().min(1).max(200).default(20),
      _offset: z.coerce
        .number({ error: '_offset must be a page number' })
        .int()
        .min(0)
        .max(1_000_000)
        .default(0),
      _filter: z.string().max(200).optional(),
      _sortBy: z.literal('name').optional(),
      _order: z
        .string()
        .transform((value) => value.toUpperCase())
        .pipe(z.enum(['ASC', 'DESC']))
        .optional(),
      _tenantId: accountId.optional(),
    }),
    response: subAccountUsersPageSchema,
    handler: ({ actor, query }) =>
      hierarchyUsers.list(actor, {
        limit: query._limit,
        offset: query._offset,
        filter: query._filter,
        order: query._order ?? 'DESC',
        tenantId: query._tenantId,
      }),
  });

  route({
    name: 'createV1',
    method: 'POST',
    url: '/v1',
    tag: 'tenants',
    summary: 'Add one person to several accounts of the subtree, with roles in each',
    access: { permission: WRITE, session: true },
    body: z.object({
      user: newUser,
      subTenants: z
        .array(z.object({ tenantId: accountId, roleIds: roleIdsField.optional() }), {
          error: 'subTenants is required',
        })
        .min(1, 'subTenants is required')
        .max(50),
    }),
    response: emptyResponse,
    status: 201,
    handler: async ({ actor, claims, body }) => {
      await hierarchyUsers.addToTenants(actor, claims, body);
      return {};
    },
  });

  route({
    name: 'deleteV1',
    method: 'DELETE',
    url: '/v1',
    tag: 'tenants',
    summary: 'Remove a person from accounts of the subtree',
    access: { permission: WRITE },
    body: z.object({
      userId: z.uuid({ error: 'userId must be a valid id' }),
      subTenants: z
        .array(z.object({ tenantId: accountId }), { error: 'subTenants is required' })
        .min(1, 'subTenants is required')
        .max(50),
    }),
    response: emptyResponse,
    handler: async ({ actor, body }) => {
      await hierarchyUsers.removeUser(
        actor,
        body.userId,
        body.subTenants.map((subTenant) => subTenant.tenantId),
      );
      return {};
    },
  });

  const rolesRoutes: Array<['POST' | 'DELETE' | 'PATCH', RolesChange, string]> = [
    ['POST', 'add', "Add roles to a person's roles in accounts of the subtree"],
    ['DELETE', 'remove', "Take roles from a person's roles in accounts of the subtree"],
    ['PATCH', 'set', "Set a person's roles in accounts of the subtree"],
  ];
  for (const [method, change, summary] of rolesRoutes) {
    route({
      name: `${change}V1ByUserIdRoles`,
      method,
      url: '/v1/:userId/roles',
      tag: 'tenants',
      summary,
      access: { permission: WRITE },
      params: userIdParams,
      body: subTenantsRoles,
      response: emptyResponse,
      handler: async ({ actor, params, body }) => {
        await hierarchyUsers.changeRoles(actor, params.userId, change, body.subTenantsRoles);
        return {};
      },
    });
  }

  route({
    name: 'replaceV1ByUserIdAccess',
    method: 'PUT',
    url: '/v1/:userId/access',
    tag: 'tenants',
    summary:
      "Allow or deny a member of the caller's account (or of tenantId below it) the accounts below that account",
    access: { permission: WRITE },
    params: userIdParams,
    body: z.object({
      allowAccess: z.boolean({ error: 'allowAccess must be true or false' }),
      tenantId: accountId.optional(),
    }),
    response: emptyResponse,
    handler: async ({ actor, params, body }) => {
      await hierarchyUsers.setAccess(actor, params.userId, body.allowAccess, body.tenantId);
      return {};
    },
  });

  route({
    name: 'createV2',
    method: 'POST',
    url: '/v2/',
    tag: 'tenants',
    summary:
      'Add people to one account of the subtree, with roles; allowSubAccountAccess (false by default) lets them into the accounts below it',
    access: { permission: WRITE, session: true },
    body: z.object({
      tenantId: accountId,
      users: z.array(newUser, { error: 'users is required' }).min(1, 'users is required').max(50),
      roleIds: roleIdsField.optional(),
      allowSubAccountAccess: z
        .boolean({ error: 'allowSubAccountAccess must be true or false' })
        .default(false),
    }),
    response: z.object({ userIds: z.array(z.string()).describe('The people added or invited, in order') }),
    status: 201,
    handler: ({ actor, claims, body }) => hierarchyUsers.addUsers(actor, claims, body),
  });
};
