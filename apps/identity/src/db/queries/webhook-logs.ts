import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { webhookDeliveries, webhookLogs } from '../schema/index.js';
import type { WebhookDeliveryStatus } from '../schema/index.js';

export type WebhookLogRow = typeof webhookLogs.$inferSelect;
export type NewWebhookLog = typeof webhookLogs.$inferInsert;

/** A log row with its delivery's state (null for a test, or once the delivery is gone). */
export interface WebhookLogWithDelivery extends WebhookLogRow {
  deliveryStatus: WebhookDeliveryStatus | null;
  attempts: number | null;
}

export async function insertWebhookLog(db: Db, log: NewWebhookLog): Promise<void> {
  await db.insert(webhookLogs).values(log);
}

/** One webhook's attempts, newest first, a page at a time, and how many there are. */
export async function listWebhookLogs(
  db: Db,
  tenantId: string,
  webhookId: string,
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: WebhookLogWithDelivery[] }> {
  const where = and(eq(webhookLogs.tenantId, tenantId), eq(webhookLogs.webhookId, webhookId));
  const [rows, count] = await Promise.all([
    db
      .select({ log: webhookLogs, status: webhookDeliveries.status, attempts: webhookDeliveries.attempts })
      .from(webhookLogs)
      .leftJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookLogs.deliveryId))
      .where(where)
      .orderBy(desc(webhookLogs.createdAt), desc(webhookLogs.id))
      .offset(page.offset)
      .limit(page.limit),
    db.$count(webhookLogs, where),
  ]);
  return {
    count,
    rows: rows.map((row) => ({ ...row.log, deliveryStatus: row.status, attempts: row.attempts })),
  };
}

export async function findWebhookLogOfTenant(
  db: Db,
  tenantId: string,
  id: string,
): Promise<WebhookLogRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookLogs)
    .where(and(eq(webhookLogs.tenantId, tenantId), eq(webhookLogs.id, id)))
    .limit(1);
  return row;
}
