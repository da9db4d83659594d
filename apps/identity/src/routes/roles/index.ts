import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { requirePermission } from '../admin-access.js';
import { emptyResponse, responses } from '../schemas.js';

// Roles and permissions of the admin portal (/identity/resources/roles and /permissions), as the
// SDK's RolesState calls them (SPEC section 7 "Team and access").

export const roleResponse = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isDefault: z.boolean(),
  firstUserRole: z.boolean(),
  level: z.number(),
  tenantId: z.string().nullable().describe("null: one of the vendor's roles, read-only to tenants"),
  vendorId: z.string(),
  permissions: z.array(z.string()).describe('Permission ids'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const permissionResponse = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  categoryId: z.string().nullable(),
  fePermission: z.boolean(),
  roleIds: z.array(z.string()).describe("The tenant's and the vendor's roles holding it"),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const categoryResponse = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  feCategory: z.boolean(),
  permissionIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});

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
  const { rolesAdmin, tokens } = services;
  const security = [{ bearer: [] }];

  app.get(
    '/roles/v1',
    {
      schema: {
        tags: ['roles'],
        summary: "The vendor's roles and the tenant's own",
        security,
        response: responses({ 200: z.array(roleResponse) }),
      },
    },
    async (request) => rolesAdmin.list(await requirePermission(request, tokens, 'fe.secure.read.roles')),
  );

  app.get(
    '/roles/v2',
    {
      schema: {
        tags: ['roles'],
        summary: "The vendor's roles and the tenant's own, as a page",
        security,
        response: responses({
          200: z.object({
            items: z.array(roleResponse),
            _metadata: z.object({ totalItems: z.number(), totalPages: z.number() }),
          }),
        }),
      },
    },
    async (request) => {
      const items = await rolesAdmin.list(await requirePermission(request, tokens, 'fe.secure.read.roles'));
      return { items, _metadata: { totalItems: items.length, totalPages: 1 } };
    },
  );

  app.post(
    '/roles/v1',
    {
      schema: {
        tags: ['roles'],
        summary: 'Create a role of the tenant (only with permissions the caller holds)',
        security,
        body: newRoleV1,
        response: responses({ 201: roleResponse }),
      },
    },
    async (request, reply) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.roles');
      const { permissions, ...role } = request.body;
      return reply.code(201).send(await rolesAdmin.create(actor, { ...role, permissionIds: permissions }));
    },
  );

  app.post(
    '/roles/v2',
    {
      schema: {
        tags: ['roles'],
        summary: 'Create a role of the tenant with its permission ids',
        security,
        body: newRoleV2,
        response: responses({ 200: roleResponse }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.roles');
      const { baseRoleId: _baseRoleId, ...role } = request.body;
      return rolesAdmin.create(actor, role);
    },
  );

  app.patch(
    '/roles/v1/:roleId',
    {
      schema: {
        tags: ['roles'],
        summary:
          "Update one of the tenant's roles (the vendor's are read-only); isDefault makes it the only default",
        security,
        params: roleIdParams,
        body: z.object({
          key: roleKey.optional(),
          name: roleName.optional(),
          description: roleDescription,
          isDefault: z.boolean().optional(),
          level,
        }),
        response: responses({ 200: roleResponse }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.roles');
      return rolesAdmin.update(actor, request.params.roleId, request.body);
    },
  );

  app.delete(
    '/roles/v1/:roleId',
    {
      schema: {
        tags: ['roles'],
        summary: "Delete one of the tenant's roles",
        security,
        params: roleIdParams,
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.delete.role');
      await rolesAdmin.remove(actor, request.params.roleId);
      return {};
    },
  );

  app.put(
    '/roles/v1/:roleId/permissions',
    {
      schema: {
        tags: ['roles'],
        summary: "Set a tenant role's permissions (no permission the caller does not hold)",
        security,
        params: roleIdParams,
        body: z.object({ permissionIds }),
        response: responses({ 200: roleResponse }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.roles');
      return rolesAdmin.setPermissions(actor, request.params.roleId, request.body.permissionIds);
    },
  );

  app.get(
    '/permissions/v1',
    {
      schema: {
        tags: ['roles'],
        summary: 'The permission catalogue, with the roles holding each',
        security,
        response: responses({ 200: z.array(permissionResponse) }),
      },
    },
    async (request) =>
      rolesAdmin.permissions(await requirePermission(request, tokens, 'fe.secure.read.permissions')),
  );

  app.get(
    '/permissions/v1/categories',
    {
      schema: {
        tags: ['roles'],
        summary: 'The permission categories, with their permission ids',
        security,
        response: responses({ 200: z.array(categoryResponse) }),
      },
    },
    async (request) =>
      rolesAdmin.categories(await requirePermission(request, tokens, 'fe.secure.read.permissions')),
  );

  app.put(
    '/permissions/v1/:permissionId/roles',
    {
      schema: {
        tags: ['roles'],
        summary: "Assign one permission to many of the tenant's roles (exactly these)",
        security,
        params: z.object({ permissionId: z.uuid({ error: 'permissionId must be a valid permission id' }) }),
        body: z.object({ roleIds: z.array(z.uuid({ error: 'roleIds must be role ids' })).max(1000) }),
        response: responses({ 200: permissionResponse }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.roles');
      return rolesAdmin.setPermissionRoles(actor, request.params.permissionId, request.body.roleIds);
    },
  );
};
