import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authStrategiesChange } from '../../../services/auth-strategies.js';
import type { RouteOptions } from '../../../services/index.js';
import { requestMeta, requireAccessToken, responses } from '../../schemas.js';

const authStrategiesResponse = z.object({
  mainAuthStrategies: z.array(z.object({ strategy: z.string() })),
  secondaryAuthStrategies: z.array(z.object({ strategy: z.string(), isActive: z.boolean() })),
});

/**
 * /identity/resources/configurations/v1/auth/strategies, write side: the vendor's sign-in methods
 * (superuser only: it changes sign-in for every tenant). The public GET reflects a change at once.
 */
export const authStrategiesRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  for (const method of ['PUT', 'POST'] as const) {
    app.route({
      method,
      url: '/v1/auth/strategies',
      schema: {
        tags: ['security'],
        summary: 'Change the main and secondary authentication strategies (superuser only)',
        security: [{ bearer: [] }],
        body: authStrategiesChange,
        response: responses({ 200: authStrategiesResponse }),
      },
      handler: async (request) => {
        const claims = await requireAccessToken(request, services.tokens);
        return services.authStrategies.update(claims, request.body, requestMeta(request));
      },
    });
  }
};
