import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { auditLogs, eventOutbox } from '../schema/index.js';

export type AuditLogOfEvent = typeof auditLogs.$inferSelect;

/** One claimed outbox row with its audit row (null when retention removed the row first). */
export interface ClaimedOutboxEvent {
  seq: number;
  audit: AuditLogOfEvent | null;
}

/**
 * The oldest outbox rows no other dispatcher holds, locked until the caller's transaction ends (call it
 * inside one): dispatchers on several servers share the queue without taking a row twice.
 */
export async function claimOutboxEvents(db: Db, limit: number): Promise<ClaimedOutboxEvent[]> {
  return db
    .select({ seq: eventOutbox.seq, audit: auditLogs })
    .from(eventOutbox)
    .leftJoin(auditLogs, eq(auditLogs.id, eventOutbox.auditId))
    .orderBy(asc(eventOutbox.seq))
    .limit(limit)
    .for('update', { of: eventOutbox, skipLocked: true });
}

export async function deleteOutboxEvents(db: Db, seqs: readonly number[]): Promise<void> {
  if (seqs.length === 0) return;
  await db.delete(eventOutbox).where(inArray(eventOutbox.seq, [...seqs]));
}

/** How many events wait for the dispatcher (tests, and the dispatcher's backlog in logs). */
export async function countOutboxEvents(db: Db, tenantId?: string): Promise<number> {
  return db.$count(eventOutbox, tenantId === undefined ? undefined : eq(eventOutbox.tenantId, tenantId));
}
