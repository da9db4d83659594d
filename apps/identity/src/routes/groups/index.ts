import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupSchema, groupsConfigurationSchema } from '@brizo/contract/entities/group';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import type { AdminActor } from '../../services/admin-access.js';
import { areaRoutes } from '../route.js';

// Groups of the admin portal (/identity/resources/groups/v1), as the SDK's GroupsState calls them
// (SPEC section 7: create sends name, description, color; add roleIds or userIds).

const groupResponse = groupSchema;

const groupsConfiguration = groupsConfigurationSchema;

const relationsQuery = z.object({
  _groupsRelations: z.enum(['roles', 'users', 'rolesAndUsers']).optional(),
});
const groupIdParams = z.object({ groupId: z.uuid({ error: 'groupId must be a valid group id' }) });
const groupName = z.string().trim().min(1, 'name is required').max(100);
const groupFields = {
  description: z.string().max(500).optional(),
  color: z
    .string()
    .regex(/^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{1,20})$/, 'color must be a hex colour such as #2f9e44')
    .optional(),
  metadata: z.string().max(10_000).optional(),
};
const roleIdsBody = z.object({
  roleIds: z
    .array(z.uuid({ error: 'roleIds must be role ids' }))
    .min(1, 'roleIds is required')
    .max(100),
});
const userIdsBody = z.object({
  userIds: z
    .array(z.uuid({ error: 'userIds must be user ids' }))
    .min(1, 'userIds is required')
    .max(1000),
});

export const groupsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { groups } = services;
  const route = areaRoutes(app, services, 'groups');

  route({
    name: 'get',
    method: 'GET',
    url: '/',
    summary: "The tenant's groups, with their roles and/or users on request",
    access: { permission: 'fe.secure.read.groups' },
    query: relationsQuery,
    response: z.object({ groups: z.array(groupResponse) }),
    handler: async ({ actor, request }) => ({
      groups: await groups.list(actor, request.query._groupsRelations),
    }),
  });

  route({
    name: 'createBulkGet',
    method: 'POST',
    url: '/bulkGet',
    summary: "Those of groupsIds that are the tenant's groups, with their roles and/or users on request",
    access: { permission: 'fe.secure.read.groups' },
    query: relationsQuery,
    body: z.object({
      groupsIds: z
        .array(z.uuid({ error: 'groupsIds must be group ids' }), { error: 'groupsIds is required' })
        .max(200, 'groupsIds holds at most 200 ids'),
    }),
    response: z.object({ groups: z.array(groupResponse) }),
    status: 201,
    handler: async ({ actor, request }) => ({
      groups: await groups.byIds(actor, request.body.groupsIds, request.query._groupsRelations),
    }),
  });

  route({
    name: 'getConfig',
    method: 'GET',
    url: '/config',
    summary:
      "The tenant's groups configuration: whether groups, and roles on groups, are on (both by default)",
    access: { permission: 'fe.secure.read.groups' },
    response: groupsConfiguration,
    handler: ({ actor }) => groups.configuration(actor),
  });

  route({
    name: 'createConfig',
    method: 'POST',
    url: '/config',
    summary:
      'Turn groups, or roles on groups, on or off for the tenant (a switch left out keeps its value); answers the configuration',
    access: { permission: 'fe.secure.write.groups' },
    body: z.strictObject(
      {
        enabled: z.boolean({ error: 'enabled must be true or false' }).optional(),
        rolesEnabled: z.boolean({ error: 'rolesEnabled must be true or false' }).optional(),
      },
      { error: 'Only enabled and rolesEnabled can be set' },
    ),
    response: groupsConfiguration,
    status: 201,
    handler: async ({ actor, body }) => {
      await groups.updateConfiguration(actor, body);
      return groups.configuration(actor);
    },
  });

  route({
    name: 'getByGroupId',
    method: 'GET',
    url: '/:groupId',
    summary: 'One group of the tenant (404 for any other)',
    access: { permission: 'fe.secure.read.groups' },
    params: groupIdParams,
    query: relationsQuery,
    response: groupResponse,
    handler: ({ actor, request }) =>
      groups.get(actor, request.params.groupId, request.query._groupsRelations),
  });

  route({
    name: 'create',
    method: 'POST',
    url: '/',
    summary: 'Create a group (name unique in the tenant)',
    access: { permission: 'fe.secure.write.groups' },
    body: z.object({ name: groupName, ...groupFields }),
    response: groupResponse,
    status: 201,
    handler: ({ actor, request }) => groups.create(actor, request.body),
  });

  route({
    name: 'updateByGroupId',
    method: 'PATCH',
    url: '/:groupId',
    summary: 'Update a group',
    access: { permission: 'fe.secure.write.groups' },
    params: groupIdParams,
    body: z.object({ name: groupName.optional(), ...groupFields }),
    response: groupResponse,
    handler: ({ actor, request }) => groups.update(actor, request.params.groupId, request.body),
  });

  route({
    name: 'deleteByGroupId',
    method: 'DELETE',
    url: '/:groupId',
    summary: 'Delete a group; its members lose the roles it gave them',
    access: { permission: 'fe.secure.delete.groups' },
    params: groupIdParams,
    handler: ({ actor, request }) => groups.remove(actor, request.params.groupId),
  });

  // A group's roles and users: each relation added with POST and removed with DELETE (SPEC section 7).
  const relations = [
    {
      relation: 'roles',
      body: roleIdsBody,
      add: [
        'fe.secure.write.groupsRoles',
        "Add roles to a group: its members' tokens carry them (none beyond the caller's own)",
      ],
      remove: ['fe.secure.write.groupsRoles', 'Remove roles from a group'],
      change: (actor: AdminActor, groupId: string, ids: string[], adding: boolean) =>
        adding ? groups.addRoles(actor, groupId, ids) : groups.removeRoles(actor, groupId, ids),
    },
    {
      relation: 'users',
      body: userIdsBody,
      add: ['fe.secure.write.groupsUsers', "Add the tenant's users to a group"],
      remove: ['fe.secure.delete.groupsUsers', 'Remove users from a group'],
      change: (actor: AdminActor, groupId: string, ids: string[], adding: boolean) =>
        adding ? groups.addUsers(actor, groupId, ids) : groups.removeUsers(actor, groupId, ids),
    },
  ] as const;
  for (const { relation, body, add, remove, change } of relations) {
    for (const [method, [permission, summary]] of [
      ['POST', add],
      ['DELETE', remove],
    ] as const) {
      route({
        name: `${method === 'POST' ? 'add' : 'remove'}${relation === 'roles' ? 'Roles' : 'Users'}`,
        method,
        url: `/:groupId/${relation}`,
        summary,
        access: { permission },
        params: groupIdParams,
        body,
        handler: async ({ actor, request }) => {
          const ids = 'roleIds' in request.body ? request.body.roleIds : request.body.userIds;
          await change(actor, request.params.groupId, ids, method === 'POST');
        },
      });
    }
  }
};
