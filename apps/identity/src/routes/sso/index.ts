import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { responses } from '../schemas.js';

const socialProviders = z
  .array(z.object({ type: z.string(), active: z.boolean() }))
  .describe('Social login providers (none configured)');

/** Social login and SSO discovery: nothing is configured until the SSO issue lands. */
export const ssoRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app) => {
  for (const path of ['/identity/resources/sso/v2', '/identity/resources/sso/v2/authenticated']) {
    app.get(
      path,
      {
        schema: {
          tags: ['sso'],
          summary: 'Social login providers',
          response: responses({ 200: socialProviders }),
        },
      },
      async () => [],
    );
  }
  app.get(
    '/identity/resources/sso/custom/v1',
    {
      schema: {
        tags: ['sso'],
        summary: 'Custom social login providers',
        response: responses({ 200: z.object({ providers: z.array(z.object({ id: z.string() })) }) }),
      },
    },
    async () => ({ providers: [] }),
  );
  app.get(
    '/team/resources/sso/v2/configurations/public',
    {
      schema: {
        tags: ['sso'],
        summary: 'Whether SSO is active for the vendor',
        response: responses({ 200: z.object({ isActive: z.boolean() }) }),
      },
    },
    async () => ({ isActive: false }),
  );
};
