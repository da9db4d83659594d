import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { responses } from '../schemas.js';

export const vendorsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app) => {
  app.get(
    '/vendors/public',
    {
      schema: {
        tags: ['vendors'],
        summary: 'Public vendor information',
        response: responses({
          200: z.object({
            name: z.string(),
            logo: z.string(),
            icon: z.string(),
            whiteLabelMode: z.boolean(),
          }),
        }),
      },
    },
    async () => ({ name: 'Brizo FoodMetrics', logo: '', icon: '', whiteLabelMode: false }),
  );
};
