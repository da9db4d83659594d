import type {
  SlackConfiguration,
  SlackScope,
  SlackSubscription,
} from '@brizo/contract/entities/connectivity';
import type { Config } from '../../config.js';
import { afterCommit, type Db } from '../../db/client.js';
import {
  deleteSlackInstallation,
  deleteSlackSubscription,
  findSlackInstallation,
  findSlackSubscriptionOfTenant,
  findSlackSubscriptionsForEvent,
  findTenantsWithSlackSubscriptions,
  insertSlackSubscription,
  listSlackSubscriptions,
  saveSlackInstallation,
  updateSlackSubscription,
  type SlackSubscriptionRow,
} from '../../db/queries/slack.js';
import type { SlackEventSubscription } from '../../db/schema/index.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { SecretBox } from '../../lib/sealed-secrets.js';
import type { Clock } from '../../lib/time.js';
import type { AdminActor } from '../admin-access.js';
import { auditChange } from '../audit-changes.js';
import { auditEvents, recordAdminAudit, type AuditEvent } from '../audit.js';
import type { BackgroundTasks } from '../background.js';
import type { DomainEvent, DomainEventSubscriber } from '../domain-events.js';
import type { EventCatalogue } from './catalogue.js';
import { SLACK_SCOPE, type SlackApi } from './slack-api.js';

// Slack (issue 14, SPEC section 7): the "Add to Slack" OAuth scope and code exchange (the bot token
// sealed at rest), the workspace's channels, and per-event channel subscriptions. The subscriber posts
// an event to its channels once the dispatcher's transaction has committed; a post that fails is logged
// and not retried (Slack is a notice, webhooks are the durable channel).

export interface SlackSubscriptionInput {
  isActive: boolean;
  slackEvents: SlackEventSubscription[];
}

const subscriptionView = (row: SlackSubscriptionRow): SlackSubscription => ({
  id: row.id,
  isActive: row.isActive,
  slackEvents: row.slackEvents,
});

