import { eventPayloadSchema, type EventPayload } from '@brizo/contract/entities/connectivity';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  claimDueDeliveries,
  enqueueDeliveriesForEvent,
  findTenantsWithActiveWebhooks,
  settleDelivery,
  type WebhookDeliveryRow,
} from '../../db/queries/webhook-deliveries.js';
import { insertWebhookLog } from '../../db/queries/webhook-logs.js';
import { findWebhookById, incrementWebhookInvocations } from '../../db/queries/webhooks.js';
import type { OutboundFetch } from '../../lib/outbound.js';
import type { SecretBox } from '../../lib/sealed-secrets.js';
import type { Clock } from '../../lib/time.js';
import { auditEvents, recordAudit } from '../audit.js';
import type { DomainEvent, DomainEventSubscriber } from '../domain-events.js';
import type { Jobs } from '../jobs.js';
import { backoffMs } from './backoff.js';
import { deliveryHeaders } from './signing.js';
import { postToReceiver } from './webhook-post.js';

// Both ends of the webhook queue (issue 14). The subscriber writes one webhook_deliveries row per
// subscribed active webhook, in the dispatcher's transaction, with the body fixed. The worker claims
// due rows with a lease, posts them signed, and records each attempt: delivered, retried later with
// backoff, or failed for good after WEBHOOK_MAX_ATTEMPTS (an audit event of the tenant, itself an event).

export const DELIVERY_JOB = 'webhook-delivery';
const BATCH_SIZE = 50;
const CONCURRENCY = 4;
const INTERVAL_MS = 1_000;
export const FAILED_EVENT_KEY = 'connectivity.webhookDeliveryFailed';

/** The JSON every receiver gets for an event (the contract's eventPayloadSchema). */
export function payloadOf(event: DomainEvent, vendorId: string): EventPayload {
  return eventPayloadSchema.parse({
    eventKey: event.eventKey,
    eventId: event.eventId,
    occurredAt: event.occurredAt.toISOString(),
    tenantId: event.tenantId,
    vendorId,
    action: event.action,
    description: event.description,
    severity: event.severity,
    user: { id: event.userId, email: event.email },
    ip: event.ip,
    userAgent: event.userAgent,
    data: event.data,
  });
}

export function createWebhookSubscriber(deps: { clock: Clock; vendorId: string }): DomainEventSubscriber {
  return {
    name: 'webhooks',
    tenantsListening: findTenantsWithActiveWebhooks,
    async handle(tx, event) {
      // A webhook's own failure is not posted back to it: a receiver that is down would feed itself.
      const failedWebhook = event.eventKey === FAILED_EVENT_KEY ? event.data.webhookId : undefined;
      await enqueueDeliveriesForEvent(tx, {
        tenantId: event.tenantId,
        eventKey: event.eventKey,
        body: JSON.stringify(payloadOf(event, deps.vendorId)),
        now: deps.clock.now(),
        skipWebhookId: typeof failedWebhook === 'string' ? failedWebhook : undefined,
      });
    },
  };
}

