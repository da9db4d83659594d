import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  slackChannelsSchema,
  slackConfigurationSchema,
  slackScopeSchema,
  slackSubscriptionSaveSchema,
  slackSubscriptionSchema,
} from '@brizo/contract/entities/connectivity';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';
import { READ, WRITE, DELETE } from './access.js';

// Slack (SPEC section 7): the app's OAuth scope, the code exchange, the workspace's channels, and the
// per-event channel subscriptions.

const SLACK = '/integrations/resources/configurations/v1/slack';

const idParams = z.object({ id: z.uuid({ error: 'id must be a valid subscription id' }) });

export const slackRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { slack } = services.connectivity;
  const route = areaRoutes(app, services, 'connectivity');

  route({
    name: 'getSlackConfiguration',
    method: 'GET',
    url: SLACK,
    summary: 'Whether a Slack workspace is connected, which, and the event subscriptions',
    access: READ,
    response: slackConfigurationSchema,
    handler: ({ actor }) => slack.configuration(actor),
  });

  route({
    name: 'disconnectSlack',
    method: 'DELETE',
    url: SLACK,
    summary: 'Disconnect the Slack workspace (its subscriptions stay, and post again once one is connected)',
    access: DELETE,
    handler: ({ actor }) => slack.disconnect(actor),
  });

  route({
    name: 'getSlackScope',
    method: 'GET',
    url: `${SLACK}/applications`,
    summary:
      'What the "Add to Slack" link needs: the Slack app\'s client id, the OAuth scope and the authorize URL',
    access: READ,
    response: slackScopeSchema,
    handler: () => slack.scope(),
  });

  route({
    name: 'registerSlackApplication',
    method: 'POST',
    url: `${SLACK}/applications/registrations`,
    summary: "Exchange Slack's OAuth code for the workspace's bot token (kept sealed) and connect it",
    access: WRITE,
    body: z.object({ code: z.string().trim().min(1, 'code is required').max(1000) }),
    response: slackConfigurationSchema,
    handler: ({ actor, body }) => slack.register(actor, body.code),
  });

  route({
    name: 'getSlackChannels',
    method: 'GET',
    url: `${SLACK}/channels`,
    summary: "The connected workspace's channels",
    access: READ,
    response: slackChannelsSchema,
    handler: ({ actor }) => slack.channels(actor),
  });

  route({
    name: 'createSlackSubscription',
    method: 'POST',
    url: `${SLACK}/subscriptions`,
    summary: 'Post events to Slack channels: per event key, its channels and an optional title and message',
    access: WRITE,
    body: slackSubscriptionSaveSchema,
    response: slackSubscriptionSchema,
    status: 201,
    handler: ({ actor, body }) => slack.createSubscription(actor, body),
  });

  route({
    name: 'updateSlackSubscription',
    method: 'PATCH',
    url: `${SLACK}/subscription/:id`,
    summary: 'Change a Slack subscription',
    access: WRITE,
    params: idParams,
    body: slackSubscriptionSaveSchema,
    response: slackSubscriptionSchema,
    handler: ({ actor, params, body }) => slack.updateSubscription(actor, params.id, body),
  });

  route({
    name: 'deleteSlackSubscription',
    method: 'DELETE',
    url: `${SLACK}/subscriptions/:id`,
    summary: 'Delete a Slack subscription',
    access: DELETE,
    params: idParams,
    handler: ({ actor, params }) => slack.removeSubscription(actor, params.id),
  });
};
