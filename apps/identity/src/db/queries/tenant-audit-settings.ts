import { eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../client.js';
import { tenantAuditSettings } from '../schema/index.js';

// Issue 14: each tenant's audit retention (null or no row: the server's AUDIT_RETENTION_DAYS).

export type TenantAuditSettingsRow = typeof tenantAuditSettings.$inferSelect;

export async function findTenantAuditSettings(
  db: Db,
  tenantId: string,
): Promise<TenantAuditSettingsRow | undefined> {
  const [row] = await db.select().from(tenantAuditSettings).where(eq(tenantAuditSettings.tenantId, tenantId));
  return row;
}

export async function upsertTenantAuditRetention(
  db: Db,
  tenantId: string,
  retentionDays: number | null,
  now: Date,
): Promise<TenantAuditSettingsRow> {
  const [row] = await db
    .insert(tenantAuditSettings)
    .values({ tenantId, retentionDays, updatedAt: now })
    .onConflictDoUpdate({ target: tenantAuditSettings.tenantId, set: { retentionDays, updatedAt: now } })
    .returning();
  if (!row) throw new Error('tenant_audit_settings upsert returned no row');
  return row;
}

/** The tenants that keep their events for a number of days of their own. */
export async function listCustomAuditRetentions(
  db: Db,
): Promise<Array<{ tenantId: string; retentionDays: number }>> {
  const rows = await db
    .select({ tenantId: tenantAuditSettings.tenantId, retentionDays: tenantAuditSettings.retentionDays })
    .from(tenantAuditSettings)
    .where(isNotNull(tenantAuditSettings.retentionDays));
  return rows.flatMap((row) =>
    row.retentionDays === null ? [] : [{ tenantId: row.tenantId, retentionDays: row.retentionDays }],
  );
}
