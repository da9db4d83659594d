import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { emptyResponse, requestMeta, requireAccessToken, responses } from '../../schemas.js';

/** PUT /identity/resources/users/v1/tenant: switch the active tenant; the client then reloads its token. */
export const tenantSwitchRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  app.put(
    '/v1/tenant',
    {
      schema: {
        tags: ['users'],
        summary: 'Switch the active tenant to one the user is a member of (then refresh the token)',
        body: z.object({ tenantId: z.uuid({ error: 'tenantId must be a valid id' }) }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const claims = await requireAccessToken(request, services.tokens);
      await services.tenantSwitch.switchTenant(claims, request.body.tenantId, requestMeta(request));
      return {};
    },
  );

  app.post(
    '/v3/me/token',
    {
      schema: {
        tags: ['users'],
        summary:
          "An access token of the signed-in user's session in another of their tenants, the active tenant unchanged",
        body: z.object({ tenantId: z.uuid({ error: 'tenantId must be a valid id' }) }),
        response: responses({
          200: z.object({ accessToken: z.string(), expires: z.string(), expiresIn: z.number() }),
        }),
      },
    },
    async (request) => {
      const claims = await requireAccessToken(request, services.tokens);
      return services.tenantSwitch.tokenForTenant(claims, request.body.tenantId);
    },
  );
};
