import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { usageSchema } from '@brizo/contract/entities/usage';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';

// The Usage section (issue 14; prefix /usage/resources): the tenant's sign-ins, active users, MFA
// adoption, seats and API tokens over a range of UTC days.

// Any text: the service says which day is wrong, with the usage area's error code.
const day = z.string({ error: 'must be a date as YYYY-MM-DD' }).max(32, 'must be a date as YYYY-MM-DD');

export const usageRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'usage');

  route({
    name: 'get',
    method: 'GET',
    url: '/v1',
    summary: "The active tenant's usage per UTC day from `from` to `to` (the last 30 days by default)",
    description:
      'Monthly active users, sign-ins per day by method, failed sign-ins, MFA adoption, seats and API-token ' +
      'exchanges, from what the server records. Every day of the range is answered (zeros where nothing ' +
      'happened); the range is at most 366 days.',
    access: { permission: 'fe.usage.read' },
    query: z.object({ from: day.optional(), to: day.optional() }),
    response: usageSchema,
    handler: ({ actor, query }) => services.usage.get(actor, query),
  });
};
