import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  scimDirectoryCreatedSchema,
  scimDirectorySchema,
  scimDirectoryTokenSchema,
  scimRequestLogsSchema,
  scimSourceSchema,
  scimUsersCountSchema,
} from '@brizo/contract/entities/scim-directory';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';

// The Provisioning section's SCIM directory configurations (/directory/resources), as the SDK's
// DirectoryApi calls them (SPEC section 7: count, create, update, delete with the delete-all option),
// with the token rotation and the provisioning log the section shows.

const CONFIGURATIONS = '/v1/configurations/scim2';

const idParams = z.object({ id: z.uuid({ error: 'id must be a valid configuration id' }) });
const connectionName = z.string().trim().min(1, 'connectionName cannot be empty').max(100);
const deleteAllQuery = z.object({ deleteAll: z.enum(['true', 'false']).optional() });

export const scimRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { directories, logs } = services.scim;
  const route = areaRoutes(app, services, 'directory');

  route({
    name: 'getConfigurations',
    method: 'GET',
    url: CONFIGURATIONS,
    summary: "The tenant's SCIM directory configurations (never their tokens)",
    access: { permission: 'fe.secure.read.provisioningConfiguration' },
    response: z.array(scimDirectorySchema),
    handler: ({ actor }) => directories.list(actor),
  });

  route({
    name: 'createConfiguration',
    method: 'POST',
    url: CONFIGURATIONS,
    summary: 'Create a SCIM directory configuration; its bearer token is in this answer only',
    access: { permission: 'fe.secure.write.provisioningConfiguration' },
    body: z.object({
      source: scimSourceSchema,
      connectionName: connectionName.optional(),
      syncToUserManagement: z.boolean({ error: 'syncToUserManagement must be true or false' }).optional(),
    }),
    response: scimDirectoryCreatedSchema,
    status: 201,
    handler: ({ actor, body }) => directories.create(actor, body),
  });

  route({
    name: 'getConfiguration',
    method: 'GET',
    url: `${CONFIGURATIONS}/:id`,
    summary: 'One SCIM directory configuration of the tenant (404 for any other)',
    access: { permission: 'fe.secure.read.provisioningConfiguration' },
    params: idParams,
    response: scimDirectorySchema,
    handler: ({ actor, params }) => directories.get(actor, params.id),
  });

  route({
    name: 'updateConfiguration',
    method: 'PATCH',
    url: `${CONFIGURATIONS}/:id`,
    summary:
      'Change a configuration: syncToUserManagement false pauses provisioning (the directory’s calls answer 403)',
    access: { permission: 'fe.secure.write.provisioningConfiguration' },
    params: idParams,
    body: z.strictObject(
      {
        syncToUserManagement: z.boolean({ error: 'syncToUserManagement must be true or false' }).optional(),
        connectionName: connectionName.optional(),
      },
      { error: 'Only syncToUserManagement and connectionName can be changed' },
    ),
    response: scimDirectorySchema,
    handler: ({ actor, params, body }) => directories.update(actor, params.id, body),
  });

  route({
    name: 'deleteConfiguration',
    method: 'DELETE',
    url: `${CONFIGURATIONS}/:id`,
    summary:
      'Delete a configuration; with deleteAll (body or query) the users it provisioned leave the tenant, and those left in no tenant are deleted',
    access: { permission: 'fe.secure.delete.provisioningConfiguration' },
    params: idParams,
    query: deleteAllQuery,
    // The SDK sends { deleteAll } as the body; an absent body is no deleteAll.
    body: z
      .object({ deleteAll: z.boolean({ error: 'deleteAll must be true or false' }).optional() })
      .nullish(),
    handler: ({ actor, params, query, body }) =>
      directories.remove(actor, params.id, body?.deleteAll === true || query.deleteAll === 'true'),
  });

  route({
    name: 'rotateToken',
    method: 'POST',
    url: `${CONFIGURATIONS}/:id/token`,
    summary: 'A new bearer token for the directory, in this answer only; the previous one stops working',
    access: { permission: 'fe.secure.write.provisioningConfiguration' },
    params: idParams,
    response: scimDirectoryTokenSchema,
    status: 201,
    handler: ({ actor, params }) => directories.rotateToken(actor, params.id),
  });

  route({
    name: 'getLogs',
    method: 'GET',
    url: `${CONFIGURATIONS}/:id/logs`,
    summary: "The directory's last provisioning calls, newest first",
    access: { permission: 'fe.secure.read.provisioningConfiguration' },
    params: idParams,
    query: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
    response: scimRequestLogsSchema,
    handler: ({ actor, params, query }) => logs.list(actor, params.id, query.limit),
  });

  route({
    name: 'countUsers',
    method: 'GET',
    url: '/scim/temp/:id/Users/count',
    summary: 'How many users the directory has provisioned',
    access: { permission: 'fe.secure.read.provisioningConfiguration' },
    params: idParams,
    response: scimUsersCountSchema,
    handler: ({ actor, params }) => directories.countUsers(actor, params.id),
  });
};
