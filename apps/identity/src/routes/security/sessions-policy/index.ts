import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionPolicySchema } from '@brizo/contract/entities/security-policies';
import type { RouteOptions } from '../../../services/index.js';
import { areaRoutes } from '../../route.js';

// CreateSessionConfigurationRequest of the vendor's API: timeouts in seconds.
const sessionPolicy = sessionPolicySchema;

/** /identity/resources/configurations/sessions: the tenant's session policy (Security section). */
export const sessionsPolicyRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'security');
  const { tenantSecurity } = services;

  route({
    name: 'getSessionsPolicy',
    method: 'GET',
    url: '/v1',
    summary: "The active tenant's session policy: idle timeout, absolute timeout, max concurrent sessions",
    access: { permission: 'fe.secure.read.securityPolicy' },
    response: sessionPolicy,
    handler: async ({ actor }) => {
      return tenantSecurity.sessionPolicy(actor.tenantId);
    },
  });

  for (const method of ['POST', 'PUT'] as const) {
    route({
      name: `${method.toLowerCase()}SessionsPolicy`,
      method: method,
      url: '/v1',
      summary: 'Change the session policy; each part is optional (fe.secure.write.securityPolicy)',
      access: { permission: 'fe.secure.write.securityPolicy' },
      body: sessionPolicy.partial().strict(),
      response: sessionPolicy,
      handler: async ({ actor, request }) => {
        return tenantSecurity.saveSessionPolicy(actor, request.body);
      },
    });
  }
};
