import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Db } from '../client.js';
import { containing } from '../like.js';
import { column, executeRows } from '../rows.js';
import { auditLogs, type AuditSeverity } from '../schema/index.js';

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

// Issue 14: the Audit logs section's read side (list, stats, CSV export, action filter) and the
// buffered and retention writes. Every read is of one tenant and follows one of the indexes on
// (tenant_id, column, created_at) where its filter or sort allows.

/**
 * Many audit rows in one statement, each with its tenant's domain event, as insertAuditLog writes one:
 * the buffered events of hot paths (services/audits/buffer.ts) cost one round trip per batch.
 */
export async function insertAuditLogs(db: Db, entries: readonly NewAuditLog[]): Promise<void> {
  if (entries.length === 0) return;
  const values = entries.map(
    (entry) => sql`(${entry.tenantId ?? null}::uuid, ${entry.userId ?? null}::uuid, ${entry.email ?? null},
      ${entry.action}, ${entry.description ?? ''}, ${entry.severity}, ${entry.ip ?? null}, ${entry.userAgent ?? null},
      ${JSON.stringify(entry.json ?? {})}::jsonb, ${(entry.createdAt ?? new Date()).toISOString()}::timestamptz)`,
  );
  await db.execute(sql`
    WITH written AS (
      INSERT INTO audit_logs (tenant_id, user_id, email, action, description, severity, ip, user_agent, json, created_at)
      VALUES ${sql.join(values, sql`, `)}
      RETURNING id, tenant_id, created_at
    )
    INSERT INTO event_outbox (audit_id, tenant_id, created_at)
    SELECT id, tenant_id, created_at FROM written WHERE tenant_id IS NOT NULL`);
}

export type AuditSortColumn = 'createdAt' | 'action' | 'severity' | 'email' | 'ip' | 'userAgent';

/** Which of a tenant's events: each field narrows, all together. */
export interface AuditLogFilters {
  /** A case-insensitive part of the action, description, email or IP address. */
  search?: string | undefined;
  /** Exactly this action (the action index). */
  action?: string | undefined;
  /** Any of these severities (the severity index). */
  severities?: readonly AuditSeverity[] | undefined;
  /** Exactly this email, as written or in lower case (the email index). */
  email?: string | undefined;
  /** Case-insensitive parts of these columns. */
  ip?: string | undefined;
  userAgent?: string | undefined;
  description?: string | undefined;
  /** Created at or after, at or before. */
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
}

export interface AuditLogSort {
  by: AuditSortColumn;
  direction: 'asc' | 'desc';
}

/** Where the previous batch of a keyset read stopped: its last row's sort key, time and id. */
export interface AuditLogCursor {
  key: string;
  at: string;
  id: string;
}

export type AuditLogListing = AuditLogRow & { cursor: AuditLogCursor };

function filterConditions(tenantId: string, filters: AuditLogFilters): SQL[] {
  const conditions: SQL[] = [eq(auditLogs.tenantId, tenantId)];
  const { search, action, severities, email, ip, userAgent, description, createdFrom, createdTo } = filters;
  if (action !== undefined) conditions.push(eq(auditLogs.action, action));
  if (severities?.length) conditions.push(inArray(auditLogs.severity, [...severities]));
  if (email !== undefined)
    conditions.push(inArray(auditLogs.email, [...new Set([email, email.toLowerCase()])]));
  if (ip !== undefined) conditions.push(ilike(auditLogs.ip, containing(ip)));
  if (userAgent !== undefined) conditions.push(ilike(auditLogs.userAgent, containing(userAgent)));
  if (description !== undefined) conditions.push(ilike(auditLogs.description, containing(description)));
  if (createdFrom) conditions.push(gte(auditLogs.createdAt, createdFrom));
  if (createdTo) conditions.push(lte(auditLogs.createdAt, createdTo));
  if (search !== undefined) {
    const pattern = containing(search);
    const anyColumn = or(
      ilike(auditLogs.action, pattern),
      ilike(auditLogs.description, pattern),
      ilike(auditLogs.email, pattern),
      ilike(auditLogs.ip, pattern),
    );
    if (anyColumn) conditions.push(anyColumn);
  }
  return conditions;
}

/**
 * The sort column as text (null columns sort as empty text, so a keyset can compare them); severity
 * sorts by how grave it is, not alphabetically. createdAt has none: the time is every sort's tie-break.
 */
function sortKey(by: AuditSortColumn): SQL | undefined {
  switch (by) {
    case 'createdAt':
      return undefined;
    case 'action':
      return sql`${auditLogs.action}`;
    case 'severity':
      return sql`(CASE ${auditLogs.severity} WHEN 'Info' THEN '0' WHEN 'Medium' THEN '1' WHEN 'Error' THEN '2'
        WHEN 'High' THEN '3' WHEN 'Critical' THEN '4' ELSE '5' END)`;
    case 'email':
      return sql`coalesce(${auditLogs.email}, '')`;
    case 'ip':
      return sql`coalesce(${auditLogs.ip}, '')`;
    case 'userAgent':
      return sql`coalesce(${auditLogs.userAgent}, '')`;
  }
}

function orderOf(sort: AuditLogSort): SQL[] {
  const direction = sort.direction === 'asc' ? asc : desc;
  const key = sortKey(sort.by);
  return [...(key ? [direction(key)] : []), direction(auditLogs.createdAt), direction(auditLogs.id)];
}