export function createSlackService(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'slackApiUrl' | 'slackClientId' | 'slackClientSecret'>;
  secrets: SecretBox;
  api: SlackApi;
  catalogue: EventCatalogue;
  background: BackgroundTasks;
}) {
  const { db, clock, config, secrets, api, catalogue } = deps;

  const appCredentials = () => {
    if (!config.slackClientId || !config.slackClientSecret)
      throw appError(errorCatalogue.connectivity.slackNotConfigured);
    return { clientId: config.slackClientId, clientSecret: config.slackClientSecret };
  };

  const tokenOf = async (tenantId: string): Promise<string> => {
    const installation = await findSlackInstallation(db, tenantId);
    if (!installation) throw appError(errorCatalogue.connectivity.slackNotConnected);
    return secrets.open(installation.accessTokenSealed);
  };

  const checkEvents = (events: readonly SlackEventSubscription[]) => {
    const unknown = events.find((event) => !catalogue.hasKey(event.eventKey));
    if (unknown)
      throw appError(errorCatalogue.connectivity.eventNotFound, `Event not found: ${unknown.eventKey}`);
    return events.map((event) => ({
      eventKey: event.eventKey,
      channelIds: [...new Set(event.channelIds)],
      ...(event.title !== undefined && { title: event.title }),
      ...(event.message !== undefined && { message: event.message }),
    }));
  };

  const audit = (actor: AdminActor, event: AuditEvent, json: Record<string, unknown>) =>
    recordAdminAudit(db, actor, event, { description: event.action, json }, clock.now());

  const ownSubscription = async (actor: AdminActor, id: string) => {
    const row = await findSlackSubscriptionOfTenant(db, actor.tenantId, id);
    if (!row) throw appError(errorCatalogue.connectivity.subscriptionNotFound);
    return row;
  };

  /** One line per event: the subscription's title and message, or the event's own words. */
  const textOf = (event: DomainEvent, subscription: SlackEventSubscription) => {
    const title =
      subscription.title?.trim() || (catalogue.byKey(event.eventKey)?.displayName ?? event.action);
    const detail = subscription.message?.trim() || event.description;
    return [
      `*${title}*`,
      ...(detail && detail !== title ? [detail] : []),
      [event.email, event.occurredAt.toISOString()].filter(Boolean).join(' · '),
    ].join('\n');
  };

  const subscriber: DomainEventSubscriber = {
    name: 'slack',
    tenantsListening: findTenantsWithSlackSubscriptions,
    async handle(tx, event) {
      const subscriptions = await findSlackSubscriptionsForEvent(tx, event.tenantId, event.eventKey);
      if (subscriptions.length === 0) return;
      const installation = await findSlackInstallation(tx, event.tenantId);
      if (!installation) return;
      // One post per channel, whichever subscriptions name it.
      const posts = new Map<string, string>();
      for (const subscription of subscriptions)
        for (const slackEvent of subscription.slackEvents.filter(
          (entry) => entry.eventKey === event.eventKey,
        ))
          for (const channel of slackEvent.channelIds)
            if (!posts.has(channel)) posts.set(channel, textOf(event, slackEvent));
      const sealed = installation.accessTokenSealed;
      await afterCommit(async () => {
        for (const [channel, text] of posts)
          deps.background.run(
            'Slack post',
            () => api.postMessage(secrets.open(sealed), { channel, text }),
            `slack:${event.tenantId}`,
          );
      });
    },
  };

  const configuration = async (actor: AdminActor): Promise<SlackConfiguration> => {
    const [installation, subscriptions] = await Promise.all([
      findSlackInstallation(db, actor.tenantId),
      listSlackSubscriptions(db, actor.tenantId),
    ]);
    return {
      id: actor.tenantId,
      connected: installation !== undefined,
      teamName: installation?.teamName ?? null,
      slackSubscriptions: subscriptions.map(subscriptionView),
    };
  };

  return {
    subscriber,
    configuration,

    /** What the "Add to Slack" link needs. */
    scope(): SlackScope {
      const { clientId } = appCredentials();
      const authorizeUrl = new URL('/oauth/v2/authorize', new URL(config.slackApiUrl).origin);
      authorizeUrl.search = new URLSearchParams({ client_id: clientId, scope: SLACK_SCOPE }).toString();
      return { clientId, scope: SLACK_SCOPE, authorizeUrl: authorizeUrl.toString() };
    },

    /** The end of "Add to Slack": Slack's code for this tenant's workspace becomes its bot token. */
    async register(actor: AdminActor, code: string): Promise<SlackConfiguration> {
      const grant = await api.exchangeCode({ ...appCredentials(), code });
      await db.transaction(async () => {
        await saveSlackInstallation(db, {
          tenantId: actor.tenantId,
          teamId: grant.teamId,
          teamName: grant.teamName,
          accessTokenSealed: secrets.seal(grant.accessToken),
          createdAt: clock.now(),
        });
        await audit(actor, auditEvents.slackConnected, { teamId: grant.teamId, teamName: grant.teamName });
      });
      return configuration(actor);
    },

    async disconnect(actor: AdminActor): Promise<void> {
      await db.transaction(async () => {
        if (!(await deleteSlackInstallation(db, actor.tenantId)))
          throw appError(errorCatalogue.connectivity.slackNotConnected);
        await audit(actor, auditEvents.slackDisconnected, {});
      });
    },

    async channels(actor: AdminActor): Promise<Array<{ id: string; name: string }>> {
      return api.listChannels(await tokenOf(actor.tenantId));
    },

    async createSubscription(actor: AdminActor, input: SlackSubscriptionInput): Promise<SlackSubscription> {
      const slackEvents = checkEvents(input.slackEvents);
      return db.transaction(async () => {
        const row = await insertSlackSubscription(db, {
          tenantId: actor.tenantId,
          isActive: input.isActive,
          slackEvents,
          now: clock.now(),
        });
        await audit(actor, auditEvents.slackSubscriptionSaved, {
          subscriptionId: row.id,
          ...auditChange(null, subscriptionView(row)),
        });
        return subscriptionView(row);
      });
    },

    async updateSubscription(
      actor: AdminActor,
      id: string,
      input: SlackSubscriptionInput,
    ): Promise<SlackSubscription> {
      const before = await ownSubscription(actor, id);
      const slackEvents = checkEvents(input.slackEvents);
      return db.transaction(async () => {
        const row = await updateSlackSubscription(db, actor.tenantId, id, {
          isActive: input.isActive,
          slackEvents,
          updatedAt: clock.now(),
        });
        if (!row) throw appError(errorCatalogue.connectivity.subscriptionNotFound);
        await audit(actor, auditEvents.slackSubscriptionSaved, {
          subscriptionId: id,
          ...auditChange(subscriptionView(before), subscriptionView(row)),
        });
        return subscriptionView(row);
      });
    },

    async removeSubscription(actor: AdminActor, id: string): Promise<void> {
      const before = await ownSubscription(actor, id);
      await db.transaction(async () => {
        await deleteSlackSubscription(db, actor.tenantId, id);
        await audit(actor, auditEvents.slackSubscriptionDeleted, {
          subscriptionId: id,
          ...auditChange(subscriptionView(before), null),
        });
      });
    },

    /** For the channels overview. */
    async summary(actor: AdminActor) {
      const [installation, subscriptions] = await Promise.all([
        findSlackInstallation(db, actor.tenantId),
        listSlackSubscriptions(db, actor.tenantId),
      ]);
      const keys = new Set(
        subscriptions
          .filter((subscription) => subscription.isActive)
          .flatMap((subscription) => subscription.slackEvents.map((event) => event.eventKey)),
      );
      return { configured: installation !== undefined, activeEvents: keys.size };
    },
  };
}

export type SlackService = ReturnType<typeof createSlackService>;
