import { randomBytes, randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import {
  WEBHOOK_SECRET_MASK,
  type Webhook,
  type WebhookCreated,
  type WebhookLog,
  type WebhookLogs,
  type WebhookRetryResult,
  type WebhookTestResult,
} from '@brizo/contract/entities/connectivity';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import {
  cancelPendingDeliveries,
  findDeliveryOfTenant,
  findLastDeliveries,
  insertWebhookDelivery,
  requeueDelivery,
  type WebhookDeliveryRow,
} from '../../db/queries/webhook-deliveries.js';
import {
  findWebhookLogOfTenant,
  insertWebhookLog,
  listWebhookLogs,
  type WebhookLogWithDelivery,
} from '../../db/queries/webhook-logs.js';
import {
  deleteWebhook,
  findWebhookOfTenant,
  findWebhooksOfTenant,
  insertWebhook,
  updateWebhook,
  type WebhookRow,
} from '../../db/queries/webhooks.js';
import { appError, errorCatalogue } from '../../errors.js';
import { isAllowedHost, isSpecialAddress, type OutboundFetch } from '../../lib/outbound.js';
import type { SecretBox } from '../../lib/sealed-secrets.js';
import type { Clock } from '../../lib/time.js';
import type { AdminActor } from '../admin-access.js';
import { auditChange } from '../audit-changes.js';
import { auditEvents, recordAdminAudit, type AuditEvent } from '../audit.js';
import type { EventCatalogue } from './catalogue.js';
import { deliveryHeaders } from './signing.js';
import { postToReceiver } from './webhook-post.js';

// The Webhooks section's configurations (issue 14, SPEC sections 4 and 7): CRUD, the log of attempts,
// a test event posted now, and a retry. The signing secret is sealed at rest and never answered.

export interface WebhookInput {
  displayName: string;
  description?: string | undefined;
  url: string;
  secret?: string | null | undefined;
  eventKeys: string[];
  isActive: boolean;
}

/** What the list shows instead of the secret: a mask and its last characters, to tell secrets apart. */
export const maskSecret = (secret: string) => `${WEBHOOK_SECRET_MASK}${secret.slice(-4)}`;
/** The key a test event without one is given: an event any receiver knows. */
const TEST_EVENT_KEY = 'auth.loginSucceeded';

export function createWebhooksService(deps: {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'clientId' | 'outboundAllowHosts' | 'webhookTimeoutMs' | 'webhookMaxAttempts'>;
  secrets: SecretBox;
  outbound: OutboundFetch;
  catalogue: EventCatalogue;
}) {
  const { db, clock, config, secrets, catalogue } = deps;

  /**
   * https to a public name or address, or any http(s) host OUTBOUND_ALLOW_HOSTS names. A name that
   * resolves to a private address passes here and is refused when posted to (lib/outbound.ts).
   */
  const checkUrl = (value: string): string => {
    const refused = () => appError(errorCatalogue.connectivity.webhookUrlRefused);
    if (!URL.canParse(value)) throw refused();
    const url = new URL(value);
    if (url.username || url.password) throw refused();
    const isHttp = url.protocol === 'https:' || url.protocol === 'http:';
    if (isHttp && isAllowedHost(url, config.outboundAllowHosts)) return value;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (url.protocol !== 'https:' || (isIP(host) !== 0 && isSpecialAddress(host))) throw refused();
    return value;
  };

  const checkEventKeys = (keys: readonly string[]): string[] => {
    const unknown = keys.find((key) => !catalogue.hasKey(key));
    if (unknown) throw appError(errorCatalogue.connectivity.eventNotFound, `Event not found: ${unknown}`);
    return [...new Set(keys)];
  };

  const openSecret = (row: WebhookRow): string | null => {
    try {
      return secrets.open(row.secretSealed);
    } catch {
      return null;
    }
  };

  const view = (row: WebhookRow, last: WebhookDeliveryRow | undefined): Webhook => {
    const secret = openSecret(row);
    return {
      _id: row.id,
      displayName: row.displayName,
      description: row.description,
      url: row.url,
      secret: secret === null ? null : maskSecret(secret),
      eventKeys: row.eventKeys,
      isActive: row.isActive,
      invocations: row.invocations,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      lastDelivery: last
        ? {
            status: last.status,
            statusCode: last.lastStatusCode,
            createdAt: (last.deliveredAt ?? last.updatedAt).toISOString(),
          }
        : null,
    };
  };

  const viewOne = async (actor: AdminActor, row: WebhookRow) =>
    view(row, (await findLastDeliveries(db, actor.tenantId, [row.id])).get(row.id));

  const own = async (actor: AdminActor, id: string): Promise<WebhookRow> => {
    const row = await findWebhookOfTenant(db, actor.tenantId, id);
    if (!row) throw appError(errorCatalogue.connectivity.webhookNotFound);
    return row;
  };

  /** What the audit log keeps of a webhook: its fields, the secret masked (a new one shows as a change). */
  const audited = (row: WebhookRow) => ({
    displayName: row.displayName,
    description: row.description,
    url: row.url,
    eventKeys: row.eventKeys,
    isActive: row.isActive,
    secret: row.secretSealed,
  });

  const audit = (actor: AdminActor, event: AuditEvent, description: string, json: Record<string, unknown>) =>
    recordAdminAudit(db, actor, event, { description: `${event.action}: ${description}`, json }, clock.now());

  const logView = (row: WebhookLogWithDelivery): WebhookLog => ({
    id: row.id,
    webhookId: row.webhookId ?? '',
    tenantId: row.tenantId,
    vendorId: config.clientId,
    eventKey: row.eventKey,
    url: row.url,
    body: row.requestBody,
    requestHeaders: row.requestHeaders,
    statusCode: row.statusCode === null ? '' : String(row.statusCode),
    responseBody: row.responseBody,
    error: row.error,
    durationMs: row.durationMs,
    isTest: row.isTest,
    deliveryStatus: row.deliveryStatus,
    attempts: row.attempts ?? 0,
    createdAt: row.createdAt.toISOString(),
  });

  return {
    async list(actor: AdminActor): Promise<Webhook[]> {
      const rows = await findWebhooksOfTenant(db, actor.tenantId);
      const last = await findLastDeliveries(
        db,
        actor.tenantId,
        rows.map((row) => row.id),
      );
      return rows.map((row) => view(row, last.get(row.id)));
    },

    async get(actor: AdminActor, id: string): Promise<Webhook> {
      return viewOne(actor, await own(actor, id));
    },

    async create(actor: AdminActor, input: WebhookInput): Promise<WebhookCreated> {
      const url = checkUrl(input.url);
      const eventKeys = checkEventKeys(input.eventKeys);
      const generatedSecret = input.secret ? undefined : randomBytes(32).toString('base64url');
      const secret = input.secret || (generatedSecret ?? '');
      const now = clock.now();
      const row = await db.transaction(async () => {
        const created = await insertWebhook(db, {
          tenantId: actor.tenantId,
          displayName: input.displayName,
          description: input.description ?? '',
          url,
          secretSealed: secrets.seal(secret),
          eventKeys,
          isActive: input.isActive,
          createdAt: now,
          updatedAt: now,
        });
        await audit(actor, auditEvents.webhookCreated, created.displayName, {
          webhookId: created.id,
          ...auditChange(null, audited(created)),
        });
        return created;
      });
      return { ...view(row, undefined), ...(generatedSecret && { generatedSecret }) };
    },

    async update(actor: AdminActor, id: string, input: Partial<WebhookInput>): Promise<Webhook> {
      const before = await own(actor, id);
      // The list's masked secret sent back unchanged is no new secret.
      const newSecret =
        input.secret && !input.secret.startsWith(WEBHOOK_SECRET_MASK) ? input.secret : undefined;
      const changes = {
        ...(input.displayName !== undefined && { displayName: input.displayName }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.url !== undefined && { url: checkUrl(input.url) }),
        ...(input.eventKeys !== undefined && { eventKeys: checkEventKeys(input.eventKeys) }),
        ...(input.isActive !== undefined && { isActive: input.isActive }),
        ...(newSecret && { secretSealed: secrets.seal(newSecret) }),
      };
      const now = clock.now();
      const after = await db.transaction(async () => {
        const updated = await updateWebhook(db, actor.tenantId, id, { ...changes, updatedAt: now });
        if (!updated) throw appError(errorCatalogue.connectivity.webhookNotFound);
        // Disabled: what was waiting is not sent later when it is enabled again.
        if (before.isActive && !updated.isActive)
          await cancelPendingDeliveries(db, id, { now, reason: 'The webhook was disabled' });
        await audit(actor, auditEvents.webhookUpdated, updated.displayName, {
          webhookId: id,
          ...auditChange(audited(before), audited(updated)),
        });
        return updated;
      });
      return viewOne(actor, after);
    },

    async remove(actor: AdminActor, id: string): Promise<void> {
      const row = await own(actor, id);
      await db.transaction(async () => {
        // Its deliveries and log go with it (ON DELETE CASCADE): nothing more is sent.
        await deleteWebhook(db, actor.tenantId, id);
        await audit(actor, auditEvents.webhookDeleted, row.displayName, {
          webhookId: id,
          ...auditChange(audited(row), null),
        });
      });
    },

    async logs(
      actor: AdminActor,
      webhookId: string,
      page: { offset: number; limit: number },
    ): Promise<WebhookLogs> {
      await own(actor, webhookId);
      const { count, rows } = await listWebhookLogs(db, actor.tenantId, webhookId, page);
      return { count, rows: rows.map(logView) };
    },

    /** Posts a signed event now and answers what the receiver said; 200 and 201 are a success. */
    async test(
      actor: AdminActor,
      input: {
        url: string;
        secret?: string | null | undefined;
        payload?: Record<string, unknown> | undefined;
        eventKey?: string | undefined;
        webhookId?: string | undefined;
      },
    ): Promise<WebhookTestResult> {
      const webhook = input.webhookId ? await own(actor, input.webhookId) : undefined;
      const url = checkUrl(input.url);
      const eventKey = input.eventKey ?? webhook?.eventKeys[0] ?? TEST_EVENT_KEY;
      const entry = catalogue.byKey(eventKey);
      if (!entry) throw appError(errorCatalogue.connectivity.eventNotFound, `Event not found: ${eventKey}`);
      const now = clock.now();
      const body = JSON.stringify(
        input.payload ?? {
          eventKey,
          eventId: randomUUID(),
          occurredAt: now.toISOString(),
          tenantId: actor.tenantId,
          vendorId: config.clientId,
          action: entry.displayName,
          description: 'A test event sent from the admin portal',
          severity: entry.severity,
          user: { id: actor.userId, email: actor.email },
          ip: actor.meta.ip,
          userAgent: actor.meta.userAgent,
          data: { test: true },
        },
      );
      const secret = input.secret || (webhook ? openSecret(webhook) : null);
      const headers = deliveryHeaders({
        deliveryId: randomUUID(),
        eventKey,
        timestamp: Math.floor(now.getTime() / 1000),
        body,
        secret,
      });
      const result = await postToReceiver(deps.outbound, {
        url,
        headers,
        body,
        timeoutMs: config.webhookTimeoutMs,
      });
      const succeeded = result.statusCode === 200 || result.statusCode === 201;
      const error = succeeded
        ? null
        : (result.error ?? `The receiver answered ${result.statusCode ?? 'nothing'}`);
      if (webhook) {
        await insertWebhookLog(db, {
          tenantId: actor.tenantId,
          webhookId: webhook.id,
          eventKey,
          url,
          requestHeaders: headers,
          requestBody: body,
          statusCode: result.statusCode,
          responseBody: result.responseBody,
          error,
          durationMs: result.durationMs,
          isTest: true,
          createdAt: clock.now(),
        });
      }
      return {
        statusCode: result.statusCode,
        status: succeeded ? 'success' : 'failed',
        responseBody: result.responseBody,
        error,
        durationMs: result.durationMs,
      };
    },

    /**
     * The log's delivery is due again now (a test log's body becomes a new delivery). A delivery that
     * had ended, delivered or failed, gets one more attempt; one still waiting keeps its count.
     */
    async retry(actor: AdminActor, logId: string): Promise<WebhookRetryResult> {
      const log = await findWebhookLogOfTenant(db, actor.tenantId, logId);
      if (!log) throw appError(errorCatalogue.connectivity.webhookLogNotFound);
      if (!log.webhookId) throw appError(errorCatalogue.connectivity.webhookNotFound);
      const webhook = await own(actor, log.webhookId);
      if (!webhook.isActive) throw appError(errorCatalogue.connectivity.webhookDisabled);
      const now = clock.now();
      const oneMoreAttempt = Math.max(0, config.webhookMaxAttempts - 1);
      const deliveryId = await db.transaction(async () => {
        const delivery = log.deliveryId
          ? await findDeliveryOfTenant(db, actor.tenantId, log.deliveryId)
          : undefined;
        const queued = delivery
          ? await requeueDelivery(db, actor.tenantId, delivery.id, {
              now,
              attempts: delivery.status === 'pending' ? delivery.attempts : oneMoreAttempt,
            })
          : await insertWebhookDelivery(db, {
              tenantId: actor.tenantId,
              webhookId: webhook.id,
              eventKey: log.eventKey,
              body: log.requestBody,
              attempts: oneMoreAttempt,
              nextAttemptAt: now,
              createdAt: now,
              updatedAt: now,
            });
        if (!queued) throw appError(errorCatalogue.connectivity.webhookLogNotFound);
        await audit(actor, auditEvents.webhookDeliveryRetried, webhook.displayName, {
          webhookId: webhook.id,
          logId,
          deliveryId: queued.id,
          eventKey: log.eventKey,
        });
        return queued.id;
      });
      return { status: 'queued', deliveryId };
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
