import { Readable } from 'node:stream';
import {
  AUDITS_TOTAL_CAP,
  auditColumns,
  isAuditColumnName,
  severeAuditSeverities,
  type AuditColumnName,
  type AuditRow,
  type AuditSeverity,
  type AuditSettings,
  type AuditsPage,
  type AuditsStats,
} from '@brizo/contract/entities/audits';
import {
  countTenantAuditLogs,
  countTenantAuditLogsSince,
  listTenantAuditActions,
  listTenantAuditLogs,
  type AuditLogCursor,
  type AuditLogFilters,
  type AuditLogListing,
  type AuditLogRow,
  type AuditLogSort,
} from '../../db/queries/audit-logs.js';
import {
  findTenantAuditSettings,
  upsertTenantAuditRetention,
} from '../../db/queries/tenant-audit-settings.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { AdminActor } from '../admin-access.js';
import { auditChange } from '../audit-changes.js';
import { auditEvents, recordAdminAudit } from '../audit.js';
import type { ServiceDeps } from '../operations-deps.js';
import { reusedTotals } from '../reused-totals.js';
import type { AuditBuffer } from './buffer.js';
import { csvFileName, csvRecord } from './csv.js';
import { auditRetentionJob } from './retention.js';

// The Audit logs section's server side (issue 14, SPEC sections 3 and 7): a tenant's events listed,
// filtered, searched, sorted and paged, their stats, their CSV export streamed in constant memory,
// and the tenant's retention. The writer is services/audit.ts; hot paths buffer (./buffer.ts).

/** Which events, in which order: the list's and the export's query. */
export interface AuditsQuery {
  filters: AuditLogFilters;
  sort: AuditLogSort;
}

/** One column of an export: its name and the header the file gives it. */
export interface ExportColumn {
  name: string;
  displayName?: string | undefined;
}

/** Rows per query of the export: one keyset batch is in memory at a time. */
export const EXPORT_BATCH = 1000;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Severities from the mildest to the gravest: the order of a sort by severity. */
const SEVERITY_ORDER: readonly AuditSeverity[] = ['Info', 'Medium', 'Error', 'High', 'Critical'];

/**
 * The reads that make up a query's order. A sort by severity is one read per severity, gravest (or
 * mildest) first, each newest (or oldest) first along its (tenant_id, severity, created_at) index:
 * sorting by a rank of the severity would sort every match of a large log for each page.
 */
function runsOf(query: AuditsQuery): AuditsQuery[] {
  if (query.sort.by !== 'severity') return [query];
  const { direction } = query.sort;
  const wanted = query.filters.severities;
  return (direction === 'desc' ? [...SEVERITY_ORDER].reverse() : SEVERITY_ORDER)
    .filter((severity) => !wanted?.length || wanted.includes(severity))
    .map((severity) => ({
      filters: { ...query.filters, severities: [severity] },
      sort: { by: 'createdAt', direction },
    }));
}

