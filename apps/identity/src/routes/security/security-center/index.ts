import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { insightsSchema, recommendationsSchema } from '@brizo/contract/entities/security-center';
import type { RouteOptions } from '../../../services/index.js';
import { areaRoutes } from '../../route.js';

/**
 * The security center (SPEC section 3): score, recommendations and insights computed from the active
 * tenant's own policies and users, and the bulk reset of breached passwords.
 */
export const securityCenterRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'security');
  const { securityCenter } = services;

  route({
    name: 'getSecurityCenterResourcesRecommendationsV1',
    method: 'GET',
    url: '/security-center/resources/recommendations/v1',
    summary: 'Security score (0-100) and what would raise it, by severity and category',
    access: { permission: 'fe.secure.read.securityPolicy' },
    response: recommendationsSchema,
    handler: async ({ actor }) => securityCenter.recommendations(actor),
  });

  route({
    name: 'getSecurityCenterResourcesInsightsV1',
    method: 'GET',
    url: '/security-center/resources/insights/v1',
    summary: "What the tenant's policies and users look like today, by category",
    access: { permission: 'fe.secure.read.securityPolicy' },
    response: insightsSchema,
    handler: async ({ actor }) => securityCenter.insights(actor),
  });

  route({
    name: 'createIdentityResourcesUsersV1PasswordsBreachedResetBulk',
    method: 'POST',
    url: '/identity/resources/users/v1/passwords/breached/reset/bulk',
    summary: 'Mail a password reset to every member whose password is on the breached list',
    access: { permission: 'fe.secure.write.securityPolicy' },
    response: z.object({ sent: z.number() }),
    handler: async ({ actor }) => {
      return securityCenter.resetBreachedPasswords(actor, services.passwordReset);
    },
  });
};
