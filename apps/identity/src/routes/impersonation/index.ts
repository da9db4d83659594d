import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { credentialRateLimit } from '../rate-limit.js';
import { loginResponse, requestMeta, responses, userIdField } from '../schemas.js';
import { signedIn } from '../session-cookie.js';

/** /identity/resources/impersonation: a superuser signs in as another user (SPEC section 7). */
export const impersonationRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const { sessions } = services;
  app.post(
    '/v1',
    {
      config: credentialRateLimit(config),
      schema: {
        tags: ['users'],
        summary: "Impersonate a user with a superuser's access token (actorToken); sets the session cookie",
        body: z.object({
          impersonatedUserId: userIdField,
          actorToken: z.string({ error: 'actorToken is required' }).min(1).max(8192),
          redirectUrl: z.string().max(2048).optional(),
        }),
        response: responses({ 200: loginResponse }),
      },
    },
    async (request, reply) => {
      const response = await services.lifecycle.impersonation.impersonate(request.body, requestMeta(request));
      return signedIn(reply, sessions, response);
    },
  );
};
