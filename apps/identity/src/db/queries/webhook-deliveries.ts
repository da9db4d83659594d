import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { webhookDeliveries, webhooks } from '../schema/index.js';

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type NewWebhookDelivery = typeof webhookDeliveries.$inferInsert;

/**
 * One event's deliveries, in one statement: a row for each active webhook of the tenant subscribed to
 * the key, all with the same body. `skipWebhookId`: a webhook's own failure is not posted to it.
 */
/** Of these tenants, those with at least one active webhook. */
export async function findTenantsWithActiveWebhooks(
  db: Db,
  tenantIds: readonly string[],
): Promise<Set<string>> {
  if (tenantIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ tenantId: webhooks.tenantId })
    .from(webhooks)
    .where(and(inArray(webhooks.tenantId, [...tenantIds]), eq(webhooks.isActive, true)));
  return new Set(rows.map((row) => row.tenantId));
}

export async function enqueueDeliveriesForEvent(
  db: Db,
  event: { tenantId: string; eventKey: string; body: string; now: Date; skipWebhookId?: string | undefined },
): Promise<void> {
  const now = event.now.toISOString();
  await db.execute(sql`
    INSERT INTO webhook_deliveries (tenant_id, webhook_id, event_key, body, next_attempt_at, created_at, updated_at)
    SELECT tenant_id, id, ${event.eventKey}, ${event.body}, ${now}::timestamptz, ${now}::timestamptz, ${now}::timestamptz
    FROM webhooks
    WHERE tenant_id = ${event.tenantId} AND is_active
      AND event_keys @> ${JSON.stringify([event.eventKey])}::jsonb
      ${event.skipWebhookId ? sql`AND id <> ${event.skipWebhookId}` : sql``}`);
}

export async function insertWebhookDelivery(
  db: Db,
  delivery: NewWebhookDelivery,
): Promise<WebhookDeliveryRow> {
  const [row] = await db.insert(webhookDeliveries).values(delivery).returning();
  if (!row) throw new Error('insertWebhookDelivery returned no row');
  return row;
}

/**
 * Takes up to `limit` due deliveries of active webhooks for this worker until `leaseUntil`: pending,
 * due, and not leased by a live worker. A worker killed mid-delivery leaves its lease to expire, and
 * the row is claimed again (at least once). Locked rows are skipped, so workers never take one row twice.
 */
export async function claimDueDeliveries(
  db: Db,
  claim: { now: Date; leaseUntil: Date; limit: number },
): Promise<WebhookDeliveryRow[]> {
  const due = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhookId))
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, claim.now),
        or(isNull(webhookDeliveries.leaseUntil), lt(webhookDeliveries.leaseUntil, claim.now)),
        eq(webhooks.isActive, true),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(claim.limit)
    .for('update', { of: webhookDeliveries, skipLocked: true });
  return db
    .update(webhookDeliveries)
    .set({ leaseUntil: claim.leaseUntil, updatedAt: claim.now })
    .where(inArray(webhookDeliveries.id, due))
    .returning();
}

/** An attempt's outcome: delivered, scheduled again, or given up. The lease ends either way. */
export async function settleDelivery(
  db: Db,
  id: string,
  outcome: {
    status: 'pending' | 'succeeded' | 'failed';
    attempts: number;
    nextAttemptAt?: Date;
    statusCode: number | null;
    error: string | null;
    deliveredAt?: Date;
    now: Date;
  },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({
      status: outcome.status,
      attempts: outcome.attempts,
      ...(outcome.nextAttemptAt && { nextAttemptAt: outcome.nextAttemptAt }),
      leaseUntil: null,
      lastStatusCode: outcome.statusCode,
      lastError: outcome.error,
      ...(outcome.deliveredAt && { deliveredAt: outcome.deliveredAt }),
      updatedAt: outcome.now,
    })
    .where(eq(webhookDeliveries.id, id));
}

/** A retry asked for by an administrator: due now, with `attempts` left as given. */
export async function requeueDelivery(
  db: Db,
  tenantId: string,
  id: string,
  requeue: { now: Date; attempts: number },
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      attempts: requeue.attempts,
      nextAttemptAt: requeue.now,
      leaseUntil: null,
      updatedAt: requeue.now,
    })
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, id)))
    .returning();
  return row;
}

export async function findDeliveryOfTenant(
  db: Db,
  tenantId: string,
  id: string,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, id)))
    .limit(1);
  return row;
}

/** A disabled webhook's queue stops: what was still pending is recorded as failed with `reason`. */
export async function cancelPendingDeliveries(
  db: Db,
  webhookId: string,
  cancel: { now: Date; reason: string },
): Promise<void> {
  await db
    .update(webhookDeliveries)
    .set({ status: 'failed', leaseUntil: null, lastError: cancel.reason, updatedAt: cancel.now })
    .where(and(eq(webhookDeliveries.webhookId, webhookId), eq(webhookDeliveries.status, 'pending')));
}

/** The newest delivery of each webhook, for the list's status column. */
export async function findLastDeliveries(
  db: Db,
  tenantId: string,
  webhookIds: readonly string[],
): Promise<Map<string, WebhookDeliveryRow>> {
  if (webhookIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([webhookDeliveries.webhookId])
    .from(webhookDeliveries)
    .where(
      and(eq(webhookDeliveries.tenantId, tenantId), inArray(webhookDeliveries.webhookId, [...webhookIds])),
    )
    .orderBy(
      webhookDeliveries.webhookId,
      desc(webhookDeliveries.createdAt),
      desc(webhookDeliveries.updatedAt),
    );
  return new Map(rows.map((row) => [row.webhookId, row]));
}

/** One webhook's deliveries, newest first (tests and support). */
export async function listDeliveriesOfWebhook(db: Db, webhookId: string): Promise<WebhookDeliveryRow[]> {
  return db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt));
}
