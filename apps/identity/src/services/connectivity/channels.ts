import { randomUUID } from 'node:crypto';
import type { ChannelConfig } from '@brizo/contract/entities/connectivity';
import { afterCommit, type Db } from '../../db/client.js';
import {
  deleteChannelConfig,
  findChannelConfig,
  findEnabledChannelConfigsForEvent,
  findTenantsWithEnabledChannels,
  listChannelConfigs,
  saveChannelConfig,
  type ChannelConfigRow,
} from '../../db/queries/channel-configs.js';
import type { ChannelSubscription, NotifyChannel } from '../../db/schema/index.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import type { AdminActor } from '../admin-access.js';
import { auditChange } from '../audit-changes.js';
import { auditEvents, recordAdminAudit } from '../audit.js';
import type { BackgroundTasks } from '../background.js';
import type { DomainEvent, DomainEventSubscriber } from '../domain-events.js';
import type { Mailer } from '../mail.js';
import { message, PRODUCT } from '../mail-templates.js';
import type { SmsSender } from '../sms.js';
import type { EventCatalogue } from './catalogue.js';

// The email and SMS channels (issue 14, SPEC section 3 "email and SMS configs"): per event of the
// catalogue, lists of recipients, each list and the whole event enabled or not. The subscriber reads
// them in the dispatcher's transaction and sends once it has committed, through the server's mail and
// SMS providers (the dev outboxes by default).

export interface SubscriptionInput {
  id?: string | undefined;
  name: string;
  enabled: boolean;
  recipients: string[];
}

const view = (row: ChannelConfigRow): ChannelConfig => ({
  eventKey: row.eventKey,
  enabled: row.enabled,
  subscriptions: row.subscriptions,
});

