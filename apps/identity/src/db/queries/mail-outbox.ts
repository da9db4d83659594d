import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { mailOutbox } from '../schema/index.js';

export type OutboxMessage = typeof mailOutbox.$inferSelect;

export async function insertOutboxMessage(db: Db, message: typeof mailOutbox.$inferInsert): Promise<void> {
  await db.insert(mailOutbox).values(message);
}

/** Newest first; `to` filters on the recipient (case-insensitive). */
export async function listOutboxMessages(
  db: Db,
  options: { to?: string; limit: number },
): Promise<OutboxMessage[]> {
  const query = db.select().from(mailOutbox);
  const filtered = options.to ? query.where(eq(mailOutbox.to, options.to.trim().toLowerCase())) : query;
  return filtered.orderBy(desc(mailOutbox.seq)).limit(options.limit);
}

export async function findOutboxMessage(db: Db, id: string): Promise<OutboxMessage | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  return row;
}
