import {
  channelConfigsSchema,
  channelsOverviewSchema,
  eventCategoriesSchema,
  slackChannelsSchema,
  slackConfigurationSchema,
  slackScopeSchema,
  webhookLogsSchema,
  webhookCreatedSchema,
  webhookRetryResultSchema,
  webhooksSchema,
  webhookTestResultSchema,
  type CatalogueEvent,
  type ChannelConfig,
  type ChannelsOverview,
  type ChannelSubscription,
  type ConnectivityChannel,
  type EventCategory,
  type SlackConfiguration,
  type SlackScope,
  type SlackSubscription,
  type Webhook,
  type WebhookCreated,
  type WebhookLog,
  type WebhookLogs,
  type WebhookSave,
  type WebhookTestResult,
} from '@brizo/contract/entities/connectivity';
import { api, FetchClient, type IWebhooksSaveData } from '@frontegg/rest-api';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { APP_NAME } from '../store';
import { errorMessage } from './api-error';
import { callApi } from './call-api';
import { usePreviewMode } from './portal';
import { readAnswer } from './read-answer';

// The Webhooks section's data (issue 14, SPEC sections 3, 4 and 7): the event catalogue, the tenant's
// webhooks with their delivery log, test and retry, the email and SMS channels per event, and Slack.
// The official client's connectivity calls are used where it has them; the channels overview, which it
// lacks, goes through its FetchClient. Every answer is parsed with the contract's schemas. In preview mode
// nothing reaches a server: lists are empty and changes are refused.

export type {
  CatalogueEvent,
  ChannelConfig,
  ChannelsOverview,
  ChannelSubscription,
  ConnectivityChannel,
  EventCategory,
  SlackConfiguration,
  SlackScope,
  SlackSubscription,
  Webhook,
  WebhookCreated,
  WebhookLog,
  WebhookLogs,
  WebhookSave,
  WebhookTestResult,
};

/** The channels whose configurations are recipient lists per event. */
export type RecipientChannel = 'email' | 'sms';

/** What a test event is sent with: the editor's URL and secret, and the stored secret of a saved webhook. */
export interface WebhookTest {
  url: string;
  /** The secret typed in the editor; null to sign with the saved webhook's own (webhookId). */
  secret: string | null;
  eventKey?: string;
  webhookId?: string;
}

/** Webhook logs come 10 to a page (SPEC section 8 "webhook logs offset 0 limit 10"). */
export const WEBHOOK_LOG_PAGE_SIZE = 10;

const EVENTS_V1 = '/event/resources/configurations/v1';
const client = () => new FetchClient(APP_NAME);
const noAnswer = () => undefined;
const connectivity = () => api.connectivity;

/**
 * What saving a webhook sends. The client's type always carries a secret, but a saved webhook's secret is
 * never answered: leaving it out (undefined) keeps the stored one, null clears it.
 */
function webhookBody(save: WebhookSave, id: string | undefined): IWebhooksSaveData {
  const { secret, ...rest } = save;
  const body = { ...rest, _id: id, description: save.description ?? '' };
  return (secret === undefined ? body : { ...body, secret }) as IWebhooksSaveData;
}

const configsOf = (answer: unknown, what: string) => readAnswer(channelConfigsSchema, answer, what);

/** The email and SMS configuration calls, which differ only in the client's method names. */
const recipientCalls = {
  email: {
    list: () => connectivity().getEmailConfiguration(),
    save: (config: ChannelConfig) => connectivity().postEmailConfiguration(config),
    setEnabled: (eventKey: string, enabled: boolean) =>
      connectivity().patchEmailConfiguration({ eventKey, enabled }),
    remove: (eventKey: string) => connectivity().deleteEmailConfiguration(eventKey),
  },
  sms: {
    list: () => connectivity().getSMSConfiguration(),
    save: (config: ChannelConfig) => connectivity().postSMSConfiguration(config),
    setEnabled: (eventKey: string, enabled: boolean) =>
      connectivity().patchSMSConfiguration({ eventKey, enabled }),
    remove: (eventKey: string) => connectivity().deleteSMSConfiguration(eventKey),
  },
} as const;

