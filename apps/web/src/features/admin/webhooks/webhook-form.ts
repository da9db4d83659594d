import { z } from 'zod';
import {
  emailRecipientSchema,
  smsRecipientSchema,
  webhookSecretSchema,
} from '@brizo/contract/entities/connectivity';
import type {
  EventCategory,
  RecipientChannel,
  SlackScope,
  Webhook,
  WebhookLog,
} from '../../../sdk/admin/connectivity';

// The Webhooks section's forms (one zod schema each) and the rules its screens share: a webhook's last
// delivery as the list shows it, a recipient's check, the event picker's search, the Slack link.

export const webhookFormSchema = z.object({
  displayName: z.string().trim().min(1, 'Enter a name for the webhook').max(200),
  description: z.string().trim().max(1000),
  url: z
    .string()
    .trim()
    .min(1, 'Enter the URL that receives the events')
    .refine(isHttpUrl, 'Enter a full address starting with https:// or http://'),
  /** Empty: a saved webhook keeps its secret, a new one gets a secret made by the server. */
  secret: z.union([z.literal(''), webhookSecretSchema]),
  eventKeys: z.array(z.string()).min(1, 'Choose at least one event'),
  isActive: z.boolean(),
});
export type WebhookFormValues = z.infer<typeof webhookFormSchema>;
export const webhookFormFields = ['displayName', 'description', 'url', 'secret', 'eventKeys'] as const;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The editor's starting values: a new webhook's, or a saved one's (whose secret is never answered). */
export function formValuesOf(webhook: Webhook | null): WebhookFormValues {
  return {
    displayName: webhook?.displayName ?? '',
    description: webhook?.description ?? '',
    url: webhook?.url ?? '',
    secret: '',
    eventKeys: webhook?.eventKeys ?? [],
    isActive: webhook?.isActive ?? true,
  };
}

/** A signing secret: 32 random bytes, hex (what a receiver pastes into its HMAC check). */
export function generateSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export type DeliveryState = 'succeeded' | 'failed' | 'pending' | 'none';

/** The list's status of a webhook: its newest delivery's outcome, or none yet. */
export const lastDeliveryState = (webhook: Webhook): DeliveryState => webhook.lastDelivery?.status ?? 'none';

/**
 * A log row's state: its attempt's own outcome (a 2xx answer succeeded; a test needs 200 or 201), or
 * pending while its delivery waits for another attempt. An attempt that failed stays failed once a later
 * one delivered the event.
 */
export function logState(log: WebhookLog): DeliveryState {
  const answered = Number(log.statusCode);
  if (log.isTest) return answered === 200 || answered === 201 ? 'succeeded' : 'failed';
  if (answered >= 200 && answered < 300) return 'succeeded';
  return log.deliveryStatus === 'pending' ? 'pending' : 'failed';
}

export const stateColor: Record<DeliveryState, string> = {
  succeeded: 'teal',
  failed: 'red',
  pending: 'yellow',
  none: 'gray',
};

/** A JSON text indented for reading; any other text as it is. */
export function prettyJson(text: string): string {
  if (!text) return text;
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The categories whose events match `search` (name, key or description), each with only those events. */
export function filterCategories(categories: EventCategory[], search: string): EventCategory[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return categories;
  return categories
    .map((category) => {
      if (category.name.toLowerCase().includes(needle)) return category;
      const events = category.events.filter((event) =>
        [event.displayName, event.key, event.description].some((text) => text.toLowerCase().includes(needle)),
      );
      return { ...category, events };
    })
    .filter((category) => category.events.length > 0);
}

/** An event's display name, or its key when the catalogue does not have it (any more). */
export function eventNameOf(categories: EventCategory[], eventKey: string): string {
  for (const category of categories) {
    const event = category.events.find((item) => item.key === eventKey);
    if (event) return event.displayName;
  }
  return eventKey;
}

/**
 * A recipient as the server keeps it (a phone number in E.164 without spaces), or the server's own
 * message saying why it cannot be one (the contract's recipient schemas).
 */
export function readRecipient(
  channel: RecipientChannel,
  typed: string,
): { recipient: string } | { error: string } {
  const read = (channel === 'email' ? emailRecipientSchema : smsRecipientSchema).safeParse(typed.trim());
  if (!read.success) return { error: read.error.issues[0]?.message ?? 'Enter a valid recipient' };
  return { recipient: channel === 'email' ? read.data.toLowerCase() : read.data };
}

const SLACK_STATE_KEY = 'brizo.slack-oauth-state';

/**
 * The "Add to Slack" address: Slack's authorize page with the application's client id and scope, and a
 * state this browser checks on the way back. It names no redirect_uri: Slack then returns to the one
 * registered for the application (this section's address), and the server's code exchange, which sends
 * none either, matches it.
 */
export function slackAuthorizeUrl(scope: SlackScope, state: string): string {
  const url = new URL(scope.authorizeUrl);
  url.searchParams.set('client_id', scope.clientId);
  url.searchParams.set('scope', scope.scope);
  url.searchParams.set('state', state);
  return url.toString();
}

/** A fresh OAuth state, remembered for this tab until Slack sends the administrator back. */
export function rememberSlackState(): string {
  const state = generateSecret().slice(0, 32);
  sessionStorage.setItem(SLACK_STATE_KEY, state);
  return state;
}

/** Whether Slack's answer carries the state this tab sent before it left for Slack. */
export function isExpectedSlackState(state: string | null): boolean {
  return state !== null && state === sessionStorage.getItem(SLACK_STATE_KEY);
}

/** Forgets the state once Slack's answer was used (a code is good for one exchange). */
export function forgetSlackState(): void {
  sessionStorage.removeItem(SLACK_STATE_KEY);
}
