import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { webhooks } from '../schema/index.js';

export type WebhookRow = typeof webhooks.$inferSelect;
export type NewWebhook = typeof webhooks.$inferInsert;

// Every administrator's query names the tenant: another tenant's webhook id finds nothing.

export async function insertWebhook(db: Db, webhook: NewWebhook): Promise<WebhookRow> {
  const [row] = await db.insert(webhooks).values(webhook).returning();
  if (!row) throw new Error('insertWebhook returned no row');
  return row;
}

export async function findWebhooksOfTenant(db: Db, tenantId: string): Promise<WebhookRow[]> {
  return db.select().from(webhooks).where(eq(webhooks.tenantId, tenantId)).orderBy(asc(webhooks.createdAt));
}

export async function findWebhookOfTenant(
  db: Db,
  tenantId: string,
  id: string,
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .select()
    .from(webhooks)
    .where(and(eq(webhooks.tenantId, tenantId), eq(webhooks.id, id)))
    .limit(1);
  return row;
}

/** The webhook a delivery goes to, read at each attempt (its URL or secret may have changed). */
export async function findWebhookById(db: Db, id: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id)).limit(1);
  return row;
}

export async function updateWebhook(
  db: Db,
  tenantId: string,
  id: string,
  changes: Partial<
    Pick<NewWebhook, 'displayName' | 'description' | 'url' | 'secretSealed' | 'eventKeys' | 'isActive'>
  > & { updatedAt: Date },
): Promise<WebhookRow | undefined> {
  const [row] = await db
    .update(webhooks)
    .set(changes)
    .where(and(eq(webhooks.tenantId, tenantId), eq(webhooks.id, id)))
    .returning();
  return row;
}

export async function deleteWebhook(db: Db, tenantId: string, id: string): Promise<void> {
  await db.delete(webhooks).where(and(eq(webhooks.tenantId, tenantId), eq(webhooks.id, id)));
}

/** A delivery arrived: the list's invocation count. */
export async function incrementWebhookInvocations(db: Db, id: string): Promise<void> {
  await db
    .update(webhooks)
    .set({ invocations: sql`${webhooks.invocations} + 1` })
    .where(eq(webhooks.id, id));
}

/** For the channels overview: the tenant's webhooks, and the distinct event keys the active ones carry. */
export async function summarizeWebhooksOfTenant(
  db: Db,
  tenantId: string,
): Promise<{ webhooks: number; activeEventKeys: number }> {
  const rows = await db
    .select({ eventKeys: webhooks.eventKeys, isActive: webhooks.isActive })
    .from(webhooks)
    .where(eq(webhooks.tenantId, tenantId));
  const keys = new Set(rows.filter((row) => row.isActive).flatMap((row) => row.eventKeys));
  return { webhooks: rows.length, activeEventKeys: keys.size };
}
