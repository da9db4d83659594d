import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';

export const vendorsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'vendors');

  route({
    name: 'getPublic',
    method: 'GET',
    url: '/vendors/public',
    summary: 'Public vendor information',
    access: 'public',
    response: z.object({
      name: z.string(),
      logo: z.string(),
      icon: z.string(),
      whiteLabelMode: z.boolean(),
    }),
    handler: () => ({ name: 'Brizo FoodMetrics', logo: '', icon: '', whiteLabelMode: false }),
  });
};
