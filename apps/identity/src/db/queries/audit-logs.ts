import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { auditLogs } from '../schema/index.js';

export type AuditLogRow = typeof auditLogs.$inferSelect;
export type NewAuditLog = typeof auditLogs.$inferInsert;

export async function insertAuditLog(db: Db, entry: NewAuditLog): Promise<void> {
  await db.insert(auditLogs).values(entry);
}

export async function listAuditLogsByEmail(db: Db, email: string): Promise<AuditLogRow[]> {
  return db.select().from(auditLogs).where(eq(auditLogs.email, email)).orderBy(desc(auditLogs.createdAt));
}
