import { z } from 'zod';

// Connectivity (issue 14, SPEC sections 3, 4 and 7): the event catalogue, webhooks and their delivery
// log, the email and SMS channels per event, and Slack. Shapes follow the official client's
// connectivity interfaces; the server answers them and the Webhooks section reads them.

/** One event of the catalogue (IEvent): its key is what webhooks and channels subscribe to. */
export const eventSchema = z.object({
  id: z.string(),
  key: z.string(),
  displayName: z.string(),
  description: z.string(),
  category: z.string(),
  categoryId: z.string(),
  /** The audit severity the event is recorded with (Info, Medium, High, Critical). */
  severity: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  vendorId: z.string(),
});
export type CatalogueEvent = z.infer<typeof eventSchema>;

/** A category of the catalogue with its events (ICategory). */
export const eventCategorySchema = z.object({
  id: z.string(),
  name: z.string(),
  events: z.array(eventSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  vendorId: z.string(),
});
export type EventCategory = z.infer<typeof eventCategorySchema>;
export const eventCategoriesSchema = z.array(eventCategorySchema);

/** The channels an event can go to (SPEC section 3 "Connectivity"). */
export const connectivityChannelSchema = z.enum(['webhook', 'email', 'sms', 'slack']);
export type ConnectivityChannel = z.infer<typeof connectivityChannelSchema>;

/**
 * The JSON body of every delivery (webhook, test event). `data` is the audit row's json: the target's
 * ids and, for admin changes, `before` and `after`.
 */
export const eventPayloadSchema = z.object({
  eventKey: z.string(),
  eventId: z.string(),
  occurredAt: z.string(),
  tenantId: z.string(),
  vendorId: z.string(),
  action: z.string(),
  description: z.string(),
  severity: z.string(),
  user: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type EventPayload = z.infer<typeof eventPayloadSchema>;

/** A webhook as the section lists it (IWebhooksConfigurations); its secret is never answered. */
export const webhookSchema = z.object({
  _id: z.string(),
  displayName: z.string(),
  description: z.string(),
  url: z.string(),
  /** Never the secret itself: null, or a masked hint of it. */
  secret: z.string().nullable(),
  eventKeys: z.array(z.string()),
  isActive: z.boolean(),
  invocations: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The outcome of the newest delivery attempt, for the list's status column. */
  lastDelivery: z
    .object({
      status: z.enum(['succeeded', 'failed', 'pending']),
      statusCode: z.number().int().nullable(),
      createdAt: z.string(),
    })
    .nullable(),
});
export type Webhook = z.infer<typeof webhookSchema>;
export const webhooksSchema = z.array(webhookSchema);

/** What the editor saves (IWebhooksSaveData): a new secret only when it is given. */
export const webhookSaveSchema = z.object({
  displayName: z.string(),
  description: z.string().optional(),
  url: z.string(),
  secret: z.string().nullable().optional(),
  eventKeys: z.array(z.string()),
  isActive: z.boolean(),
});
export type WebhookSave = z.infer<typeof webhookSaveSchema>;

/** One attempt to post (IWebhookLog), with the request, the answer and its timing. */
export const webhookLogSchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  tenantId: z.string(),
  vendorId: z.string(),
  eventKey: z.string(),
  url: z.string(),
  /** The request body posted (JSON text). */
  body: z.string(),
  requestHeaders: z.record(z.string(), z.string()),
  /** The HTTP status as text (the client's type), '' when no answer came. */
  statusCode: z.string(),
  responseBody: z.string(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  isTest: z.boolean(),
  /** The delivery's state: succeeded, failed (retries exhausted), or pending (a retry is scheduled). */
  deliveryStatus: z.enum(['succeeded', 'failed', 'pending']).nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
});
export type WebhookLog = z.infer<typeof webhookLogSchema>;

/** GET /webhook/logs?id&offset&limit (IWebhookLogsResponse). */
export const webhookLogsSchema = z.object({ count: z.number().int(), rows: z.array(webhookLogSchema) });
export type WebhookLogs = z.infer<typeof webhookLogsSchema>;

/** POST /webhook/test's answer: the receiver's status; 200 or 201 is a success (SPEC section 4). */
export const webhookTestResultSchema = z.object({
  statusCode: z.number().int().nullable(),
  status: z.enum(['success', 'failed']),
  responseBody: z.string(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResultSchema>;

/** One recipient list of an email or SMS configuration (IEmailSMSSubscriptionResponse). */
export const channelSubscriptionSchema = z.object({
  id: z.string().optional(),
  name: z.string(),
  enabled: z.boolean(),
  recipients: z.array(z.string()),
});
export type ChannelSubscription = z.infer<typeof channelSubscriptionSchema>;

/** An email or SMS configuration of one event (IEmailSMSConfigResponse). */
export const channelConfigSchema = z.object({
  eventKey: z.string(),
  enabled: z.boolean(),
  subscriptions: z.array(channelSubscriptionSchema),
});
export type ChannelConfig = z.infer<typeof channelConfigSchema>;
export const channelConfigsSchema = z.array(channelConfigSchema);

/** One Slack event subscription (ISlackEvent). */
export const slackEventSchema = z.object({
  eventKey: z.string(),
  channelIds: z.array(z.string()),
  title: z.string().optional(),
  message: z.string().optional(),
});

/** A Slack subscription (ISlackSubscription). */
export const slackSubscriptionSchema = z.object({
  id: z.string().optional(),
  isActive: z.boolean(),
  slackEvents: z.array(slackEventSchema),
});
export type SlackSubscription = z.infer<typeof slackSubscriptionSchema>;

/** GET .../slack (ISlackConfigurations), plus whether a workspace is connected and which. */
export const slackConfigurationSchema = z.object({
  id: z.string(),
  connected: z.boolean(),
  teamName: z.string().nullable(),
  slackSubscriptions: z.array(slackSubscriptionSchema),
});
export type SlackConfiguration = z.infer<typeof slackConfigurationSchema>;

/** GET .../slack/applications: what the "Add to Slack" link needs (OAuth scope and client id). */
export const slackScopeSchema = z.object({
  clientId: z.string(),
  scope: z.string(),
  authorizeUrl: z.string(),
});
export type SlackScope = z.infer<typeof slackScopeSchema>;

/** GET .../slack/channels (ISlackChannel[]). */
export const slackChannelsSchema = z.array(z.object({ id: z.string(), name: z.string() }));

/** The channels overview: per channel, whether it is set up and how many events it carries. */
export const channelsOverviewSchema = z.array(
  z.object({
    channel: connectivityChannelSchema,
    configured: z.boolean(),
    activeEvents: z.number().int(),
  }),
);
export type ChannelsOverview = z.infer<typeof channelsOverviewSchema>;

// Additions by the connectivity server (issue 14): request shapes and answers the section also reads.

/** GET /event/resources/configurations/v1?channels=... (IChannelsMap): each event with its category. */
export const channelMapSchema = z.object({
  id: z.string(),
  key: z.string(),
  categoryId: z.string(),
  vendorId: z.string(),
  displayName: z.string(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  category: z.object({
    id: z.string(),
    vendorId: z.string(),
    name: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
});
export type ChannelMap = z.infer<typeof channelMapSchema>;
export const channelMapsSchema = z.array(channelMapSchema);

/** POST /webhook/custom's answer: the webhook, and the secret when the server generated it (shown once). */
export const webhookCreatedSchema = webhookSchema.extend({ generatedSecret: z.string().optional() });
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;

/**
 * How a webhook's secret is answered: this mask and the secret's last 4 characters. Sent back unchanged
 * in an update, it keeps the secret.
 */
export const WEBHOOK_SECRET_MASK = '••••••••';

/** A webhook's signing secret: at least 16 characters (the server makes one when none is given). */
export const WEBHOOK_SECRET_MIN_LENGTH = 16;
export const webhookSecretSchema = z
  .string()
  .min(WEBHOOK_SECRET_MIN_LENGTH, `The secret must have at least ${WEBHOOK_SECRET_MIN_LENGTH} characters`)
  .max(256, 'The secret must have at most 256 characters');

/** POST /webhook/test: a signed test event posted now; `webhookId` logs it in that webhook's log. */
export const webhookTestRequestSchema = z.object({
  url: z.string(),
  /** null or absent: the secret of `webhookId`, else the event goes unsigned. */
  secret: z.string().nullable().optional(),
  /** Posted as the body instead of a sample event. */
  payload: z.record(z.string(), z.unknown()).optional(),
  eventKey: z.string().optional(),
  webhookId: z.string().optional(),
});
export type WebhookTestRequest = z.infer<typeof webhookTestRequestSchema>;

/** POST /webhook/logs/:id/retries answers 202 with this: the delivery is due again now. */
export const webhookRetryResultSchema = z.object({ status: z.literal('queued'), deliveryId: z.string() });
export type WebhookRetryResult = z.infer<typeof webhookRetryResultSchema>;

/** At most this many recipients per email or SMS list, and lists per event. */
export const MAX_CHANNEL_RECIPIENTS = 20;

export const emailRecipientSchema = z.email({ error: 'Enter valid email addresses' });
/** An E.164 number; spaces, dots, dashes and brackets are dropped first. */
export const smsRecipientSchema = z
  .string()
  .transform((value) => value.trim().replace(/[\s().-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'Enter phone numbers in international format, such as +15550100123'),
  );

const subscriptionSaveOf = <R extends z.ZodType<string, unknown>>(recipient: R) =>
  z.object({
    id: z.string().optional(),
    name: z.string().trim().min(1, 'Name the recipient list').max(100),
    enabled: z.boolean().default(true),
    recipients: z
      .array(recipient)
      .min(1, 'Add at least one recipient')
      .max(MAX_CHANNEL_RECIPIENTS, `At most ${MAX_CHANNEL_RECIPIENTS} recipients per list`),
  });

/** PUT .../emails/:eventKey/subscriptions/:id, and each list of a POST. */
export const emailSubscriptionSaveSchema = subscriptionSaveOf(emailRecipientSchema);
export const smsSubscriptionSaveSchema = subscriptionSaveOf(smsRecipientSchema);

/** POST .../emails/:eventKey and .../v2/sms/:eventKey: the event's whole configuration. */
export const emailConfigSaveSchema = z.object({
  enabled: z.boolean().default(true),
  subscriptions: z.array(emailSubscriptionSaveSchema).max(MAX_CHANNEL_RECIPIENTS).default([]),
});
export const smsConfigSaveSchema = z.object({
  enabled: z.boolean().default(true),
  subscriptions: z.array(smsSubscriptionSaveSchema).max(MAX_CHANNEL_RECIPIENTS).default([]),
});

/** POST .../slack/subscriptions and PATCH .../slack/subscription/:id. */
export const slackSubscriptionSaveSchema = z.object({
  id: z.string().optional(),
  isActive: z.boolean().default(true),
  slackEvents: z
    .array(
      z.object({
        eventKey: z.string(),
        channelIds: z.array(z.string().min(1).max(64)).min(1, 'Choose at least one channel').max(20),
        title: z.string().max(200).optional(),
        message: z.string().max(2000).optional(),
      }),
    )
    .max(500),
});
export type SlackSubscriptionSave = z.input<typeof slackSubscriptionSaveSchema>;

/** GET /event/resources/configurations/v1/payload-schema: the JSON Schema of eventPayloadSchema. */
export const eventPayloadJsonSchemaSchema = z.record(z.string(), z.unknown());
