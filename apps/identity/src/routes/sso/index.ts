import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';

const socialProviders = z
  .array(z.object({ type: z.string(), active: z.boolean() }))
  .describe('Social login providers (none configured)');

/** Social login and SSO discovery: nothing is configured until the SSO issue lands. */
export const ssoRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'sso');

  for (const [name, url] of [
    ['getSocialProviders', '/identity/resources/sso/v2'],
    ['getSocialProvidersAuthenticated', '/identity/resources/sso/v2/authenticated'],
  ] as const) {
    route({
      name,
      method: 'GET',
      url,
      summary: 'Social login providers',
      access: 'public',
      response: socialProviders,
      handler: () => [],
    });
  }

  route({
    name: 'getCustomProviders',
    method: 'GET',
    url: '/identity/resources/sso/custom/v1',
    summary: 'Custom social login providers',
    access: 'public',
    response: z.object({ providers: z.array(z.object({ id: z.string() })) }),
    handler: () => ({ providers: [] }),
  });

  route({
    name: 'getPublicConfiguration',
    method: 'GET',
    url: '/team/resources/sso/v2/configurations/public',
    summary: 'Whether SSO is active for the vendor',
    access: 'public',
    response: z.object({ isActive: z.boolean() }),
    handler: () => ({ isActive: false }),
  });
};