/** Rows after the cursor in the sort's order; the time comes first so the index bounds the scan. */
function afterCursor(sort: AuditLogSort, cursor: AuditLogCursor): SQL {
  const key = sortKey(sort.by);
  const at = sql`${cursor.at}::timestamptz`;
  const id = sql`${cursor.id}::uuid`;
  const compare = sort.direction === 'asc' ? sql`>` : sql`<`;
  if (!key) {
    const bound = sort.direction === 'asc' ? gte(auditLogs.createdAt, at) : lte(auditLogs.createdAt, at);
    return sql`${bound} AND (${auditLogs.createdAt}, ${auditLogs.id}) ${compare} (${at}, ${id})`;
  }
  return sql`(${key}, ${auditLogs.createdAt}, ${auditLogs.id}) ${compare} (${cursor.key}, ${at}, ${id})`;
}

const listingColumns = (sort: AuditLogSort) => ({
  ...getTableColumns(auditLogs),
  // Microseconds, whatever wrote the row: a cursor in milliseconds could skip or repeat rows.
  cursorAt: sql<string>`to_char(${auditLogs.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  cursorKey: sortKey(sort.by)?.mapWith(String) ?? sql<string>`''`,
});

const listingOf = ({
  cursorAt,
  cursorKey,
  ...row
}: AuditLogRow & { cursorAt: string; cursorKey: string }): AuditLogListing => ({
  ...row,
  cursor: { key: cursorKey, at: cursorAt, id: row.id },
});

/** One page of a tenant's events by offset (the list), or after a cursor (the export's batches). */
export async function listTenantAuditLogs(
  db: Db,
  tenantId: string,
  query: {
    filters: AuditLogFilters;
    sort: AuditLogSort;
    limit: number;
    offset?: number;
    after?: AuditLogCursor | undefined;
  },
): Promise<AuditLogListing[]> {
  const conditions = filterConditions(tenantId, query.filters);
  if (query.after) conditions.push(afterCursor(query.sort, query.after));
  const rows = await db
    .select(listingColumns(query.sort))
    .from(auditLogs)
    .where(and(...conditions))
    .orderBy(...orderOf(query.sort))
    .limit(query.limit)
    .offset(query.offset ?? 0);
  return rows.map(listingOf);
}

/** How many events match, counting no further than `cap` + 1 (so a large log is not read whole). */
export async function countTenantAuditLogs(
  db: Db,
  tenantId: string,
  filters: AuditLogFilters,
  cap: number,
): Promise<number> {
  const matches = db
    .select({ one: sql<number>`1`.as('one') })
    .from(auditLogs)
    .where(and(...filterConditions(tenantId, filters)))
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(matches);
  return row?.count ?? 0;
}

/** Events of the tenant since a time, of the given severities if any (the stats). */
export async function countTenantAuditLogsSince(
  db: Db,
  tenantId: string,
  since: Date,
  severities?: readonly AuditSeverity[],
): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.tenantId, tenantId),
        gte(auditLogs.createdAt, since),
        severities ? inArray(auditLogs.severity, [...severities]) : undefined,
      ),
    );
  return row?.count ?? 0;
}

/**
 * The distinct actions of the tenant's log, read by skipping through the action index one action at a
 * time (a plain DISTINCT would read every row).
 */
export async function listTenantAuditActions(db: Db, tenantId: string): Promise<string[]> {
  const rows = await executeRows(
    db,
    sql`
      WITH RECURSIVE found(action) AS (
        (SELECT action FROM audit_logs WHERE tenant_id = ${tenantId} ORDER BY action LIMIT 1)
        UNION ALL
        SELECT (SELECT a.action FROM audit_logs a
                WHERE a.tenant_id = ${tenantId} AND a.action > found.action ORDER BY a.action LIMIT 1)
        FROM found WHERE found.action IS NOT NULL
      )
      SELECT action FROM found WHERE action IS NOT NULL`,
  );
  return rows.map((row) => column.text(column.row(row), 'action'));
}

/** Deletes at most `limit` events matching `condition` (on the alias `a`); answers how many. */
async function deleteAuditLogBatch(db: Db, condition: SQL, limit: number): Promise<number> {
  const rows = await executeRows(
    db,
    sql`DELETE FROM audit_logs WHERE id IN (SELECT a.id FROM audit_logs a WHERE ${condition} LIMIT ${limit}) RETURNING 1`,
  );
  return rows.length;
}

/** Deletes at most `limit` of a tenant's events older than `before`; answers how many. */
export function deleteTenantAuditLogsBefore(
  db: Db,
  tenantId: string,
  before: Date,
  limit: number,
): Promise<number> {
  return deleteAuditLogBatch(
    db,
    sql`a.tenant_id = ${tenantId} AND a.created_at < ${before.toISOString()}::timestamptz`,
    limit,
  );
}

/**
 * Deletes at most `limit` events older than `before` of the tenants that keep the default retention
 * (no days of their own in tenant_audit_settings), and of no tenant; answers how many.
 */
export function deleteDefaultRetentionAuditLogsBefore(db: Db, before: Date, limit: number): Promise<number> {
  return deleteAuditLogBatch(
    db,
    sql`a.created_at < ${before.toISOString()}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM tenant_audit_settings s WHERE s.tenant_id = a.tenant_id AND s.retention_days IS NOT NULL)`,
    limit,
  );
}
