import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  channelConfigSchema,
  channelConfigsSchema,
  emailConfigSaveSchema,
  emailSubscriptionSaveSchema,
  smsConfigSaveSchema,
  smsSubscriptionSaveSchema,
} from '@brizo/contract/entities/connectivity';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';
import { READ, WRITE, DELETE } from './access.js';

// The email (v1) and SMS (v2) channels: per event of the catalogue, recipient lists (emails, or E.164
// phone numbers; at most 20 per list), each list and the event enabled or not.

const INTEGRATIONS = '/integrations/resources/configurations';

const eventParams = z.object({ eventKey: z.string().min(1).max(100) });
const subscriptionParams = eventParams.extend({ subscriptionId: z.string().min(1).max(100) });

const CHANNELS = [
  {
    channel: 'email',
    name: 'Email',
    base: `${INTEGRATIONS}/v1/emails`,
    config: emailConfigSaveSchema,
    subscription: emailSubscriptionSaveSchema,
  },
  {
    channel: 'sms',
    name: 'Sms',
    base: `${INTEGRATIONS}/v2/sms`,
    config: smsConfigSaveSchema,
    subscription: smsSubscriptionSaveSchema,
  },
] as const;

export const channelRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { channels } = services.connectivity;
  const route = areaRoutes(app, services, 'connectivity');

  for (const { channel, name, base, config, subscription } of CHANNELS) {
    const label = channel === 'email' ? 'email' : 'SMS';

    route({
      name: `get${name}Configurations`,
      method: 'GET',
      url: base,
      summary: `The account's ${label} configurations, one per event`,
      access: READ,
      response: channelConfigsSchema,
      handler: ({ actor }) => channels.list(actor, channel),
    });

    route({
      name: `get${name}Configuration`,
      method: 'GET',
      url: `${base}/:eventKey`,
      summary: `One event's ${label} configuration`,
      access: READ,
      params: eventParams,
      response: channelConfigSchema,
      handler: ({ actor, params }) => channels.get(actor, channel, params.eventKey),
    });

    route({
      name: `save${name}Configuration`,
      method: 'POST',
      url: `${base}/:eventKey`,
      summary: `Create or replace one event's ${label} configuration and recipient lists`,
      access: WRITE,
      params: eventParams,
      body: config,
      response: channelConfigSchema,
      status: 201,
      handler: ({ actor, params, body }) => channels.save(actor, channel, params.eventKey, body),
    });

    route({
      name: `enable${name}Configuration`,
      method: 'PATCH',
      url: `${base}/:eventKey`,
      summary: `Turn one event's ${label} notifications on or off`,
      access: WRITE,
      params: eventParams,
      body: z.object({ enabled: z.boolean({ error: 'enabled must be true or false' }) }),
      response: channelConfigSchema,
      handler: ({ actor, params, body }) =>
        channels.setEnabled(actor, channel, params.eventKey, body.enabled),
    });

    route({
      name: `delete${name}Configuration`,
      method: 'DELETE',
      url: `${base}/:eventKey`,
      summary: `Delete one event's ${label} configuration`,
      access: DELETE,
      params: eventParams,
      handler: ({ actor, params }) => channels.remove(actor, channel, params.eventKey),
    });

    for (const method of ['PUT', 'PATCH'] as const) {
      route({
        name: `${method === 'PUT' ? 'put' : 'patch'}${name}Subscription`,
        method,
        url: `${base}/:eventKey/subscriptions/:subscriptionId`,
        summary: `Replace one recipient list of an event's ${label} configuration`,
        access: WRITE,
        params: subscriptionParams,
        body: subscription,
        response: channelConfigSchema,
        handler: ({ actor, params, body }) =>
          channels.updateSubscription(actor, channel, params.eventKey, params.subscriptionId, body),
      });
    }

    route({
      name: `delete${name}Subscription`,
      method: 'DELETE',
      url: `${base}/:eventKey/subscriptions/:subscriptionId`,
      summary: `Remove one recipient list of an event's ${label} configuration`,
      access: DELETE,
      params: subscriptionParams,
      response: channelConfigSchema,
      handler: ({ actor, params }) =>
        channels.removeSubscription(actor, channel, params.eventKey, params.subscriptionId),
    });
  }
};
