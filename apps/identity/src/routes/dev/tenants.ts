import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';

const person = z.object({ id: z.string(), email: z.string(), password: z.string() });

/**
 * POST /dev/api/tenants (DEV_TOOLS on): a fresh tenant with an Admin, a Read Only administrator
 * and a member, all with the demo password, so each browser journey administers its own account
 * and parallel journeys never see each other's changes.
 */
export const devTenantRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'dev');
  route({
    name: 'createDevApiTenants',
    method: 'POST',
    url: '/dev/api/tenants',
    summary: 'Create a tenant with an Admin, a Read Only administrator and a member (demo password)',
    access: 'public',
    body: z.object({ name: z.string().trim().min(1).max(100).optional() }).optional(),
    response: z.object({
      tenantId: z.string(),
      name: z.string(),
      admin: person,
      readOnly: person,
      member: person,
    }),
    handler: ({ body }) => services.devTools.createJourneyTenant(body?.name),
  });
};
