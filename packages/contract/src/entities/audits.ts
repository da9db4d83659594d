import { z } from 'zod';

// Audit logs (issue 14, SPEC sections 3 and 7): the columns of the log, defined once here for the
// server's metadata, list, filters, sort and CSV export and for the Audit logs section that reads them;
// the shapes follow the official client's audits interfaces (AuditRowData, IAudits, IAuditsStats).

export const auditSeverities = ['Info', 'Medium', 'High', 'Critical', 'Error'] as const;
export const auditSeveritySchema = z.enum(auditSeverities);
export type AuditSeverity = z.infer<typeof auditSeveritySchema>;
/** What the stats call counts as severe (severeThisWeek). */
export const severeAuditSeverities = ['High', 'Critical'] as const satisfies readonly AuditSeverity[];

/** The column types of SPEC section 3 "Audit log". */
export const auditColumnTypes = [
  'Timestamp',
  'Email',
  'AlphaNumeric',
  'IpAddress',
  'Severity',
  'Json',
] as const;

/** One column of the log as the metadata describes it (the official client's HeaderProps). */
export const auditColumnSchema = z.object({
  name: z.string(),
  displayName: z.string(),
  type: z.enum(auditColumnTypes),
  sortable: z.boolean(),
  filterable: z.boolean(),
  showInTable: z.boolean(),
  /** Whether the row's detail view shows it: 'Always' or 'Never'. */
  showInMoreInfo: z.enum(['Always', 'Never']),
  isPredefined: z.boolean(),
});
export type AuditColumn = z.infer<typeof auditColumnSchema>;

/** The columns the list sorts by (`sortBy`); createdAt is the default. */
export const auditSortKeys = ['createdAt', 'action', 'severity', 'email', 'ip', 'userAgent'] as const;
export type AuditSortKey = (typeof auditSortKeys)[number];

/** The columns with a filter of their own (one query parameter each). */
export const auditFilterKeys = ['action', 'severity', 'email', 'ip', 'userAgent', 'description'] as const;
export type AuditFilterKey = (typeof auditFilterKeys)[number];

const column = <N extends string>(
  name: N,
  displayName: string,
  type: AuditColumn['type'],
  flags: { sortable?: boolean; filterable?: boolean; showInTable?: boolean; moreInfo?: boolean },
): AuditColumn & { name: N } => ({
  name,
  displayName,
  type,
  sortable: flags.sortable ?? false,
  filterable: flags.filterable ?? false,
  showInTable: flags.showInTable ?? false,
  showInMoreInfo: (flags.moreInfo ?? true) ? 'Always' : 'Never',
  isPredefined: true,
});

/**
 * The log's columns in the table's order; `sortable` and `filterable` say what the list answers
 * (auditSortKeys, auditFilterKeys and the createdAt range), `showInTable` what the table shows until
 * the viewer chooses otherwise, and what the CSV export has when the request names no columns.
 */
export const auditColumns = [
  column('createdAt', 'Time', 'Timestamp', { sortable: true, filterable: true, showInTable: true }),
  column('severity', 'Severity', 'Severity', { sortable: true, filterable: true, showInTable: true }),
  column('action', 'Action', 'AlphaNumeric', { sortable: true, filterable: true, showInTable: true }),
  column('description', 'Description', 'AlphaNumeric', { filterable: true, showInTable: true }),
  column('email', 'Email', 'Email', { sortable: true, filterable: true, showInTable: true }),
  column('ip', 'IP address', 'IpAddress', { sortable: true, filterable: true, showInTable: true }),
  column('userAgent', 'User agent', 'AlphaNumeric', { sortable: true, filterable: true }),
  column('user', 'User ID', 'AlphaNumeric', {}),
  column('tenantId', 'Account ID', 'AlphaNumeric', {}),
  column('json', 'Details', 'Json', {}),
] as const;
export type AuditColumnName = (typeof auditColumns)[number]['name'];
export const isAuditColumnName = (name: string): name is AuditColumnName =>
  auditColumns.some((known) => known.name === name);

/** One audit event as the list answers it (AuditRowData). */
export const auditRowSchema = z.object({
  _id: z.string(),
  action: z.string(),
  description: z.string(),
  severity: z.string(),
  ip: z.string().nullable(),
  email: z.string().nullable(),
  /** The id of the user the event is about or by, when there is one. */
  user: z.string().nullable(),
  userAgent: z.string().nullable(),
  json: z.record(z.string(), z.unknown()),
  tenantId: z.string(),
  vendorId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AuditRow = z.infer<typeof auditRowSchema>;

/**
 * The most a list's `total` counts: counting every match of a large log on each page costs as much as
 * reading it all, so beyond this the answer says `totalIsCapped` and `total` is the cap. The list pages
 * as far as the cap (offset at most AUDITS_MAX_OFFSET); a date range reaches older events.
 */
export const AUDITS_TOTAL_CAP = 10_000;
export const AUDITS_MAX_OFFSET = AUDITS_TOTAL_CAP;
export const AUDITS_PAGE_SIZE = 20;
export const AUDITS_MAX_COUNT = 100;

/** GET /audits (IAudits), with whether `total` stopped at AUDITS_TOTAL_CAP. */
export const auditsPageSchema = z.object({
  data: z.array(auditRowSchema),
  total: z.number().int(),
  totalIsCapped: z.boolean(),
});
export type AuditsPage = z.infer<typeof auditsPageSchema>;

/** GET /audits/stats (IAuditsStats): events since midnight UTC, High and Critical since Monday UTC. */
export const auditsStatsSchema = z.object({
  totalToday: z.number().int(),
  severeThisWeek: z.number().int(),
});
export type AuditsStats = z.infer<typeof auditsStatsSchema>;

/** GET /metadata?entityName=audits: the official client reads rows[0].properties. */
export const auditsMetadataSchema = z.object({
  rows: z.array(
    z.object({
      id: z.string(),
      entityName: z.literal('audits'),
      vendorId: z.string(),
      properties: z.array(auditColumnSchema),
    }),
  ),
});

/** GET /audits/actions: the distinct actions of the tenant's log, for the action filter. */
export const auditActionsSchema = z.object({ actions: z.array(z.string()) });

/** How long a tenant's events are kept, in days: at least a day, at most ten years. */
export const AUDIT_RETENTION_MIN_DAYS = 1;
export const AUDIT_RETENTION_MAX_DAYS = 3650;

/**
 * GET and PUT /audits/settings: the tenant's retention (null: the server's default, which
 * `defaultRetentionDays` gives).
 */
export const auditSettingsSchema = z.object({
  retentionDays: z.number().int().nullable(),
  defaultRetentionDays: z.number().int(),
});
export type AuditSettings = z.infer<typeof auditSettingsSchema>;
