import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { credentialRateLimit } from '../rate-limit.js';
import { areaRoutes } from '../route.js';
import { loginResponse, requestMeta, userIdField } from '../schemas.js';
import { replyWithSession } from '../../auth/session-reply.js';

/**
 * /identity/resources/impersonation: a superuser signs in as another user (SPEC section 7). The superuser
 * proves it with the actorToken of the body, which the service verifies: the call itself is public.
 */
export const impersonationRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const { sessions } = services;
  const route = areaRoutes(app, services, 'impersonation');

  route({
    name: 'impersonate',
    method: 'POST',
    url: '/v1',
    tag: 'users',
    summary: "Impersonate a user with a superuser's access token (actorToken); sets the session cookie",
    access: 'public',
    config: credentialRateLimit(config),
    body: z.object({
      impersonatedUserId: userIdField,
      actorToken: z.string({ error: 'actorToken is required' }).min(1).max(8192),
      redirectUrl: z.string().max(2048).optional(),
    }),
    response: loginResponse,
    handler: async ({ body, request, reply }) =>
      replyWithSession(
        reply,
        sessions,
        await services.lifecycle.impersonation.impersonate(body, requestMeta(request)),
      ),
  });
};
