import type { Db } from '../../db/client.js';
import {
  deleteDefaultRetentionAuditLogsBefore,
  deleteTenantAuditLogsBefore,
} from '../../db/queries/audit-logs.js';
import { listCustomAuditRetentions } from '../../db/queries/tenant-audit-settings.js';
import type { Clock } from '../../lib/time.js';
import type { Job } from '../jobs.js';

// Issue 14: audit events older than their tenant's retention (tenant_audit_settings, else
// AUDIT_RETENTION_DAYS) are deleted by an hourly job, at most DELETE_BATCH rows per statement: each
// statement is short, so the deletion of a large backlog never holds its locks for long, and a pass
// that deleted a full batch runs again at once (services/jobs.ts) until the backlog is gone.

export const AUDIT_RETENTION_JOB = 'audit-retention';
export const DELETE_BATCH = 5_000;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/**
 * One pass: a batch of each tenant with its own retention, then a batch of everyone else's. Answers
 * how many rows it deleted.
 */
export async function deleteExpiredAuditLogs(deps: {
  db: Db;
  clock: Clock;
  defaultDays: number;
  batch?: number;
}): Promise<number> {
  const { db, clock, defaultDays, batch = DELETE_BATCH } = deps;
  const now = clock.now();
  let deleted = 0;
  for (const { tenantId, retentionDays } of await listCustomAuditRetentions(db)) {
    deleted += await deleteTenantAuditLogsBefore(db, tenantId, daysBefore(now, retentionDays), batch);
  }
  deleted += await deleteDefaultRetentionAuditLogsBefore(db, daysBefore(now, defaultDays), batch);
  return deleted;
}

export function auditRetentionJob(deps: { db: Db; clock: Clock; defaultDays: number }): Job {
  return {
    name: AUDIT_RETENTION_JOB,
    intervalMs: HOUR_MS,
    batchSize: DELETE_BATCH,
    run: () => deleteExpiredAuditLogs(deps),
  };
}
