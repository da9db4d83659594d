import type { ChannelsOverview } from '@brizo/contract/entities/connectivity';
import type { AdminActor } from '../admin-access.js';
import type { BackgroundLog } from '../background.js';
import type { ServiceDeps } from '../operations-deps.js';
import { summarizeWebhooksOfTenant } from '../../db/queries/webhooks.js';
import { createEventCatalogue, eventPayloadJsonSchema } from './catalogue.js';
import { createChannelsService } from './channels.js';
import { createDeliveryWorker, createWebhookSubscriber } from './deliveries.js';
import { createEventDispatcher } from './dispatcher.js';
import { createSlackApi } from './slack-api.js';
import { createSlackService } from './slack.js';
import { createWebhooksService } from './webhooks.js';

// Connectivity (issue 14, STYLE.md "Operations"): every tenant audit row is a domain event; the
// dispatcher hands it to the subscribers (webhooks through their durable delivery queue, email, SMS,
// Slack, and those other areas add), and the Webhooks section configures each channel.

/** Reports problems no request answers for (an action outside the catalogue, a failed batch). */
const silentLog: BackgroundLog = { error: () => {} };

export function createConnectivityService(deps: ServiceDeps, log: BackgroundLog = silentLog) {
  const { db, config, clock, background, secrets, outbound } = deps;
  const catalogue = createEventCatalogue();
  const webhooks = createWebhooksService({ db, clock, config, secrets, outbound, catalogue });
  const channels = createChannelsService({
    db,
    clock,
    catalogue,
    mailer: deps.mailer,
    sms: deps.sms,
    background,
  });
  const slack = createSlackService({
    db,
    clock,
    config,
    secrets,
    api: createSlackApi({ apiUrl: config.slackApiUrl, outbound }),
    catalogue,
    background,
  });

  deps.events.subscribe(createWebhookSubscriber({ clock, vendorId: config.clientId }));
  deps.events.subscribe(channels.subscriber);
  deps.events.subscribe(slack.subscriber);
  const dispatcher = createEventDispatcher({ db, jobs: deps.jobs, events: deps.events, catalogue, log });
  const deliveries = createDeliveryWorker({ db, config, clock, jobs: deps.jobs, outbound, secrets });

  return {
    catalogue,
    webhooks,
    channels,
    slack,
    dispatcher,
    deliveries,

    categories: () => catalogue.categories(config.clientId),

    /** The events each channel can carry (all of them, on every channel). */
    channelMaps: () =>
      catalogue.events(config.clientId).map((event) => ({
        id: event.id,
        key: event.key,
        categoryId: event.categoryId,
        vendorId: event.vendorId,
        displayName: event.displayName,
        description: event.description,
        createdAt: event.createdAt,
        updatedAt: event.updatedAt,
        category: {
          id: event.categoryId,
          vendorId: event.vendorId,
          name: event.category,
          createdAt: event.createdAt,
          updatedAt: event.updatedAt,
        },
      })),

    payloadSchema: eventPayloadJsonSchema,

    async overview(actor: AdminActor): Promise<ChannelsOverview> {
      const [webhookSummary, email, sms, slackSummary] = await Promise.all([
        summarizeWebhooksOfTenant(db, actor.tenantId),
        channels.summary(actor, 'email'),
        channels.summary(actor, 'sms'),
        slack.summary(actor),
      ]);
      return [
        {
          channel: 'webhook',
          configured: webhookSummary.webhooks > 0,
          activeEvents: webhookSummary.activeEventKeys,
        },
        { channel: 'email', ...email },
        { channel: 'sms', ...sms },
        { channel: 'slack', ...slackSummary },
      ];
    },
  };
}

export type ConnectivityService = ReturnType<typeof createConnectivityService>;
