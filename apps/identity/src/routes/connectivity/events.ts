import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  channelMapsSchema,
  channelsOverviewSchema,
  eventCategoriesSchema,
  eventPayloadJsonSchemaSchema,
} from '@brizo/contract/entities/connectivity';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';
import { READ } from './access.js';

// The event catalogue (categories, channel maps, the payload's JSON Schema) and the channels overview.

const EVENTS = '/event/resources/configurations/v1';

export const eventRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { connectivity } = services;
  const route = areaRoutes(app, services, 'connectivity');

  route({
    name: 'getCategories',
    method: 'GET',
    url: `${EVENTS}/categories`,
    summary: 'The event catalogue by category: every event webhooks, email, SMS and Slack can carry',
    access: READ,
    response: eventCategoriesSchema,
    handler: () => connectivity.categories(),
  });

  route({
    name: 'getChannelMaps',
    method: 'GET',
    url: EVENTS,
    summary:
      'The events the given channels can carry, each with its category (every event, on every channel)',
    access: READ,
    // The client sends `channels` as given: a name, names separated by commas, or a JSON array.
    query: z.object({ channels: z.string().max(500).optional() }),
    response: channelMapsSchema,
    handler: () => connectivity.channelMaps(),
  });

  route({
    name: 'getChannelsOverview',
    method: 'GET',
    url: `${EVENTS}/channels`,
    summary: 'Per channel (webhook, email, SMS, Slack): whether it is set up and how many events it carries',
    access: READ,
    response: channelsOverviewSchema,
    handler: ({ actor }) => connectivity.overview(actor),
  });

  route({
    name: 'getPayloadSchema',
    method: 'GET',
    url: `${EVENTS}/payload-schema`,
    summary: 'The JSON Schema of the body every delivery and test event carries',
    access: READ,
    response: eventPayloadJsonSchemaSchema,
    handler: () => connectivity.payloadSchema(),
  });
};
