import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import type { AccessTokenClaims } from '../../services/tokens.js';
import { usernameField } from '../../services/usernames.js';
import { commaSeparatedIds, emptyResponse, requestMeta } from '../schemas.js';
import { areaRoutes } from '../route.js';

const usernameResponse = z.object({ userId: z.string(), username: z.string() });

/**
 * /identity/resources/usernames: the signed-in user's own username (the SDK's UsernamesApi), and the
 * usernames of the account's members (the users list). A
 * username signs in (UsernameAndPassword, passwordless by username): giving or removing one changes
 * how the account signs in, so, as for the email and phone (docs/decisions/0012), it needs a recent
 * sign-in, else 403 ER-AUTH-REAUTHENTICATION-REQUIRED.
 */
export const usernamesRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'usernames');
  const ownerOf = (claims: AccessTokenClaims) => ({
    userId: claims.sub,
    email: claims.email,
    tenantId: claims.tenantId,
  });

  route({
    name: 'getV1Me',
    method: 'GET',
    url: '/v1/me',
    summary: "The signed-in user's username (no username field when they have none)",
    access: 'session',
    response: usernameResponse.partial({ username: true }),
    handler: async ({ claims }) => services.usernames.me(ownerOf(claims).userId),
  });

  route({
    name: 'createV1',
    method: 'POST',
    url: '/v1',
    summary:
      'Give the signed-in user a username (one per user; 409 when taken, in any case); needs a recent sign-in',
    access: 'recent-sign-in',
    body: z.object({ username: usernameField }),
    response: usernameResponse,
    handler: async ({ claims, request }) =>
      services.usernames.create(ownerOf(claims), request.body.username, requestMeta(request)),
  });

  route({
    name: 'deleteV1ByUsername',
    method: 'DELETE',
    url: '/v1/:username',
    summary: "Delete the signed-in user's own username; needs a recent sign-in",
    access: 'recent-sign-in',
    params: z.object({ username: z.string().min(1).max(256) }),
    response: emptyResponse,
    handler: async ({ claims, request }) => {
      await services.usernames.remove(ownerOf(claims), request.params.username, requestMeta(request));
      return {};
    },
  });

  route({
    name: 'getV1',
    method: 'GET',
    url: '/v1',
    summary:
      "Usernames of the account's members among userIds (comma-separated; the users list's names), paged by _offset pages of _limit",
    access: { permission: 'fe.secure.read.users' },
    query: z.object({
      userIds: commaSeparatedIds('userIds'),
      _limit: z.coerce.number({ error: '_limit must be a number' }).int().min(1).max(200).default(200),
      _offset: z.coerce.number({ error: '_offset must be a page number' }).int().min(0).max(1_000).default(0),
    }),
    response: z.object({
      items: z.array(usernameResponse.extend({ vendorId: z.string() })),
      _metadata: z.object({ totalItems: z.number(), totalPages: z.number() }),
    }),
    handler: async ({ actor, request }) => {
      const { userIds, _limit: limit, _offset: page } = request.query;
      const all = await services.usernames.ofMembers(actor.tenantId, userIds);
      return {
        items: all
          .slice(page * limit, (page + 1) * limit)
          .map((entry) => ({ ...entry, vendorId: config.clientId })),
        _metadata: { totalItems: all.length, totalPages: Math.ceil(all.length / limit) },
      };
    },
  });
};
