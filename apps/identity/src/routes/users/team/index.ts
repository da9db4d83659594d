import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminActorOf, assertPermission } from '../../../services/admin-access.js';
import type { RouteOptions } from '../../../services/index.js';
import { usernameField } from '../../../services/usernames.js';
import { requirePermission, requireSignedIn } from '../../admin-access.js';
import {
  emailField,
  emptyResponse,
  phoneNumberField,
  requestMeta,
  requireAccessToken,
  responses,
  unvalidatedJson,
} from '../../schemas.js';
import { memberListQuery, memberPage, memberView, roleIdsField, userIdParams } from '../../team/schemas.js';

/** The invite answer: the new member, or (a user of another account) the invited person. */
const invitedResponse = z.looseObject({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  verified: z.boolean(),
  createdAt: z.string(),
});

const expirationInSeconds = z
  .number({ error: 'expirationInSeconds must be a number of seconds' })
  .int()
  .min(300, 'expirationInSeconds must be at least 300')
  .max(10 * 365 * 86_400);

/** `ids=a,b,c`: the users a users-list page shows (the SDK sends at most a page of them). */
const userIdsQuery = z.object({
  ids: z
    .string({ error: 'ids is required' })
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.uuid({ error: 'ids must be user ids' }))
        .min(1, 'ids is required')
        .max(200, 'ids holds at most 200 user ids'),
    ),
});

/** /identity/resources/users: the Users section's list, invite, lock and temporary users (SPEC section 7). */
export const teamUsersRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { team, tokens } = services;

  for (const version of ['v2', 'v3'] as const) {
    app.get(
      `/${version}`,
      {
        schema: {
          tags: ['team'],
          summary:
            "The account's users: paged (_offset is a page number), sorted, searched, filtered by preset",
          querystring:
            version === 'v3'
              ? memberListQuery.extend({
                  _email: z.string().max(254).optional().describe('A part of the name or email, as _filter'),
                })
              : memberListQuery,
          response: responses({ 200: memberPage }),
        },
        // A page of 20 members with their roles: memberView builds every field.
        serializerCompiler: unvalidatedJson,
      },
      async (request) => {
        const actor = await requirePermission(request, tokens, 'fe.secure.read.users');
        const query = request.query;
        const email = '_email' in query && typeof query._email === 'string' ? query._email : undefined;
        return team.list(actor, {
          limit: query._limit,
          offset: query._offset,
          search: query._filter ?? email,
          sortBy: query._sortBy,
          order: query._order,
          preset: query._preset,
          maxInactiveSeconds: query._maxInactiveSeconds,
        });
      },
    );
  }

  app.get(
    '/v3/roles',
    {
      schema: {
        tags: ['team'],
        summary: "Role ids of the account's users among `ids` (comma-separated); others are left out",
        querystring: userIdsQuery,
        response: responses({ 200: z.array(z.object({ userId: z.string(), roleIds: z.array(z.string()) })) }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.read.users');
      return team.roleIdsOf(actor, request.query.ids);
    },
  );

  app.get(
    '/v3/groups',
    {
      schema: {
        tags: ['team'],
        summary:
          "Group ids of the account's users among `ids` (comma-separated), as the users list loads them; users in no group are left out",
        querystring: userIdsQuery,
        response: responses({
          200: z.array(z.object({ userId: z.string(), groupIds: z.array(z.string()) })),
        }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.read.users');
      return services.groups.groupIdsOf(actor, request.query.ids);
    },
  );

  app.post(
    '/v2',
    {
      schema: {
        tags: ['team'],
        summary:
          'Invite a user into the account (a new person activates by mail), optionally for a limited time',
        body: z.object({
          email: emailField,
          name: z.string().trim().max(200).optional(),
          phoneNumber: phoneNumberField.optional(),
          username: usernameField.optional(),
          roleIds: roleIdsField.optional(),
          expirationInSeconds: expirationInSeconds.optional(),
          provider: z.literal('local').optional(),
          metadata: z.string().max(10_000).optional(),
          skipInviteEmail: z.boolean().optional(),
        }),
        response: responses({ 201: invitedResponse }),
      },
    },
    async (request, reply) => {
      const claims = await requireAccessToken(request, tokens);
      const actor = adminActorOf(claims, requestMeta(request));
      assertPermission(actor, 'fe.secure.write.users');
      const invited = await team.invite(actor, claims, request.body, actor.meta);
      return reply.code(201).send(invited);
    },
  );

  for (const [url, everywhere] of [
    ['/v1/invitation/reset', false],
    ['/v1/invitation/reset/all', true],
  ] as const) {
    app.post(
      url,
      {
        schema: {
          tags: ['team'],
          summary: everywhere
            ? 'Mail the invitation again in every tenant with one open (a superuser); a tenant administrator: their own tenant, as /reset'
            : 'Mail a member who has not activated, or someone invited from another account, the invitation again; older links stop working',
          body: z.object({ email: emailField }),
          response: responses({ 200: emptyResponse }),
        },
      },
      async (request) => {
        const claims = await requireAccessToken(request, tokens);
        const actor = adminActorOf(claims, requestMeta(request));
        assertPermission(actor, 'fe.secure.write.users');
        await services.lifecycle.invitations.resend(claims, request.body.email, { everywhere }, actor.meta);
        return {};
      },
    );
  }

  app.get(
    '/v1/:userId',
    {
      schema: {
        tags: ['team'],
        summary: 'One member of the account, as the users list shows them (404 for anyone else)',
        params: userIdParams,
        response: responses({ 200: memberView }),
      },
    },
    async (request) =>
      team.member(await requirePermission(request, tokens, 'fe.secure.read.users'), request.params.userId),
  );

  for (const action of ['lock', 'unlock'] as const) {
    app.post(
      `/v1/:userId/${action}`,
      {
        schema: {
          tags: ['team'],
          summary:
            action === 'lock' ? 'Lock a member: they cannot sign in until unlocked' : 'Unlock a member',
          params: userIdParams,
          response: responses({ 200: emptyResponse }),
        },
      },
      async (request) => {
        const actor = await requirePermission(request, tokens, 'fe.secure.write.users');
        await team.setLocked(actor, request.params.userId, action === 'lock');
        return {};
      },
    );
  }

  app.get(
    '/temporary/v1/configuration',
    {
      schema: {
        tags: ['team'],
        summary: 'Whether temporary users are on (the temporary-users flag is on by default: SPEC section 9)',
        response: responses({ 200: z.object({ enabled: z.boolean() }) }),
      },
    },
    async (request) => {
      await requireSignedIn(request, tokens);
      return { enabled: true };
    },
  );

  app.put(
    '/temporary/v1/:userId',
    {
      schema: {
        tags: ['team'],
        summary: 'Make a member temporary: their access ends after expirationInSeconds',
        params: userIdParams,
        body: z.object({ expirationInSeconds }),
        response: responses({
          200: z.object({ expirationInSeconds: z.number(), temporaryExpirationDate: z.string() }),
        }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.users');
      return team.setExpiration(actor, request.params.userId, request.body.expirationInSeconds);
    },
  );

  app.delete(
    '/temporary/v1/:userId',
    {
      schema: {
        tags: ['team'],
        summary: 'Make a temporary member permanent',
        params: userIdParams,
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.users');
      await team.makePermanent(actor, request.params.userId);
      return {};
    },
  );
};
