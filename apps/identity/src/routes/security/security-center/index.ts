import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { securityCategories, severities } from '@brizo/contract';
import type { RouteOptions } from '../../../services/index.js';
import { areaRoutes } from '../../route.js';

const category = z.enum(securityCategories);
const metadata = z
  .object({
    totalUsers: z.number(),
    mfa: z.object({ enrolledUsersCount: z.number().optional() }),
    inactivity: z.object({ staleUsersCount: z.number().optional() }),
    password: z.object({
      breachedPasswordUsersCount: z.number().optional(),
      historyRecommendations: z.number().optional(),
      userLockoutRecommendation: z.number().optional(),
    }),
    sessions: z.object({ configuredSessionSettings: z.number().optional() }),
    restrictions: z.object({ ipsCount: z.number().optional(), domainsCount: z.number().optional() }),
  })
  .partial();

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
    response: z.object({
      scoring: z.object({ score: z.number() }),
      recommendations: z.object({
        items: z.array(
          z.object({
            code: z.string(),
            severity: z.enum(severities),
            category,
            metadata: metadata.optional(),
          }),
        ),
      }),
    }),
    handler: async ({ actor }) => securityCenter.recommendations(actor),
  });

  route({
    name: 'getSecurityCenterResourcesInsightsV1',
    method: 'GET',
    url: '/security-center/resources/insights/v1',
    summary: "What the tenant's policies and users look like today, by category",
    access: { permission: 'fe.secure.read.securityPolicy' },
    response: z.object({
      insights: z.object({
        items: z.array(z.object({ code: z.string(), category, metadata: metadata.optional() })),
      }),
    }),
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
