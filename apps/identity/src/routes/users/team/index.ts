import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { usernameField } from '../../../services/usernames.js';
import { emailField, emptyResponse, phoneNumberField, unvalidatedJson } from '../../schemas.js';
import { memberListQuery, memberPage, memberView, roleIdsField, userIdParams } from '../../team/schemas.js';
import { areaRoutes } from '../../route.js';

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
  const route = areaRoutes(app, services, 'users');
  const { team } = services;

  for (const version of ['v2', 'v3'] as const) {
    route({
      name: `get${version}`,
      method: 'GET',
      url: `/${version}`,
      tag: 'team',
      summary: "The account's users: paged (_offset is a page number), sorted, searched, filtered by preset",
      access: { permission: 'fe.secure.read.users' },
      serializerCompiler: unvalidatedJson,
      query:
        version === 'v3'
          ? memberListQuery.extend({
              _email: z.string().max(254).optional().describe('A part of the name or email, as _filter'),
            })
          : memberListQuery,
      response: memberPage,
      handler: async ({ actor, request }) => {
        const query = request.query;
        const email = '_email' in query && typeof query._email === 'string' ? query._email : undefined;
        // Issue 15: with _includeSubTenants, the accounts below the caller's too.
        if (query._includeSubTenants === 'true') {
          return services.hierarchyUsers.listWithSubTenants(actor, {
            limit: query._limit,
            offset: query._offset,
            search: query._filter ?? email,
            order: query._order,
          });
        }
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
    });
  }

  route({
    name: 'getV3Roles',
    method: 'GET',
    url: '/v3/roles',
    tag: 'team',
    summary: "Role ids of the account's users among `ids` (comma-separated); others are left out",
    access: { permission: 'fe.secure.read.users' },
    query: userIdsQuery,
    response: z.array(z.object({ userId: z.string(), roleIds: z.array(z.string()) })),
    handler: async ({ actor, request }) => {
      return team.roleIdsOf(actor, request.query.ids);
    },
  });

  route({
    name: 'getV3Groups',
    method: 'GET',
    url: '/v3/groups',
    tag: 'team',
    summary:
      "Group ids of the account's users among `ids` (comma-separated), as the users list loads them; users in no group are left out",
    access: { permission: 'fe.secure.read.users' },
    query: userIdsQuery,
    response: z.array(z.object({ userId: z.string(), groupIds: z.array(z.string()) })),
    handler: async ({ actor, request }) => {
      return services.groups.groupIdsOf(actor, request.query.ids);
    },
  });

  route({
    name: 'createV2',
    method: 'POST',
    url: '/v2',
    tag: 'team',
    summary: 'Invite a user into the account (a new person activates by mail), optionally for a limited time',
    access: { permission: 'fe.secure.write.users', session: true },
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
    response: invitedResponse,
    status: 201,
    handler: ({ actor, claims, body }) => team.invite(actor, claims, body, actor.meta),
  });

  for (const [url, everywhere] of [
    ['/v1/invitation/reset', false],
    ['/v1/invitation/reset/all', true],
  ] as const) {
    route({
      name: everywhere ? 'resendInvitationEverywhere' : 'resendInvitation',
      method: 'POST',
      url: url,
      tag: 'team',
      summary: everywhere
        ? 'Mail the invitation again in every tenant with one open (a superuser); a tenant administrator: their own tenant, as /reset'
        : 'Mail a member who has not activated, or someone invited from another account, the invitation again; older links stop working',
      access: { permission: 'fe.secure.write.users', session: true },
      body: z.object({ email: emailField }),
      response: emptyResponse,
      handler: async ({ actor, claims, request }) => {
        await services.lifecycle.invitations.resend(claims, request.body.email, { everywhere }, actor.meta);
        return {};
      },
    });
  }

  route({
    name: 'getV1ByUserId',
    method: 'GET',
    url: '/v1/:userId',
    tag: 'team',
    summary: 'One member of the account, as the users list shows them (404 for anyone else)',
    access: { permission: 'fe.secure.read.users' },
    params: userIdParams,
    response: memberView,
    handler: async ({ actor, request }) => team.member(actor, request.params.userId),
  });

  for (const action of ['lock', 'unlock'] as const) {
    route({
      name: `createV1ByUserId${action}`,
      method: 'POST',
      url: `/v1/:userId/${action}`,
      tag: 'team',
      summary: action === 'lock' ? 'Lock a member: they cannot sign in until unlocked' : 'Unlock a member',
      access: { permission: 'fe.secure.write.users' },
      params: userIdParams,
      response: emptyResponse,
      handler: async ({ actor, request }) => {
        await team.setLocked(actor, request.params.userId, action === 'lock');
        return {};
      },
    });
  }

  route({
    name: 'getTemporaryV1Configuration',
    method: 'GET',
    url: '/temporary/v1/configuration',
    tag: 'team',
    summary: 'Whether temporary users are on (the temporary-users flag is on by default: SPEC section 9)',
    access: 'member',
    response: z.object({ enabled: z.boolean() }),
    handler: async () => {
      return { enabled: true };
    },
  });

  route({
    name: 'replaceTemporaryV1ByUserId',
    method: 'PUT',
    url: '/temporary/v1/:userId',
    tag: 'team',
    summary: 'Make a member temporary: their access ends after expirationInSeconds',
    access: { permission: 'fe.secure.write.users' },
    params: userIdParams,
    body: z.object({ expirationInSeconds }),
    response: z.object({ expirationInSeconds: z.number(), temporaryExpirationDate: z.string() }),
    handler: async ({ actor, request }) => {
      return team.setExpiration(actor, request.params.userId, request.body.expirationInSeconds);
    },
  });

  route({
    name: 'deleteTemporaryV1ByUserId',
    method: 'DELETE',
    url: '/temporary/v1/:userId',
    tag: 'team',
    summary: 'Make a temporary member permanent',
    access: { permission: 'fe.secure.write.users' },
    params: userIdParams,
    response: emptyResponse,
    handler: async ({ actor, request }) => {
      await team.makePermanent(actor, request.params.userId);
      return {};
    },
  });
};
