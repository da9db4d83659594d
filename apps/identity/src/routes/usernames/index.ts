import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { usernameField } from '../../services/usernames.js';
import { emptyResponse, requestMeta, requireAccessToken, responses } from '../schemas.js';

const usernameResponse = z.object({ userId: z.string(), username: z.string() });

/** /identity/resources/usernames: the signed-in user's own username (the SDK's UsernamesApi). */
export const usernamesRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const owner = async (request: Parameters<typeof requireAccessToken>[0]) => {
    const claims = await requireAccessToken(request, services.tokens);
    return { userId: claims.sub, email: claims.email, tenantId: claims.tenantId };
  };

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
        summary: 'Give the signed-in user a username (one per user; 409 when taken, in any case)',
        security: [{ bearer: [] }],
        body: z.object({ username: usernameField }),
        response: responses({ 200: usernameResponse }),
      },
    },
    async (request) =>
      services.usernames.create(await owner(request), request.body.username, requestMeta(request)),
  );

  app.delete(
    '/v1/:username',
    {
      schema: {
        tags: ['usernames'],
        summary: "Delete the signed-in user's own username",
        security: [{ bearer: [] }],
        params: z.object({ username: z.string().min(1).max(256) }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      await services.usernames.remove(await owner(request), request.params.username, requestMeta(request));
      return {};
    },
  );
};
