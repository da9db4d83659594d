import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { usernameField } from '../../services/usernames.js';
import { requireRecentSignIn } from '../recent-sign-in.js';
import { requirePermission } from '../admin-access.js';
import { commaSeparatedIds, emptyResponse, requestMeta, requireAccessToken, responses } from '../schemas.js';

const usernameResponse = z.object({ userId: z.string(), username: z.string() });

/**
 * /identity/resources/usernames: the signed-in user's own username (the SDK's UsernamesApi), and the
 * usernames of the account's members (the users list). A
 * username signs in (UsernameAndPassword, passwordless by username): giving or removing one changes
 * how the account signs in, so, as for the email and phone (docs/decisions/0012), it needs a recent
 * sign-in, else 403 ER-AUTH-REAUTHENTICATION-REQUIRED.
 */
export const usernamesRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  type Request = Parameters<typeof requireAccessToken>[0];
  const ownerOf = (claims: Awaited<ReturnType<typeof requireAccessToken>>) => ({
    userId: claims.sub,
    email: claims.email,
    tenantId: claims.tenantId,
  });
  const owner = async (request: Request) => ownerOf(await requireAccessToken(request, services.tokens));
  const recentOwner = async (request: Request) => ownerOf(await requireRecentSignIn(request, services));

  app.get(
    '/v1/me',
    {
      schema: {
        tags: ['usernames'],
        summary: "The signed-in user's username (no username field when they have none)",
        security: [{ bearer: [] }],
        response: responses({ 200: usernameResponse.partial({ username: true }) }),
      },
    },
    async (request) => services.usernames.me((await owner(request)).userId),
  );

  app.post(
    '/v1',
    {
      schema: {
        tags: ['usernames'],
        summary:
          'Give the signed-in user a username (one per user; 409 when taken, in any case); needs a recent sign-in',
        security: [{ bearer: [] }],
        body: z.object({ username: usernameField }),
        response: responses({ 200: usernameResponse }),
      },
    },
    async (request) =>
      services.usernames.create(await recentOwner(request), request.body.username, requestMeta(request)),
  );

  app.delete(
    '/v1/:username',
    {
      schema: {
        tags: ['usernames'],
        summary: "Delete the signed-in user's own username; needs a recent sign-in",
        security: [{ bearer: [] }],
        params: z.object({ username: z.string().min(1).max(256) }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      await services.usernames.remove(
        await recentOwner(request),
        request.params.username,
        requestMeta(request),
      );
      return {};
    },
  );

  const { tokens } = services;
  app.get(
    '/v1',
    {
      schema: {
        tags: ['usernames'],
        summary:
          "Usernames of the account's members among userIds (comma-separated; the users list's names), paged by _offset pages of _limit",
        security: [{ bearer: [] }],
        querystring: z.object({
          userIds: commaSeparatedIds('userIds'),
          _limit: z.coerce.number({ error: '_limit must be a number' }).int().min(1).max(200).default(200),
          _offset: z.coerce
            .number({ error: '_offset must be a page number' })
            .int()
            .min(0)
            .max(1_000)
            .default(0),
        }),
        response: responses({
          200: z.object({
            items: z.array(usernameResponse.extend({ vendorId: z.string() })),
            _metadata: z.object({ totalItems: z.number(), totalPages: z.number() }),
          }),
        }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.read.users');
      const { userIds, _limit: limit, _offset: page } = request.query;
      const all = await services.usernames.ofMembers(actor.tenantId, userIds);
      return {
        items: all
          .slice(page * limit, (page + 1) * limit)
          .map((entry) => ({ ...entry, vendorId: config.clientId })),
        _metadata: { totalItems: all.length, totalPages: Math.ceil(all.length / limit) },
      };
    },
  );
};