export function createChannelsService(deps: {
  db: Db;
  clock: Clock;
  catalogue: EventCatalogue;
  mailer: Mailer;
  sms: SmsSender;
  background: BackgroundTasks;
}) {
  const { db, clock, catalogue } = deps;

  const knownEvent = (eventKey: string) => {
    if (!catalogue.hasKey(eventKey)) throw appError(errorCatalogue.connectivity.eventNotFound);
  };

  const own = async (actor: AdminActor, channel: NotifyChannel, eventKey: string) => {
    knownEvent(eventKey);
    const row = await findChannelConfig(db, actor.tenantId, channel, eventKey);
    if (!row) throw appError(errorCatalogue.connectivity.channelConfigNotFound);
    return row;
  };

  const stored = (subscription: SubscriptionInput, id: string): ChannelSubscription => ({
    id,
    name: subscription.name,
    enabled: subscription.enabled,
    recipients: [...new Set(subscription.recipients)],
  });

  /** Writes the configuration and its audit row together. */
  const store = async (
    actor: AdminActor,
    channel: NotifyChannel,
    eventKey: string,
    before: ChannelConfigRow | undefined,
    next: { enabled: boolean; subscriptions: ChannelSubscription[] },
  ): Promise<ChannelConfig> =>
    db.transaction(async () => {
      const row = await saveChannelConfig(db, {
        tenantId: actor.tenantId,
        channel,
        eventKey,
        ...next,
        updatedAt: clock.now(),
      });
      await recordAdminAudit(
        db,
        actor,
        auditEvents.notificationChannelSaved,
        {
          description: `${auditEvents.notificationChannelSaved.action}: ${channel}, ${eventKey}`,
          json: { channel, eventKey, ...auditChange(before ? view(before) : null, view(row)) },
        },
        clock.now(),
      );
      return view(row);
    });

  const removeConfig = async (actor: AdminActor, channel: NotifyChannel, eventKey: string) => {
    const before = await own(actor, channel, eventKey);
    await db.transaction(async () => {
      await deleteChannelConfig(db, actor.tenantId, channel, eventKey);
      await recordAdminAudit(
        db,
        actor,
        auditEvents.notificationChannelDeleted,
        {
          description: `${auditEvents.notificationChannelDeleted.action}: ${channel}, ${eventKey}`,
          json: { channel, eventKey, ...auditChange(view(before), null) },
        },
        clock.now(),
      );
    });
  };

  const subscriptionIndex = (row: ChannelConfigRow, subscriptionId: string) => {
    const index = row.subscriptions.findIndex((subscription) => subscription.id === subscriptionId);
    if (index < 0) throw appError(errorCatalogue.connectivity.subscriptionNotFound);
    return index;
  };

  /** What one event sends on each channel: a short mail, and a one-line text. */
  const mailOf = (to: string, event: DomainEvent, displayName: string) =>
    message(to, `${PRODUCT}: ${displayName}`, [
      `${displayName}${event.email ? ` (${event.email})` : ''}, ${event.occurredAt.toISOString()}.`,
      ...(event.description && event.description !== displayName ? [event.description] : []),
      ...(event.ip ? [`From the address ${event.ip}.`] : []),
      'You receive this because your account administrator added you to the notifications of this event.',
    ]);
  const textOf = (event: DomainEvent, displayName: string) =>
    `${PRODUCT}: ${displayName}${event.email ? ` (${event.email})` : ''}, ${event.occurredAt.toISOString()}`;

  const subscriber: DomainEventSubscriber = {
    name: 'notification-channels',
    tenantsListening: findTenantsWithEnabledChannels,
    async handle(tx, event) {
      const configs = await findEnabledChannelConfigsForEvent(tx, event.tenantId, event.eventKey);
      if (configs.length === 0) return;
      const recipients = (channel: NotifyChannel) => [
        ...new Set(
          configs
            .filter((config) => config.channel === channel)
            .flatMap((config) => config.subscriptions.filter((list) => list.enabled))
            .flatMap((list) => list.recipients),
        ),
      ];
      const emails = recipients('email');
      const phones = recipients('sms');
      const displayName = catalogue.byKey(event.eventKey)?.displayName ?? event.action;
      // The providers are called once the dispatcher's transaction has committed, and not in it.
      await afterCommit(async () => {
        for (const to of emails)
          deps.background.run('event email', () => deps.mailer.send(mailOf(to, event, displayName)), to);
        for (const to of phones)
          deps.background.run('event SMS', () => deps.sms.send({ to, text: textOf(event, displayName) }), to);
      });
    },
  };

  return {
    subscriber,

    async list(actor: AdminActor, channel: NotifyChannel): Promise<ChannelConfig[]> {
      return (await listChannelConfigs(db, actor.tenantId, channel)).map(view);
    },

    async get(actor: AdminActor, channel: NotifyChannel, eventKey: string): Promise<ChannelConfig> {
      return view(await own(actor, channel, eventKey));
    },

    /** Creates or replaces the event's configuration. */
    async save(
      actor: AdminActor,
      channel: NotifyChannel,
      eventKey: string,
      input: { enabled: boolean; subscriptions: SubscriptionInput[] },
    ): Promise<ChannelConfig> {
      knownEvent(eventKey);
      const before = await findChannelConfig(db, actor.tenantId, channel, eventKey);
      return store(actor, channel, eventKey, before, {
        enabled: input.enabled,
        subscriptions: input.subscriptions.map((subscription) =>
          stored(subscription, subscription.id ?? randomUUID()),
        ),
      });
    },

    async setEnabled(
      actor: AdminActor,
      channel: NotifyChannel,
      eventKey: string,
      enabled: boolean,
    ): Promise<ChannelConfig> {
      const before = await own(actor, channel, eventKey);
      return store(actor, channel, eventKey, before, { enabled, subscriptions: before.subscriptions });
    },

    remove: removeConfig,

    async updateSubscription(
      actor: AdminActor,
      channel: NotifyChannel,
      eventKey: string,
      subscriptionId: string,
      input: SubscriptionInput,
    ): Promise<ChannelConfig> {
      const before = await own(actor, channel, eventKey);
      const index = subscriptionIndex(before, subscriptionId);
      const subscriptions = [...before.subscriptions];
      subscriptions[index] = stored(input, subscriptionId);
      return store(actor, channel, eventKey, before, { enabled: before.enabled, subscriptions });
    },

    async removeSubscription(
      actor: AdminActor,
      channel: NotifyChannel,
      eventKey: string,
      subscriptionId: string,
    ): Promise<ChannelConfig> {
      const before = await own(actor, channel, eventKey);
      subscriptionIndex(before, subscriptionId);
      const subscriptions = before.subscriptions.filter((subscription) => subscription.id !== subscriptionId);
      return store(actor, channel, eventKey, before, { enabled: before.enabled, subscriptions });
    },

    /** For the channels overview: whether the channel is set up, and how many events it sends. */
    async summary(actor: AdminActor, channel: NotifyChannel) {
      const rows = await listChannelConfigs(db, actor.tenantId, channel);
      return { configured: rows.length > 0, activeEvents: rows.filter((row) => row.enabled).length };
    },
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;