/** Midnight UTC of the day, and of the Monday starting the week (ISO weeks). */
function dayStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
function weekStart(now: Date): Date {
  const day = dayStart(now);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

export function createAuditsService(deps: ServiceDeps, buffer: AuditBuffer) {
  const { db, config, clock, jobs } = deps;
  buffer.register(jobs);
  jobs.register(auditRetentionJob({ db, clock, defaultDays: config.auditRetentionDays }));
  const totals = reusedTotals(() => clock.now().getTime());

  const rowOf = (row: AuditLogRow, tenantId: string): AuditRow => ({
    _id: row.id,
    action: row.action,
    description: row.description,
    severity: row.severity,
    ip: row.ip,
    email: row.email,
    user: row.userId,
    userAgent: row.userAgent,
    json: row.json,
    tenantId,
    vendorId: config.clientId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.createdAt.toISOString(),
  });

  const assertRange = ({ createdFrom, createdTo }: AuditLogFilters) => {
    if (createdFrom && createdTo && createdFrom > createdTo)
      throw appError(errorCatalogue.audits.invalidFilter, 'createdFrom must not be after createdTo');
  };

  /** The export's columns: those asked for, in their order, else every column the table shows. */
  const exportColumnsOf = (asked: readonly ExportColumn[]) => {
    const chosen = asked.length > 0 ? asked : auditColumns.filter((column) => column.showInTable);
    return chosen.map(({ name, displayName }) => {
      if (!isAuditColumnName(name))
        throw appError(errorCatalogue.audits.unknownColumn, `Unknown audit log column: ${name}`);
      const known = auditColumns.find((column) => column.name === name);
      return { name, header: displayName?.trim() || known?.displayName || name };
    });
  };

  const cellOf = (row: AuditRow, name: AuditColumnName): string => {
    const value = row[name];
    if (value === null) return '';
    return typeof value === 'string' ? value : JSON.stringify(value);
  };

  /** How many of the tenant's events match, up to the cap and one more; a large total is reused briefly. */
  const totalOf = (tenantId: string, filters: AuditLogFilters): Promise<number> =>
    totals.of(`${tenantId}|${JSON.stringify(filters)}`, () =>
      countTenantAuditLogs(db, tenantId, filters, AUDITS_TOTAL_CAP),
    );

  /** A page of the matches: the runs' rows in order, `offset` of them skipped (counted, not read). */
  async function pageOf(tenantId: string, query: AuditsQuery, offset: number, count: number) {
    const rows: AuditLogListing[] = [];
    let skip = offset;
    for (const run of runsOf(query)) {
      if (rows.length >= count) break;
      if (skip > 0) {
        // Counted up to skip + 1: enough to know whether the page starts in this run.
        const inRun = await countTenantAuditLogs(db, tenantId, run.filters, skip);
        if (inRun <= skip) {
          skip -= inRun;
          continue;
        }
      }
      rows.push(
        ...(await listTenantAuditLogs(db, tenantId, { ...run, limit: count - rows.length, offset: skip })),
      );
      skip = 0;
    }
    return rows;
  }

  /** The CSV text, a header line then one batch of records at a time, read as the client reads it. */
  async function* csvChunks(
    actor: AdminActor,
    query: AuditsQuery,
    columns: ReadonlyArray<{ name: AuditColumnName; header: string }>,
  ): AsyncGenerator<string> {
    yield csvRecord(columns.map((column) => column.header));
    for (const run of runsOf(query)) {
      let after: AuditLogCursor | undefined;
      for (;;) {
        const rows = await listTenantAuditLogs(db, actor.tenantId, { ...run, limit: EXPORT_BATCH, after });
        if (rows.length === 0) break;
        yield rows
          .map((row) => {
            const view = rowOf(row, actor.tenantId);
            return csvRecord(columns.map((column) => cellOf(view, column.name)));
          })
          .join('');
        if (rows.length < EXPORT_BATCH) break;
        after = rows[rows.length - 1]?.cursor;
      }
    }
  }

  return {
    /** A page of the tenant's events, with how many match (up to AUDITS_TOTAL_CAP; large totals reused briefly). */
    async list(
      actor: AdminActor,
      query: AuditsQuery & { offset: number; count: number },
    ): Promise<AuditsPage> {
      assertRange(query.filters);
      const rows = await pageOf(actor.tenantId, query, query.offset, query.count);
      // A first page shorter than asked for is every match: no count needed.
      const matched =
        query.offset === 0 && rows.length < query.count
          ? rows.length
          : await totalOf(actor.tenantId, query.filters);
      return {
        data: rows.map((row) => rowOf(row, actor.tenantId)),
        total: Math.min(matched, AUDITS_TOTAL_CAP),
        totalIsCapped: matched > AUDITS_TOTAL_CAP,
      };
    },

    /** Events since midnight UTC; High and Critical events since Monday midnight UTC. */
    async stats(actor: AdminActor): Promise<AuditsStats> {
      const now = clock.now();
      return {
        totalToday: await countTenantAuditLogsSince(db, actor.tenantId, dayStart(now)),
        severeThisWeek: await countTenantAuditLogsSince(
          db,
          actor.tenantId,
          weekStart(now),
          severeAuditSeverities,
        ),
      };
    },

    /** The actions the tenant's log holds, for the action filter. */
    async actions(actor: AdminActor): Promise<{ actions: string[] }> {
      return { actions: await listTenantAuditActions(db, actor.tenantId) };
    },

    /**
     * The matching events as CSV, streamed: the columns are checked before the first byte, then each
     * batch is read when the client has taken the previous one (a slow or gone client stops the reads).
     */
    exportCsv(
      actor: AdminActor,
      query: AuditsQuery,
      options: { columns: readonly ExportColumn[]; outputFileName?: string | undefined },
    ): { fileName: string; stream: Readable } {
      assertRange(query.filters);
      const columns = exportColumnsOf(options.columns);
      return {
        fileName: csvFileName(options.outputFileName),
        stream: Readable.from(csvChunks(actor, query, columns), { objectMode: false }),
      };
    },

    async settings(actor: AdminActor): Promise<AuditSettings> {
      const row = await findTenantAuditSettings(db, actor.tenantId);
      return { retentionDays: row?.retentionDays ?? null, defaultRetentionDays: config.auditRetentionDays };
    },

    /** Sets how long the tenant's events are kept (null: the server's default), audited. */
    async updateSettings(actor: AdminActor, retentionDays: number | null): Promise<AuditSettings> {
      const now = clock.now();
      await db.transaction(async () => {
        const before = (await findTenantAuditSettings(db, actor.tenantId))?.retentionDays ?? null;
        await upsertTenantAuditRetention(db, actor.tenantId, retentionDays, now);
        await recordAdminAudit(
          db,
          actor,
          auditEvents.auditRetentionUpdated,
          {
            description:
              retentionDays === null
                ? `Audit events are kept for the default ${config.auditRetentionDays} days`
                : `Audit events are kept for ${retentionDays} days`,
            json: auditChange({ retentionDays: before }, { retentionDays }),
          },
          now,
        );
      });
      return { retentionDays, defaultRetentionDays: config.auditRetentionDays };
    },

    /** Writes the buffered events now (shutdown). */
    flushBuffered: () => buffer.flush(),
  };
}
export type AuditsService = ReturnType<typeof createAuditsService>;
