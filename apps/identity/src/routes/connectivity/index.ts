import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteOptions } from '../../services/index.js';
import { channelRoutes } from './channels.js';
import { eventRoutes } from './events.js';
import { slackRoutes } from './slack.js';
import { webhookRoutes } from './webhooks.js';

// Connectivity (issue 14, SPEC section 7), registered under /frontegg with the paths the official
// client's ConnectivityApi calls: /webhook, /event/resources/configurations/v1 and
// /integrations/resources/configurations/v1 (email, Slack) and v2 (SMS).
export const connectivityRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, options) => {
  await webhookRoutes(app, options);
  await eventRoutes(app, options);
  await channelRoutes(app, options);
  await slackRoutes(app, options);
};
