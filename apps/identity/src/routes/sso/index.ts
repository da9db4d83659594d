import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';
import { ssoConfigurationRoutes } from './configurations.js';
import { legacySamlRoutes } from './legacy-saml.js';

/** SSO discovery, and (issue 13) the SSO section's configurations API and its legacy SAML calls. */
export const ssoRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, options) => {
  const { services } = options;
  const route = areaRoutes(app, services, 'sso');
  await ssoConfigurationRoutes(app, options);
  await legacySamlRoutes(app, options);

  route({
    name: 'getPublicConfiguration',
    method: 'GET',
    url: '/team/resources/sso/v2/configurations/public',
    summary:
      'Whether SSO is active for the vendor: some account signs in through an enabled, validated configuration',
    access: 'public',
    response: z.object({ isActive: z.boolean() }),
    handler: async () => ({ isActive: await services.ssoConfigurations.isActive() }),
  });
};
