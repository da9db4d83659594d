import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorMay } from '../../services/admin-access.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { RouteOptions } from '../../services/index.js';
import { userSortKeys } from '@brizo/contract';
import { assignableRolesSchema } from '@brizo/contract/entities/role';
import { emptyResponse, unvalidatedJson } from '../schemas.js';
import { memberView, roleIdsField, userIdParams } from './schemas.js';
import { areaRoutes } from '../route.js';

/** /team/resources: the roles a tenant hands out, and the team members' dialogs (SPEC section 7). */
export const teamRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'team');
  const { team } = services;

  route({
    name: 'getRolesV1',
    method: 'GET',
    url: '/roles/v1',
    summary: 'Roles the account may assign: the vendor roles and its own',
    access: 'member',
    response: assignableRolesSchema,
    handler: async ({ actor }) => {
      // The users and roles sections both offer these roles.
      if (!actorMay(actor, 'fe.secure.read.users') && !actorMay(actor, 'fe.secure.read.roles')) {
        throw appError(errorCatalogue.admin.forbidden);
      }
      return team.roles(actor);
    },
  });

  route({
    name: 'getMembersV1',
    method: 'GET',
    url: '/members/v1',
    summary:
      "The account's members as the SDK's loadUsers reads them: pageOffset (a page number), pageSize, searchFilter, sortBy, sortDirection",
    access: { permission: 'fe.secure.read.users' },
    serializerCompiler: unvalidatedJson,
    query: z.object({
      pageOffset: z.coerce
        .number({ error: 'pageOffset must be a page number' })
        .int()
        .min(0)
        .max(1_000_000)
        .default(0),
      pageSize: z.coerce.number({ error: 'pageSize must be a number' }).int().min(1).max(200).default(20),
      searchFilter: z.string().max(200).optional().describe('A part of the name or email, any case'),
      sortBy: z.enum(userSortKeys).optional(),
      sortDirection: z.enum(['asc', 'desc']).optional(),
    }),
    response: z.object({ items: z.array(memberView), totalPages: z.number(), totalItems: z.number() }),
    handler: async ({ actor, request }) => {
      const { pageOffset, pageSize, searchFilter, sortBy, sortDirection } = request.query;
      const page = await team.list(actor, {
        limit: pageSize,
        offset: pageOffset,
        search: searchFilter,
        sortBy,
        order: sortDirection === 'asc' ? 'ASC' : sortDirection === 'desc' ? 'DESC' : undefined,
      });
      return { items: page.items, ...page._metadata };
    },
  });

  route({
    name: 'getStatsV1Members',
    method: 'GET',
    url: '/stats/v1/members',
    summary: "The account's members: how many, how many joined in the last 7 days, how many hold 'fe.*'",
    access: { permission: 'fe.secure.read.users' },
    response: z.object({ totalItems: z.number(), addedThisWeek: z.number(), superAdmins: z.number() }),
    handler: async ({ actor }) => team.stats(actor),
  });

  route({
    name: 'replaceMembersV1',
    method: 'PUT',
    url: '/members/v1',
    summary: "Change a member's roles (roleIds [''] removes all)",
    access: { permission: 'fe.secure.write.usersRoles' },
    body: z.object({ id: z.uuid({ error: 'id must be a user id' }), roleIds: roleIdsField }),
    response: z.object({ item: memberView }),
    handler: async ({ actor, request }) => {
      return team.updateRoles(actor, request.body.id, request.body.roleIds);
    },
  });

  route({
    name: 'deleteMembersV1ByUserId',
    method: 'DELETE',
    url: '/members/v1/:userId',
    summary: 'Remove a member from the account (their other accounts stay)',
    access: { permission: 'fe.secure.delete.users' },
    params: userIdParams,
    response: emptyResponse,
    handler: async ({ actor, request }) => {
      await team.remove(actor, request.params.userId);
      return {};
    },
  });

  route({
    name: 'createMembersV1ByUserIdResendActivationEmail',
    method: 'POST',
    url: '/members/v1/:userId/resendActivationEmail',
    summary: 'Mail a not yet activated member a new activation link',
    access: { permission: 'fe.secure.write.resendActivationEmail' },
    params: userIdParams,
    response: emptyResponse,
    handler: async ({ actor, request }) => {
      await team.resendActivation(actor, request.params.userId);
      return {};
    },
  });
};
