import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  permissionCategorySchema,
  permissionSchema,
  roleWithFirstUserSchema,
} from '@brizo/contract/entities/role';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';

// Roles and permissions of the admin portal (/identity/resources/roles and /permissions), as the
// SDK's RolesState calls them (SPEC section 7 "Team and access").

export const roleResponse = roleWithFirstUserSchema;

const permissionResponse = permissionSchema;

const categoryResponse = permissionCategorySchema;

const roleKey = z
  .string()
  .trim()
  .min(1, 'key is required')
  .max(100)
  .regex(/^[A-Za-z0-9._:-]+$/, 'key may hold letters, digits, dots, dashes, colons and underscores');
const roleName = z.string().trim().min(1, 'name is required').max(100);
const roleDescription = z.string().max(500).optional();
const level = z.number().int().min(0).max(32767).optional();
const permissionIds = z.array(z.uuid({ error: 'permissionIds must be permission ids' })).max(1000);
const roleIdParams = z.object({ roleId: z.uuid({ error: 'roleId must be a valid role id' }) });

const newRoleV1 = z.object({
  key: roleKey.optional(),
  name: roleName,
  description: roleDescription,
  isDefault: z.boolean().optional(),
  level,
  permissions: permissionIds.optional().describe('Permission ids'),
});
const newRoleV2 = z.object({
  key: roleKey.optional(),
  name: roleName,
  description: roleDescription,
  isDefault: z.boolean().optional(),
  baseRoleId: z.string().optional().describe('Accepted for compatibility; levels are not enforced'),
  permissionIds: permissionIds.optional(),
});

export const rolesRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { roles } = services;
  const route = areaRoutes(app, services, 'roles');

  route({
    name: 'getRolesV1',
    method: 'GET',
    url: '/roles/v1',
    summary: "The vendor's roles and the tenant's own",
    access: { permission: 'fe.secure.read.roles' },
    response: z.array(roleResponse),
    handler: ({ actor }) => roles.list(actor),
  });

  route({
    name: 'getRolesV2',
    method: 'GET',
    url: '/roles/v2',
    summary: "The vendor's roles and the tenant's own, as a page",
    access: { permission: 'fe.secure.read.roles' },
    response: z.object({
      items: z.array(roleResponse),
      _metadata: z.object({ totalItems: z.number(), totalPages: z.number() }),
    }),
    handler: async ({ actor }) => {
      const items = await roles.list(actor);
      return { items, _metadata: { totalItems: items.length, totalPages: 1 } };
    },
  });

  route({
    name: 'createRolesV1',
    method: 'POST',
    url: '/roles/v1',
    summary: 'Create a role of the tenant (only with permissions the caller holds)',
    access: { permission: 'fe.secure.write.roles' },
    body: newRoleV1,
    response: roleResponse,
    status: 201,
    handler: ({ actor, body: { permissions, ...role } }) =>
      roles.create(actor, { ...role, permissionIds: permissions }),
  });

  route({
    name: 'createRolesV2',
    method: 'POST',
    url: '/roles/v2',
    summary: 'Create a role of the tenant with its permission ids',
    access: { permission: 'fe.secure.write.roles' },
    body: newRoleV2,
    response: roleResponse,
    handler: ({ actor, body: { baseRoleId: _baseRoleId, ...role } }) => roles.create(actor, role),
  });

  route({
    name: 'updateRolesV1ByRoleId',
    method: 'PATCH',
    url: '/roles/v1/:roleId',
    summary:
      "Update one of the tenant's roles (the vendor's are read-only); isDefault makes it the only default",
    access: { permission: 'fe.secure.write.roles' },
    params: roleIdParams,
    body: z.object({
      key: roleKey.optional(),
      name: roleName.optional(),
      description: roleDescription,
      isDefault: z.boolean().optional(),
      level,
    }),
    response: roleResponse,
    handler: ({ actor, request }) => roles.update(actor, request.params.roleId, request.body),
  });

  route({
    name: 'deleteRolesV1ByRoleId',
    method: 'DELETE',
    url: '/roles/v1/:roleId',
    summary: "Delete one of the tenant's roles",
    access: { permission: 'fe.secure.delete.role' },
    params: roleIdParams,
    handler: ({ actor, request }) => roles.remove(actor, request.params.roleId),
  });

  route({
    name: 'replaceRolesV1ByRoleIdPermissions',
    method: 'PUT',
    url: '/roles/v1/:roleId/permissions',
    summary: "Set a tenant role's permissions (no permission the caller does not hold)",
    access: { permission: 'fe.secure.write.roles' },
    params: roleIdParams,
    body: z.object({ permissionIds }),
    response: roleResponse,
    handler: ({ actor, request }) =>
      roles.setPermissions(actor, request.params.roleId, request.body.permissionIds),
  });

  route({
    name: 'getPermissionsV1',
    method: 'GET',
    url: '/permissions/v1',
    summary: 'The permission catalogue, with the roles holding each',
    access: { permission: 'fe.secure.read.permissions' },
    response: z.array(permissionResponse),
    handler: ({ actor }) => roles.permissions(actor),
  });

  route({
    name: 'getPermissionsV1Categories',
    method: 'GET',
    url: '/permissions/v1/categories',
    summary: 'The permission categories, with their permission ids',
    access: { permission: 'fe.secure.read.permissions' },
    response: z.array(categoryResponse),
    handler: ({ actor }) => roles.categories(actor),
  });

  route({
    name: 'replacePermissionsV1ByPermissionIdRoles',
    method: 'PUT',
    url: '/permissions/v1/:permissionId/roles',
    summary: "Assign one permission to many of the tenant's roles (exactly these)",
    access: { permission: 'fe.secure.write.roles' },
    params: z.object({ permissionId: z.uuid({ error: 'permissionId must be a valid permission id' }) }),
    body: z.object({ roleIds: z.array(z.uuid({ error: 'roleIds must be role ids' })).max(1000) }),
    response: permissionResponse,
    handler: ({ actor, request }) =>
      roles.setPermissionRoles(actor, request.params.permissionId, request.body.roleIds),
  });

  route({
    name: 'getUsersV1MeAuthorization',
    method: 'GET',
    url: '/users/v1/me/authorization',
    summary: "The signed-in user's roles and permissions in the active tenant, in full",
    access: 'member',
    response: z.object({ roles: z.array(roleResponse), permissions: z.array(permissionResponse) }),
    handler: ({ actor }) => roles.authorizationOf(actor),
  });
};
