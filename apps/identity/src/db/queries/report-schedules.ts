import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { reportSchedules } from '../schema/index.js';

export type ReportScheduleRow = typeof reportSchedules.$inferSelect;

export async function listReportSchedules(db: Db, tenantId: string): Promise<ReportScheduleRow[]> {
  return db.select().from(reportSchedules).where(eq(reportSchedules.tenantId, tenantId));
}

export async function findReportSchedule(
  db: Db,
  tenantId: string,
  templateId: string,
): Promise<ReportScheduleRow | undefined> {
  const [row] = await db
    .select()
    .from(reportSchedules)
    .where(and(eq(reportSchedules.tenantId, tenantId), eq(reportSchedules.templateId, templateId)));
  return row;
}

export interface ReportScheduleInput {
  tenantId: string;
  templateId: string;
  schedule: Record<string, unknown>;
  status: string;
  dataFilters: Record<string, unknown>;
  type: string;
  recipients: string[];
  nextRunAt: Date | null;
  createdBy: string | null;
  now: Date;
}

/** One schedule per tenant and template: a second save replaces the first (its last run is kept). */
export async function upsertReportSchedule(db: Db, input: ReportScheduleInput): Promise<ReportScheduleRow> {
  const values = {
    schedule: input.schedule,
    status: input.status,
    dataFilters: input.dataFilters,
    type: input.type,
    recipients: input.recipients,
    nextRunAt: input.nextRunAt,
    updatedAt: input.now,
  };
  const [row] = await db
    .insert(reportSchedules)
    .values({
      ...values,
      tenantId: input.tenantId,
      templateId: input.templateId,
      createdBy: input.createdBy,
      createdAt: input.now,
    })
    .onConflictDoUpdate({ target: [reportSchedules.tenantId, reportSchedules.templateId], set: values })
    .returning();
  if (!row) throw new Error('upsertReportSchedule returned no row');
  return row;
}

/** Schedules whose next run has come, oldest first (report_schedules_due_idx). */
export async function findDueReportSchedules(db: Db, now: Date, limit: number): Promise<ReportScheduleRow[]> {
  return db
    .select()
    .from(reportSchedules)
    .where(and(isNotNull(reportSchedules.nextRunAt), lte(reportSchedules.nextRunAt, now)))
    .orderBy(asc(reportSchedules.nextRunAt))
    .limit(limit);
}

/**
 * Takes a due run: moves the schedule's next run on, only if no other server took it first (its
 * next run is still the one read). True when this caller took it and must send.
 */
export async function claimReportRun(
  db: Db,
  run: { id: string; dueAt: Date; nextRunAt: Date | null; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(reportSchedules)
    .set({ nextRunAt: run.nextRunAt, lastRunAt: run.now })
    .where(
      and(
        eq(reportSchedules.id, run.id),
        sql`${reportSchedules.nextRunAt} = ${run.dueAt.toISOString()}::timestamptz`,
      ),
    )
    .returning({ id: reportSchedules.id });
  return rows.length > 0;
}
