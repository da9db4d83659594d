import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { securityCategories, severities } from '@brizo/contract';
import type { RouteOptions } from '../../../services/index.js';
import { requirePermission } from '../../admin-access.js';
import { responses } from '../../schemas.js';

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
  const { securityCenter, tokens } = services;

  app.get(
    '/security-center/resources/recommendations/v1',
    {
      schema: {
        tags: ['security'],
        summary: 'Security score (0-100) and what would raise it, by severity and category',
        security: [{ bearer: [] }],
        response: responses({
          200: z.object({
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
        }),
      },
    },
    async (request) =>
      securityCenter.recommendations(
        await requirePermission(request, tokens, 'fe.secure.read.securityPolicy'),
      ),
  );

  app.get(
    '/security-center/resources/insights/v1',
    {
      schema: {
        tags: ['security'],
        summary: "What the tenant's policies and users look like today, by category",
        security: [{ bearer: [] }],
        response: responses({
          200: z.object({
            insights: z.object({
              items: z.array(z.object({ code: z.string(), category, metadata: metadata.optional() })),
            }),
          }),
        }),
      },
    },
    async (request) =>
      securityCenter.insights(await requirePermission(request, tokens, 'fe.secure.read.securityPolicy')),
  );

  app.post(
    '/identity/resources/users/v1/passwords/breached/reset/bulk',
    {
      schema: {
        tags: ['security'],
        summary: 'Mail a password reset to every member whose password is on the breached list',
        security: [{ bearer: [] }],
        response: responses({ 200: z.object({ sent: z.number() }) }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.securityPolicy');
      return securityCenter.resetBreachedPasswords(actor, services.passwordReset);
    },
  );
};
