import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { auditLogs } from '../schema/index.js';

export type AuditLogRow = typeof auditLogs.$inferSelect;
export type NewAuditLog = typeof auditLogs.$inferInsert;

/**
 * Writes an audit row and, for a tenant's row, its domain event in the outbox (issue 14), in one
 * statement: the event cannot exist without its row, nor a tenant's row without its event, even when the
 * caller is not in a transaction.
 */
export async function insertAuditLog(db: Db, entry: NewAuditLog): Promise<void> {
  const createdAt = entry.createdAt ?? new Date();
  await db.execute(sql`
    WITH written AS (
      INSERT INTO audit_logs (tenant_id, user_id, email, action, description, severity, ip, user_agent, json, created_at)
      VALUES (${entry.tenantId ?? null}, ${entry.userId ?? null}, ${entry.email ?? null}, ${entry.action},
        ${entry.description ?? ''}, ${entry.severity}, ${entry.ip ?? null}, ${entry.userAgent ?? null},
        ${JSON.stringify(entry.json ?? {})}::jsonb, ${createdAt.toISOString()}::timestamptz)
      RETURNING id, tenant_id, created_at
    )
    INSERT INTO event_outbox (audit_id, tenant_id, created_at)
    SELECT id, tenant_id, created_at FROM written WHERE tenant_id IS NOT NULL`);
}

export async function listAuditLogsByEmail(db: Db, email: string): Promise<AuditLogRow[]> {
  return db.select().from(auditLogs).where(eq(auditLogs.email, email)).orderBy(desc(auditLogs.createdAt));
}
