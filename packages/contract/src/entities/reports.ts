import { z } from 'zod';
import { isoDaySchema } from './usage.js';

// Reports (issue 14, SPEC section 7 "Reports (data filters as base64-encoded JSON)"): the built-in
// report templates of a tenant, as the official client's ReportsApi reads them (IReportRecord), each
// with its data filters, previewed as HTML or PDF, mailed now or on a schedule.

export const reportIntervals = ['daily', 'weekly', 'monthly', 'custom'] as const;
export const reportIntervalSchema = z.enum(reportIntervals);
export type ReportInterval = z.infer<typeof reportIntervalSchema>;

export const auditSeverities = ['Info', 'Medium', 'High', 'Critical', 'Error'] as const;

/**
 * The values of a report's data filters (what the client base64-encodes as JSON). A fixed range
 * (`from`, `to`) or the last `days` up to the day it runs (a schedule's usual choice; 30 by default).
 */
const wholeNumber = (min: number, max: number, name: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value),
    z
      .number({ error: `${name} must be a whole number` })
      .int(`${name} must be a whole number`)
      .min(min, `${name} must be at least ${min}`)
      .max(max, `${name} must be at most ${max}`),
  );

export const reportFilterValuesSchema = z.object({
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
  days: wholeNumber(1, 366, 'days').optional(),
  /** The lowest severity of the audit events listed. */
  severity: z
    .enum(auditSeverities, { error: `severity must be one of ${auditSeverities.join(', ')}` })
    .optional(),
  /** user-activity: members without a sign-in for this many days are inactive. */
  inactiveDays: wholeNumber(1, 365, 'inactiveDays').optional(),
});
export type ReportFilterValues = z.infer<typeof reportFilterValuesSchema>;

/** A report's schedule (ReportSchedule); `dataFilters` are the values each run uses. */
export const reportScheduleSchema = z.object({
  interval: reportIntervalSchema,
  /** Five fields: minute hour day-of-month month day-of-week, in `tz`. */
  cron: z.string(),
  tz: z.string(),
  active: z.boolean(),
  dataFilters: z.record(z.string(), z.unknown()).optional(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;

/** One data filter a template takes (the SDK's DataFilter: date, select, number...). */
export const reportDataFilterSchema = z.object({
  type: z.string(),
  config: z.looseObject({ type: z.string(), name: z.string(), label: z.string() }),
});
export type ReportDataFilter = z.infer<typeof reportDataFilterSchema>;

/** A report template of the tenant (IReportRecord), with its schedule when it has one. */
export const reportRecordSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    schedule: reportScheduleSchema.optional(),
    /** The schedule's status, or 'unscheduled'. */
    status: z.string(),
    updatedAt: z.string(),
    createdAt: z.string(),
    htmlTemplate: z.string(),
    customerListApiUrl: z.string(),
    type: z.enum(['html', 'pdf', 'image']),
    dataFilters: z.array(reportDataFilterSchema),
    /** Who the scheduled mails go to (empty without a schedule). */
    recipients: z.array(z.string()),
    nextRunAt: z.string().nullable(),
    lastRunAt: z.string().nullable(),
  })
  .meta({ id: 'ReportRecord' });
export type ReportRecord = z.infer<typeof reportRecordSchema>;
export const reportRecordsSchema = z.array(reportRecordSchema);

/** POST /engine/resources/triggers/v1/tenant-reports: who the report was mailed to. */
export const reportSentSchema = z.object({ templateId: z.string(), sentTo: z.array(z.string()) });
export type ReportSent = z.infer<typeof reportSentSchema>;
