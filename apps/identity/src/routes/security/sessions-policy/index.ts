import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { requirePermission } from '../../admin-access.js';
import { responses } from '../../schemas.js';

// CreateSessionConfigurationRequest of the vendor's API: timeouts in seconds.
const idleTimeout = z.object({ isActive: z.boolean(), timeout: z.number().int().min(60).max(2_073_600) });
const absoluteTimeout = z.object({
  isActive: z.boolean(),
  timeout: z.number().int().min(60).max(31_536_000),
});
const concurrentSessions = z.object({ isActive: z.boolean(), maxSessions: z.number().int().min(1).max(100) });

const sessionPolicy = z.object({
  sessionIdleTimeoutConfiguration: idleTimeout,
  sessionTimeoutConfiguration: absoluteTimeout,
  sessionConcurrentConfiguration: concurrentSessions,
});

/** /identity/resources/configurations/sessions: the tenant's session policy (Security section). */
export const sessionsPolicyRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { securityAdmin, tokens } = services;

  app.get(
    '/v1',
    {
      schema: {
        tags: ['security'],
        summary:
          "The active tenant's session policy: idle timeout, absolute timeout, max concurrent sessions",
        security: [{ bearer: [] }],
        response: responses({ 200: sessionPolicy }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.read.securityPolicy');
      return securityAdmin.sessionPolicy(actor.tenantId);
    },
  );

  for (const method of ['POST', 'PUT'] as const) {
    app.route({
      method,
      url: '/v1',
      schema: {
        tags: ['security'],
        summary: 'Change the session policy; each part is optional (fe.secure.write.securityPolicy)',
        security: [{ bearer: [] }],
        body: sessionPolicy.partial().strict(),
        response: responses({ 200: sessionPolicy }),
      },
      handler: async (request) => {
        const actor = await requirePermission(request, tokens, 'fe.secure.write.securityPolicy');
        return securityAdmin.saveSessionPolicy(actor, request.body);
      },
    });
  }
};