/** The connectivity calls, one function each. */
export const connectivityApi = {
  categories: () =>
    callApi(
      () => connectivity().getCategories(),
      (answer) => readAnswer(eventCategoriesSchema, answer, 'event categories'),
    ),
  overview: () =>
    callApi(
      () => client().get(`${EVENTS_V1}/channels`),
      (answer) => readAnswer(channelsOverviewSchema, answer, 'channels overview'),
    ),

  webhooks: () =>
    callApi(
      () => connectivity().getWebhooksConfigurations(),
      (answer) => readAnswer(webhooksSchema, answer, 'webhooks'),
    ),
  /**
   * Creates a webhook (`id` absent) or changes one; answers it as the server keeps it, with the secret the
   * server generated when a new webhook was given none (`generatedSecret`, answered this once).
   */
  saveWebhook: (save: WebhookSave, id?: string) =>
    callApi(
      () => connectivity().postWebhooksConfiguration(webhookBody(save, id)),
      (answer) => readAnswer(webhookCreatedSchema, answer, 'webhook'),
    ),
  removeWebhook: (id: string) => callApi(() => connectivity().deleteWebhooksConfiguration(id), noAnswer),
  /** One page of a webhook's delivery log, newest first. */
  logs: (webhookId: string, offset: number) =>
    callApi(
      () => connectivity().getWebhookLog(webhookId, offset, WEBHOOK_LOG_PAGE_SIZE),
      (answer) => readAnswer(webhookLogsSchema, answer, 'webhook log'),
    ),
  /** Posts a test event now and answers the receiver's reply (200 or 201 is a success). */
  test: (test: WebhookTest) =>
    callApi(
      () => connectivity().postWebhookTest(test),
      (answer) => readAnswer(webhookTestResultSchema, answer, 'webhook test'),
    ),
  /** Queues a delivery again (202); its outcome shows in the log as a new attempt. */
  retry: (logId: string) =>
    callApi(
      () => connectivity().postWebhookRetry(logId),
      (answer) => readAnswer(webhookRetryResultSchema, answer, 'webhook retry'),
    ),

  recipientConfigs: (channel: RecipientChannel) =>
    callApi(recipientCalls[channel].list, (answer) => configsOf(answer, `${channel} configurations`)),
  /** Saves an event's whole configuration (enabled and recipient lists). */
  saveRecipientConfig: (channel: RecipientChannel, config: ChannelConfig) =>
    callApi(() => recipientCalls[channel].save(config), noAnswer),
  setRecipientConfigEnabled: (channel: RecipientChannel, eventKey: string, enabled: boolean) =>
    callApi(() => recipientCalls[channel].setEnabled(eventKey, enabled), noAnswer),
  removeRecipientConfig: (channel: RecipientChannel, eventKey: string) =>
    callApi(() => recipientCalls[channel].remove(eventKey), noAnswer),

  slack: () =>
    callApi(
      () => connectivity().getSlackConfiguration(),
      (answer) => readAnswer(slackConfigurationSchema, answer, 'Slack configuration'),
    ),
  slackScope: () =>
    callApi(
      () => connectivity().getSlackScope(),
      (answer) => readAnswer(slackScopeSchema, answer, 'Slack application'),
    ),
  /** Hands Slack's OAuth code to the server, which exchanges it and connects the workspace. */
  registerSlack: (code: string) => callApi(() => connectivity().postSlackCode(code), noAnswer),
  slackChannels: () =>
    callApi(
      () => connectivity().getSlackChannels(),
      (answer) => readAnswer(slackChannelsSchema, answer, 'Slack channels'),
    ),
  /** Creates a subscription (no id) or replaces one. */
  saveSlackSubscription: (subscription: SlackSubscription) =>
    callApi(() => connectivity().postSlackConfiguration(subscription), noAnswer),
  removeSlackSubscription: (id: string) =>
    callApi(
      () => connectivity().deleteSlackConfiguration({ id, isActive: false, slackEvents: [] }),
      noAnswer,
    ),
};

export type ConnectivityApi = typeof connectivityApi;

const PREVIEW_REFUSAL = 'Webhooks and channels cannot be set up in preview mode';
const refuse = async (): Promise<never> => {
  throw new Error(PREVIEW_REFUSAL);
};
/** The same calls in preview mode: empty lists, and every change refused in plain words. */
const previewApi: ConnectivityApi = {
  categories: async () => [],
  overview: async () => [],
  webhooks: async () => [],
  saveWebhook: refuse,
  removeWebhook: refuse,
  logs: async () => ({ count: 0, rows: [] }),
  test: refuse,
  retry: refuse,
  recipientConfigs: async () => [],
  saveRecipientConfig: refuse,
  setRecipientConfigEnabled: refuse,
  removeRecipientConfig: refuse,
  slack: async () => ({ id: '', connected: false, teamName: null, slackSubscriptions: [] }),
  slackScope: refuse,
  registerSlack: refuse,
  slackChannels: async () => [],
  saveSlackSubscription: refuse,
  removeSlackSubscription: refuse,
};

/** The connectivity calls for this portal: the server's, or the preview's. */
export function useConnectivityApi(): ConnectivityApi {
  const preview = usePreviewMode();
  return useMemo(() => (preview ? previewApi : connectivityApi), [preview]);
}

export interface ConnectivityData<T> {
  data: T;
  /** Whether the first read has ended (answered or failed). */
  loaded: boolean;
  error: string | null;
  /** Reads again; a failure is kept in `error`, the data read before stays. */
  reload: () => Promise<void>;
  api: ConnectivityApi;
}

/**
 * How long a failed read waits before it is made again (SPEC section 8: loads are retried). A read made
 * just as the access token expires, before the SDK has refreshed it, then succeeds.
 */
const READ_RETRY_DELAYS_MS = [1000, 3000];
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function withRetries<T>(read: () => Promise<T>): Promise<T> {
  for (const delay of READ_RETRY_DELAYS_MS) {
    try {
      return await read();
    } catch {
      await pause(delay);
    }
  }
  return read();
}

/**
 * One of the section's reads (`read`, a fixed call), made when the screen opens and again on demand; a
 * failed read is tried again twice before its error shows.
 */
export function useConnectivityData<T>(
  read: (connectivity: ConnectivityApi) => Promise<T>,
  initial: T,
): ConnectivityData<T> {
  const connectivity = useConnectivityApi();
  const readRef = useRef(read);
  const [data, setData] = useState<T>(initial);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const reload = useCallback(async () => {
    try {
      const answer = await withRetries(() => readRef.current(connectivity));
      if (!mounted.current) return;
      setData(answer);
      setError(null);
    } catch (failure) {
      if (mounted.current) setError(errorMessage(failure));
    } finally {
      if (mounted.current) setLoaded(true);
    }
  }, [connectivity]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, loaded, error, reload, api: connectivity };
}
