import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { smsOutbox } from '../schema/index.js';

export type OutboxSms = typeof smsOutbox.$inferSelect;

export async function insertOutboxSms(db: Db, sms: typeof smsOutbox.$inferInsert): Promise<void> {
  await db.insert(smsOutbox).values(sms);
}

/** Newest first; `to` (already normalised) filters on the recipient. */
export async function listOutboxSms(db: Db, options: { to?: string; limit: number }): Promise<OutboxSms[]> {
  const query = db.select().from(smsOutbox);
  const filtered = options.to ? query.where(eq(smsOutbox.to, options.to)) : query;
  return filtered.orderBy(desc(smsOutbox.seq)).limit(options.limit);
}