export function createDeliveryWorker(deps: {
  db: Db;
  config: Pick<Config, 'webhookTimeoutMs' | 'webhookMaxAttempts'>;
  clock: Clock;
  jobs: Jobs;
  outbound: OutboundFetch;
  secrets: SecretBox;
  random?: () => number;
}) {
  const { db, config, clock, secrets } = deps;
  const random = deps.random ?? Math.random;

  const openSecret = (sealed: string): string | undefined => {
    try {
      return secrets.open(sealed);
    } catch {
      return undefined;
    }
  };

  const attempt = async (delivery: WebhookDeliveryRow): Promise<void> => {
    const webhook = await findWebhookById(db, delivery.webhookId);
    // Deleted (its deliveries went with it) or disabled since the claim: nothing is sent.
    if (!webhook?.isActive) return;
    const timestamp = Math.floor(clock.now().getTime() / 1000);
    // A secret sealed with another SECRETS_KEY cannot sign: the attempt fails (and is logged) rather
    // than the job, which would claim the row again and again.
    const secret = openSecret(webhook.secretSealed);
    const headers = deliveryHeaders({
      deliveryId: delivery.id,
      eventKey: delivery.eventKey,
      timestamp,
      body: delivery.body,
      secret: secret ?? null,
    });
    const result =
      secret === undefined
        ? {
            statusCode: null,
            responseBody: '',
            error: 'The signing secret cannot be read: set it again',
            durationMs: 0,
          }
        : await postToReceiver(deps.outbound, {
            url: webhook.url,
            headers,
            body: delivery.body,
            timeoutMs: config.webhookTimeoutMs,
          });
    const now = clock.now();
    const succeeded = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const attempts = delivery.attempts + 1;
    const error = succeeded
      ? null
      : (result.error ?? `The receiver answered ${result.statusCode ?? 'nothing'}`);
    const givenUp = !succeeded && attempts >= config.webhookMaxAttempts;
    await db.transaction(async () => {
      await insertWebhookLog(db, {
        tenantId: delivery.tenantId,
        webhookId: webhook.id,
        deliveryId: delivery.id,
        eventKey: delivery.eventKey,
        url: webhook.url,
        requestHeaders: headers,
        requestBody: delivery.body,
        statusCode: result.statusCode,
        responseBody: result.responseBody,
        error,
        durationMs: result.durationMs,
        createdAt: now,
      });
      await settleDelivery(db, delivery.id, {
        status: succeeded ? 'succeeded' : givenUp ? 'failed' : 'pending',
        attempts,
        ...(!succeeded &&
          !givenUp && { nextAttemptAt: new Date(now.getTime() + backoffMs(attempts, random)) }),
        ...(succeeded && { deliveredAt: now }),
        statusCode: result.statusCode,
        error,
        now,
      });
      if (succeeded) await incrementWebhookInvocations(db, webhook.id);
      if (givenUp) {
        await recordAudit(
          db,
          auditEvents.webhookDeliveryFailed,
          { ip: null, userAgent: null },
          {
            tenantId: delivery.tenantId,
            description: `${webhook.displayName}: ${delivery.eventKey} was not delivered after ${attempts} attempts`,
            json: {
              webhookId: webhook.id,
              deliveryId: delivery.id,
              eventKey: delivery.eventKey,
              url: webhook.url,
              attempts,
              lastStatusCode: result.statusCode,
              lastError: error,
            },
          },
          now,
        );
      }
    });
  };

  const claimNext = async (): Promise<WebhookDeliveryRow | undefined> => {
    const now = clock.now();
    const leaseUntil = new Date(now.getTime() + config.webhookTimeoutMs * 2);
    const [delivery] = await claimDueDeliveries(db, { now, leaseUntil, limit: 1 });
    return delivery;
  };

  /**
   * A few deliveries at a time, each claimed just before it is posted: its lease, longer than one
   * attempt can take, is not spent waiting behind slow receivers, and a dead worker's rows come back
   * soon after their lease ends. A poll that finds nothing due is one statement (issue 17): the other
   * slots start only once the first claim found work.
   */
  const deliver = async (): Promise<number> => {
    let handled = 0;
    const slot = async (claimed: WebhookDeliveryRow | undefined) => {
      let delivery = claimed;
      while (delivery) {
        handled += 1;
        await attempt(delivery);
        delivery = handled < BATCH_SIZE ? await claimNext() : undefined;
      }
    };
    const first = await claimNext();
    if (!first) return 0;
    const others = Array.from({ length: CONCURRENCY - 1 }, async () => slot(await claimNext()));
    await Promise.all([slot(first), ...others]);
    return handled;
  };

  deps.jobs.register({ name: DELIVERY_JOB, intervalMs: INTERVAL_MS, batchSize: BATCH_SIZE, run: deliver });
  return { deliver };
}
