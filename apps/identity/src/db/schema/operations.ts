// Operations (issue 14): the domain events the audit writer emits, webhooks and their deliveries, the
// email, SMS and Slack channels, notifications, scheduled reports, and each tenant's audit retention.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

/**
 * The transactional outbox: one row per audit row of a tenant, written by the same statement (so a
 * change, its audit row and its event are never separated). The dispatcher fans each out to the
 * tenant's channels and deletes it in one transaction.
 */
export const eventOutbox = pgTable('event_outbox', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  auditId: uuid('audit_id').notNull(),
  tenantId: uuid('tenant_id').notNull(),
  createdAt: createdAt(),
});

/** A tenant's webhook (IWebhooksConfigurations): where events of the chosen keys are posted, signed. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    description: text('description').notNull().default(''),
    url: text('url').notNull(),
    /** The signing secret, sealed with SECRETS_KEY (lib/sealed-secrets.ts). */
    secretSealed: text('secret_sealed').notNull(),
    eventKeys: jsonb('event_keys').$type<string[]>().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    invocations: integer('invocations').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhooks_tenant_idx').on(t.tenantId)],
);

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/**
 * The durable delivery queue: one row per event and webhook, claimed with a lease (a worker killed
 * mid-delivery leaves a lease that expires, and the row is delivered again: at least once).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    webhookId: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventKey: text('event_key').notNull(),
    /** The JSON body posted, fixed when the event is enqueued (a retry posts the same bytes). */
    body: text('body').notNull(),
    status: text('status').$type<WebhookDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
    // Issue 16: housekeeping removes the ended ones after WEBHOOK_LOG_RETENTION_DAYS (services/housekeeping).
    index('webhook_deliveries_ended_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} <> 'pending'`),
  ],
);

/** One attempt to post to a webhook (a delivery's attempt, a test or a retry), with what came back. */
export const webhookLogs = pgTable(
  'webhook_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').notNull(),
    webhookId: uuid('webhook_id').references(() => webhooks.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id').references(() => webhookDeliveries.id, { onDelete: 'set null' }),
    eventKey: text('event_key').notNull(),
    url: text('url').notNull(),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull().default({}),
    requestBody: text('request_body').notNull(),
    /** Null when no answer came (refused address, timeout, connection error: see `error`). */
    statusCode: integer('status_code'),
    responseBody: text('response_body').notNull().default(''),
    error: text('error'),
    durationMs: integer('duration_ms').notNull().default(0),
    isTest: boolean('is_test').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_logs_webhook_idx').on(t.webhookId, t.createdAt),
    // Its foreign key: deleting a webhook's deliveries sets this null without scanning the log.
    index('webhook_logs_delivery_idx').on(t.deliveryId),
    // Issue 16: housekeeping removes logs older than WEBHOOK_LOG_RETENTION_DAYS (services/housekeeping).
    index('webhook_logs_created_idx').on(t.createdAt),
  ],
);

export type NotifyChannel = 'email' | 'sms';

/** One recipient list of an email or SMS channel (IEmailSMSSubscriptionResponse). */
export interface ChannelSubscription {
  id: string;
  name: string;
  enabled: boolean;
  recipients: string[];
}

/** A tenant's email or SMS configuration of one event (IEmailSMSConfigResponse). */
export const channelConfigs = pgTable(
  'channel_configs',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<NotifyChannel>().notNull(),
    eventKey: text('event_key').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    subscriptions: jsonb('subscriptions').$type<ChannelSubscription[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.channel, t.eventKey] })],
);

/** A tenant's Slack workspace, connected with the OAuth code exchange; its bot token sealed. */
export const slackInstallations = pgTable('slack_installations', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  teamId: text('team_id').notNull(),
  teamName: text('team_name').notNull().default(''),
  accessTokenSealed: text('access_token_sealed').notNull(),
  createdAt: createdAt(),
});

/** One Slack event subscription (ISlackEvent): the channels an event key is posted to. */
export interface SlackEventSubscription {
  eventKey: string;
  channelIds: string[];
  title?: string;
  message?: string;
}

export const slackSubscriptions = pgTable(
  'slack_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    isActive: boolean('is_active').notNull().default(true),
    slackEvents: jsonb('slack_events').$type<SlackEventSubscription[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('slack_subscriptions_tenant_idx').on(t.tenantId)],
);

export type NotificationStatus = 'unread' | 'read' | 'archived';

/** A message for one administrator in the portal's header (IMessage). */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The event key (or report, webhook failure...) the message is about. */
    key: text('key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    severity: text('severity').notNull().default('Info'),
    url: text('url').notNull().default(''),
    status: text('status').$type<NotificationStatus>().notNull().default('unread'),
    isPinned: boolean('is_pinned').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.tenantId, t.createdAt)],
);

/** A tenant's schedule of one report template (IScheduleReport), mailed when due. */
export const reportSchedules = pgTable(
  'report_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    templateId: text('template_id').notNull(),
    schedule: jsonb('schedule').$type<Record<string, unknown>>().notNull(),
    status: text('status').notNull().default('active'),
    dataFilters: jsonb('data_filters').$type<Record<string, unknown>>().notNull().default({}),
    type: text('type').notNull().default('html'),
    recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('report_schedules_tenant_template_idx').on(t.tenantId, t.templateId),
    index('report_schedules_due_idx').on(t.nextRunAt),
  ],
);

/** A tenant's operations settings: how long its audit log is kept (null: the server's default). */
export const tenantAuditSettings = pgTable('tenant_audit_settings', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  retentionDays: integer('retention_days'),
  updatedAt: updatedAt(),
});
