import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorMay } from '../../services/admin-access.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { RouteOptions } from '../../services/index.js';
import { requirePermission, requireSignedIn } from '../admin-access.js';
import { userSortKeys } from '@brizo/contract';
import { emptyResponse, responses, unvalidatedJson } from '../schemas.js';
import { memberView, roleIdsField, roleView, userIdParams } from './schemas.js';

/** /team/resources: the roles a tenant hands out, and the team members' dialogs (SPEC section 7). */
export const teamRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { team, tokens } = services;

  app.get(
    '/roles/v1',
    {
      schema: {
        tags: ['team'],
        summary: 'Roles the account may assign: the vendor roles and its own',
        response: responses({ 200: z.object({ items: z.array(roleView) }) }),
      },
    },
    async (request) => {
      const actor = await requireSignedIn(request, tokens);
      // The users and roles sections both offer these roles.
      if (!actorMay(actor, 'fe.secure.read.users') && !actorMay(actor, 'fe.secure.read.roles')) {
        throw appError(errorCatalogue.admin.forbidden);
      }
      return team.roles(actor);
    },
  );

  app.get(
    '/members/v1',
    {
      schema: {
        tags: ['team'],
        summary:
          "The account's members as the SDK's loadUsers reads them: pageOffset (a page number), pageSize, searchFilter, sortBy, sortDirection",
        querystring: z.object({
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
        response: responses({
          200: z.object({ items: z.array(memberView), totalPages: z.number(), totalItems: z.number() }),
        }),
      },
      serializerCompiler: unvalidatedJson,
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.read.users');
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
  );

  app.get(
    '/stats/v1/members',
    {
      schema: {
        tags: ['team'],
        summary: "The account's members: how many, how many joined in the last 7 days, how many hold 'fe.*'",
        response: responses({
          200: z.object({ totalItems: z.number(), addedThisWeek: z.number(), superAdmins: z.number() }),
        }),
      },
    },
    async (request) => team.stats(await requirePermission(request, tokens, 'fe.secure.read.users')),
  );

  app.put(
    '/members/v1',
    {
      schema: {
        tags: ['team'],
        summary: "Change a member's roles (roleIds [''] removes all)",
        body: z.object({ id: z.uuid({ error: 'id must be a user id' }), roleIds: roleIdsField }),
        response: responses({ 200: z.object({ item: memberView }) }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.usersRoles');
      return team.updateRoles(actor, request.body.id, request.body.roleIds);
    },
  );

  app.delete(
    '/members/v1/:userId',
    {
      schema: {
        tags: ['team'],
        summary: 'Remove a member from the account (their other accounts stay)',
        params: userIdParams,
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.delete.users');
      await team.remove(actor, request.params.userId);
      return {};
    },
  );

  app.post(
    '/members/v1/:userId/resendActivationEmail',
    {
      schema: {
        tags: ['team'],
        summary: 'Mail a not yet activated member a new activation link',
        params: userIdParams,
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.resendActivationEmail');
      await team.resendActivation(actor, request.params.userId);
      return {};
    },
  );
};
