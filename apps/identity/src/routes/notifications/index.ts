import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../services/index.js';

// Issue 14: placeholder wired by the lead; the area's helper replaces it.
export const notificationsRoutes: FastifyPluginAsyncZod<RouteOptions> = async () => {};
