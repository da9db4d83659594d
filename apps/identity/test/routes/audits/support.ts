import { sql } from 'drizzle-orm';
import type { Db } from '../../../src/db/client.js';
import { insertAuditLogs, type NewAuditLog } from '../../../src/db/queries/audit-logs.js';

export const AUDITS = '/frontegg/audits';

/** The list's row, as the contract says. */
export interface ListedRow {
  _id: string;
  action: string;
  description: string;
  severity: string;
  ip: string | null;
  email: string | null;
  user: string | null;
  userAgent: string | null;
  json: Record<string, unknown>;
  tenantId: string;
  vendorId: string;
  createdAt: string;
  updatedAt: string;
}
export interface ListAnswer {
  data: ListedRow[];
  total: number;
  totalIsCapped: boolean;
}

/** Audit rows of one tenant, written as the server writes them (each with its domain event). */
export async function seedAudits(db: Db, tenantId: string, rows: Array<Partial<NewAuditLog>>): Promise<void> {
  await insertAuditLogs(
    db,
    rows.map((row) => ({ action: 'Seeded event', severity: 'Info', ...row, tenantId })),
  );
}

/**
 * `count` rows of one tenant in one statement, a second apart going back from `newest`, their
 * severity cycling through Info, Medium, High, Critical and their action through four names.
 */
export async function seedManyAudits(
  db: Db,
  tenantId: string,
  count: number,
  newest: Date,
  prefix = 'Bulk',
): Promise<void> {
  await db.execute(sql`
    INSERT INTO audit_logs (tenant_id, email, action, description, severity, ip, user_agent, json, created_at)
    SELECT ${tenantId}::uuid, 'bulk-' || (n % 7) || '@bulk.test', ${prefix} || ' action ' || (n % 4),
      'Row ' || n, (ARRAY['Info','Medium','High','Critical'])[1 + n % 4], '198.51.100.' || (n % 250),
      'Agent/' || (n % 3), jsonb_build_object('n', n), ${newest.toISOString()}::timestamptz - make_interval(secs => n)
    FROM generate_series(0, ${count - 1}) AS n`);
}
