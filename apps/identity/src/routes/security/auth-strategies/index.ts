import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authStrategiesChange } from '../../../services/security/auth-strategies.js';
import type { RouteOptions } from '../../../services/index.js';
import { requestMeta } from '../../schemas.js';
import { areaRoutes } from '../../route.js';

const authStrategiesResponse = z.object({
  mainAuthStrategies: z.array(z.object({ strategy: z.string() })),
  secondaryAuthStrategies: z.array(z.object({ strategy: z.string(), isActive: z.boolean() })),
});

/**
 * /identity/resources/configurations/v1/auth/strategies, write side: the vendor's sign-in methods
 * (superuser only: it changes sign-in for every tenant). The public GET reflects a change at once.
 */
export const authStrategiesRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'security');
  for (const method of ['PUT', 'POST'] as const) {
    route({
      name: `${method.toLowerCase()}V1AuthStrategies`,
      method: method,
      url: '/v1/auth/strategies',
      summary: 'Change the main and secondary authentication strategies (superuser only)',
      access: 'session',
      body: authStrategiesChange,
      response: authStrategiesResponse,
      handler: async ({ claims, request }) => {
        return services.authStrategies.update(claims, request.body, requestMeta(request));
      },
    });
  }
};
