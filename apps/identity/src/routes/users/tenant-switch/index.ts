import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { emptyResponse, requestMeta } from '../../schemas.js';
import { areaRoutes } from '../../route.js';

/** PUT /identity/resources/users/v1/tenant: switch the active tenant; the client then reloads its token. */
export const tenantSwitchRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'users');
  route({
    name: 'replaceV1Tenant',
    method: 'PUT',
    url: '/v1/tenant',
    summary: 'Switch the active tenant to one the user is a member of (then refresh the token)',
    access: 'session',
    body: z.object({ tenantId: z.uuid({ error: 'tenantId must be a valid id' }) }),
    response: emptyResponse,
    handler: async ({ claims, request }) => {
      await services.tenantSwitch.switchTenant(claims, request.body.tenantId, requestMeta(request));
      return {};
    },
  });

  route({
    name: 'createV3MeToken',
    method: 'POST',
    url: '/v3/me/token',
    summary:
      "An access token of the signed-in user's session in another of their tenants, the active tenant unchanged",
    access: 'session',
    body: z.object({ tenantId: z.uuid({ error: 'tenantId must be a valid id' }) }),
    response: z.object({ accessToken: z.string(), expires: z.string(), expiresIn: z.number() }),
    handler: async ({ claims, request }) => {
      return services.tenantSwitch.tokenForTenant(claims, request.body.tenantId);
    },
  });
};
