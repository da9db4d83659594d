import {
  AUDIT_RETENTION_MAX_DAYS,
  AUDIT_RETENTION_MIN_DAYS,
  AUDITS_MAX_COUNT,
  AUDITS_MAX_OFFSET,
  AUDITS_PAGE_SIZE,
  auditSeverities,
  auditSortKeys,
  type AuditSeverity,
} from '@brizo/contract/entities/audits';
import { z } from 'zod';
import type { AuditsQuery } from '../../services/audits/index.js';

// The audits calls' query strings (the official client's IGetAuditsParams and IExportAudits, with one
// parameter per filterable column): every parameter is known, anything else is refused with a 400.

const MAX_TEXT = 200;

/** A text filter; empty (as the SDK sends an unused `filter`) is no filter. */
const textFilter = (name: string) =>
  z
    .string({ error: `${name} must be text` })
    .max(MAX_TEXT, `${name} holds at most ${MAX_TEXT} characters`)
    .transform((value) => value.trim() || undefined);

/** `severity=High,Critical`: any of them, in any case. */
const severityFilter = z
  .string({ error: 'severity must be text' })
  .max(MAX_TEXT)
  .transform((value, context) => {
    const names = [
      ...new Set(
        value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    ];
    const severities: AuditSeverity[] = [];
    for (const name of names) {
      const known = auditSeverities.find((severity) => severity.toLowerCase() === name.toLowerCase());
      if (!known) {
        context.addIssue({ code: 'custom', message: `severity must be among ${auditSeverities.join(', ')}` });
        return z.NEVER;
      }
      severities.push(known);
    }
    return severities.length > 0 ? severities : undefined;
  });

/** An ISO 8601 date and time (with its offset), or a day (UTC). */
const instant = (name: string) =>
  z.union([z.iso.datetime({ offset: true }), z.iso.date()], {
    error: `${name} must be an ISO 8601 date or date and time`,
  });

const filterShape = {
  filter: textFilter('filter').optional(),
  action: textFilter('action').optional(),
  severity: severityFilter.optional(),
  email: textFilter('email').optional(),
  ip: textFilter('ip').optional(),
  userAgent: textFilter('userAgent').optional(),
  description: textFilter('description').optional(),
  createdFrom: instant('createdFrom').optional(),
  createdTo: instant('createdTo').optional(),
  created_from: instant('created_from').optional(),
  created_to: instant('created_to').optional(),
  sortBy: z
    .enum(auditSortKeys, { error: `sortBy must be one of ${auditSortKeys.join(', ')}` })
    .default('createdAt'),
  sortDirection: z.enum(['asc', 'desc'], { error: 'sortDirection must be asc or desc' }).default('desc'),
};

const offset = z.coerce
  .number({ error: 'offset must be a number' })
  .int('offset must be a whole number')
  .min(0, 'offset must not be negative')
  .max(
    AUDITS_MAX_OFFSET,
    `offset goes up to ${AUDITS_MAX_OFFSET}: narrow the list with a date range to reach older events`,
  )
  .default(0);

const count = z.coerce
  .number({ error: 'count must be a number' })
  .int('count must be a whole number')
  .min(1, 'count must be at least 1')
  .max(AUDITS_MAX_COUNT, `count must be at most ${AUDITS_MAX_COUNT}`)
  .default(AUDITS_PAGE_SIZE);

const unknownParameter = { error: 'Unknown query parameter' };

export const listQuery = z.strictObject(
  {
    ...filterShape,
    offset,
    count,
    /** The SDK's virtual paging mode: the same pages. */
    paginationMode: z.literal('virtual').optional(),
  },
  unknownParameter,
);

export const exportQuery = z.strictObject(
  {
    ...filterShape,
    /** The SDK sends the table's offset: the export has every match regardless. */
    offset,
    outputFileName: z.string().max(MAX_TEXT).optional(),
  },
  unknownParameter,
);

/** The SDK's getAuditsStats sends the table's sort and page size; the stats ignore them. */
export const statsQuery = z.strictObject(
  {
    sortBy: z.string().max(MAX_TEXT).optional(),
    sortDirection: z.string().max(MAX_TEXT).optional(),
    count: z.string().max(MAX_TEXT).optional(),
  },
  unknownParameter,
);

/** The export's columns (the SDK's headerProps), chosen and ordered; their other fields are ignored. */
export const exportBody = z
  .object({
    properties: z
      .array(
        z.looseObject({
          name: z.string({ error: 'Each property needs a name' }).min(1).max(100),
          displayName: z.string().max(MAX_TEXT).optional(),
        }),
        { error: 'properties must be a list of columns' },
      )
      .max(50, 'properties holds at most 50 columns')
      .optional(),
  })
  .nullish();

export const settingsBody = z.strictObject(
  {
    retentionDays: z
      .number({ error: 'retentionDays must be a number of days or null' })
      .int('retentionDays must be a whole number of days')
      .min(AUDIT_RETENTION_MIN_DAYS, `retentionDays must be at least ${AUDIT_RETENTION_MIN_DAYS}`)
      .max(AUDIT_RETENTION_MAX_DAYS, `retentionDays must be at most ${AUDIT_RETENTION_MAX_DAYS}`)
      .nullable(),
  },
  { error: 'Only retentionDays can be changed' },
);

const DAY_MS = 24 * 60 * 60 * 1000;

/** A bound of the range: a bare day starts at its midnight (from) or ends with it (to), UTC. */
function boundOf(value: string | undefined, end: boolean): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  const isDay = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return isDay && end ? new Date(date.getTime() + DAY_MS - 1) : date;
}

/** The service's query from the validated parameters. */
export function auditsQueryOf(query: z.output<typeof listQuery> | z.output<typeof exportQuery>): AuditsQuery {
  return {
    filters: {
      search: query.filter,
      action: query.action,
      severities: query.severity,
      email: query.email,
      ip: query.ip,
      userAgent: query.userAgent,
      description: query.description,
      createdFrom: boundOf(query.createdFrom ?? query.created_from, false),
      createdTo: boundOf(query.createdTo ?? query.created_to, true),
    },
    sort: { by: query.sortBy, direction: query.sortDirection },
  };
}
