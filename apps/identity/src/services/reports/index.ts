import type {
  ReportFilterValues,
  ReportInterval,
  ReportRecord,
  ReportSent,
} from '@brizo/contract/entities/reports';
import {
  claimReportRun,
  findDueReportSchedules,
  findReportSchedule,
  listReportSchedules,
  upsertReportSchedule,
  type ReportScheduleRow,
} from '../../db/queries/report-schedules.js';
import { findTenantById } from '../../db/queries/tenants.js';
import { findMemberEmails } from '../../db/queries/usage.js';
import { appError, errorCatalogue } from '../../errors.js';
import { actorMay, personOf, type AdminActor } from '../admin-access.js';
import { auditChange } from '../audit-changes.js';
import { auditEvents, recordAdminAudit, recordAudit } from '../audit.js';
import type { ServiceDeps } from '../operations-deps.js';
import { checkFilterValues, decodeDataFilters, reportRange } from './data-filters.js';
import { reportHtml, reportText, type ReportDocument } from './document.js';
import { reportPdf } from './pdf.js';
import { checkSchedule, nextRunOf } from './schedule.js';
import { findTemplate, reportTemplates, type ReportTemplate } from './templates.js';

/** A report goes to at most this many people at once. */
export const MAX_RECIPIENTS = 20;
const DUE_BATCH = 20;
/** When the built-in templates appeared (their createdAt and updatedAt while unscheduled). */
const TEMPLATES_SINCE = '2026-01-01T00:00:00.000Z';

export type ReportColumn = 'name' | 'schedule' | 'status' | 'updatedAt' | 'createdAt';

export interface ListOptions {
  query?: string | undefined;
  filterBy?: { column: ReportColumn; value: unknown } | undefined;
  sort?: { column: ReportColumn; direction: 'asc' | 'desc' } | undefined;
}

export interface ScheduleInput {
  schedule: { interval: ReportInterval; cron?: string | undefined; tz?: string | undefined; active: boolean };
  status?: string | undefined;
  dataFilters?: string | undefined;
  type?: 'html' | 'pdf' | 'image' | undefined;
  recipients?: string[] | undefined;
}

export interface RenderedReport {
  contentType: string;
  body: string | Buffer;
  fileName: string;
}

function recordOf(template: ReportTemplate, row: ReportScheduleRow | undefined): ReportRecord {
  const schedule = row?.schedule;
  return {
    id: template.id,
    name: template.name,
    description: template.description,
    ...(row &&
      schedule && {
        schedule: {
          interval: schedule.interval as ReportInterval,
          cron: String(schedule.cron ?? ''),
          tz: String(schedule.tz ?? 'UTC'),
          active: schedule.active === true,
          dataFilters: row.dataFilters,
        },
      }),
    status: row?.status ?? 'unscheduled',
    createdAt: row?.createdAt.toISOString() ?? TEMPLATES_SINCE,
    updatedAt: row?.updatedAt.toISOString() ?? TEMPLATES_SINCE,
    htmlTemplate: '',
    customerListApiUrl: '',
    type: row?.type === 'pdf' ? 'pdf' : 'html',
    dataFilters: template.dataFilters,
    recipients: row?.recipients ?? [],
    nextRunAt: row?.nextRunAt?.toISOString() ?? null,
    lastRunAt: row?.lastRunAt?.toISOString() ?? null,
  };
}

const columnValue = (record: ReportRecord, column: ReportColumn): string =>
  column === 'schedule' ? (record.schedule?.interval ?? '') : String(record[column]);

/**
 * Reports (issue 14): the built-in templates, previewed as HTML or PDF, mailed now or on a schedule to
 * members of the tenant. Reading needs fe.usage.read (the route) and the template's own permission;
 * scheduling and sending need an administrator's write permission (the routes).
 */
export function createReportsService(deps: ServiceDeps) {
  const { db, clock, mailer } = deps;

  const templateFor = (actor: AdminActor, id: string): ReportTemplate => {
    const template = findTemplate(id);
    if (!template) throw appError(errorCatalogue.reports.templateNotFound);
    if (!actorMay(actor, template.permission)) throw appError(errorCatalogue.admin.forbidden);
    return template;
  };

  const render = async (
    template: ReportTemplate,
    tenantId: string,
    filters: ReportFilterValues,
  ): Promise<{ doc: ReportDocument; tenantName: string }> => {
    const now = clock.now();
    const range = reportRange(filters, now);
    const tenantName = (await findTenantById(db, tenantId))?.name ?? 'Your account';
    return { doc: await template.build({ db, tenantId, tenantName, range, filters, now }), tenantName };
  };

  /** The recipients, lower-cased and once each; 400 unless every one is a member of the tenant. */
  const checkRecipients = async (tenantId: string, emails: readonly string[]): Promise<string[]> => {
    const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()))];
    if (wanted.length === 0)
      throw appError(errorCatalogue.reports.invalidRecipients, 'Name at least one recipient');
    if (wanted.length > MAX_RECIPIENTS)
      throw appError(
        errorCatalogue.reports.invalidRecipients,
        `A report can go to at most ${MAX_RECIPIENTS} recipients`,
      );
    const members = new Set(await findMemberEmails(db, tenantId, wanted, clock.now()));
    const outsider = wanted.find((email) => !members.has(email));
    if (outsider)
      throw appError(
        errorCatalogue.reports.invalidRecipients,
        `Reports can be sent only to members of this account: ${outsider} is not one`,
      );
    return wanted;
  };

  const mail = async (doc: ReportDocument, tenantName: string, recipients: readonly string[]) => {
    const message = {
      subject: `${doc.title} for ${tenantName}`,
      text: reportText(doc),
      html: reportHtml(doc),
    };
    for (const to of recipients) await mailer.send({ ...message, to });
  };

  /** One pass of the scheduled-reports job: mails the reports whose time has come. */
  const runDue = async (): Promise<number> => {
    const now = clock.now();
    const due = await findDueReportSchedules(db, now, DUE_BATCH);
    for (const row of due) {
      const dueAt = row.nextRunAt;
      if (!dueAt) continue;
      const nextRunAt = nextRunOf(row.schedule, true, now);
      // Another server may have taken this run: only the one that moves its next run on sends it.
      if (!(await claimReportRun(db, { id: row.id, dueAt, nextRunAt, now }))) continue;
      const template = findTemplate(row.templateId);
      if (!template || row.schedule.active !== true) continue;
      // People who left the account since the schedule was saved no longer get it.
      const recipients = await findMemberEmails(db, row.tenantId, row.recipients, now);
      if (recipients.length === 0) continue;
      const { doc, tenantName } = await render(template, row.tenantId, checkFilterValues(row.dataFilters));
      await db.transaction(async () => {
        await mail(doc, tenantName, recipients);
        await recordAudit(
          db,
          auditEvents.scheduledReportSent,
          { ip: null, userAgent: null },
          {
            tenantId: row.tenantId,
            description: `${template.name} mailed to ${recipients.length} recipient(s)`,
            json: { templateId: template.id, recipients, scheduledFor: dueAt.toISOString() },
          },
          now,
        );
      });
    }
    return due.length;
  };

  deps.jobs.register({ name: 'scheduled-reports', intervalMs: 60_000, batchSize: DUE_BATCH, run: runDue });

  return {
    /** The templates the actor may read, with the tenant's schedules (GET tenant-reports). */
    async list(actor: AdminActor, options: ListOptions = {}): Promise<ReportRecord[]> {
      const schedules = new Map(
        (await listReportSchedules(db, actor.tenantId)).map((row) => [row.templateId, row]),
      );
      let records = reportTemplates
        .filter((template) => actorMay(actor, template.permission))
        .map((template) => recordOf(template, schedules.get(template.id)));
      const query = options.query?.trim().toLowerCase();
      if (query)
        records = records.filter((record) =>
          `${record.name} ${record.description}`.toLowerCase().includes(query),
        );
      const { filterBy, sort } = options;
      if (filterBy)
        records = records.filter((record) => columnValue(record, filterBy.column) === String(filterBy.value));
      if (sort) {
        const direction = sort.direction === 'desc' ? -1 : 1;
        records.sort(
          (a, b) => direction * columnValue(a, sort.column).localeCompare(columnValue(b, sort.column)),
        );
      }
      return records;
    },

    async get(actor: AdminActor, id: string): Promise<ReportRecord> {
      const template = templateFor(actor, id);
      return recordOf(template, await findReportSchedule(db, actor.tenantId, template.id));
    },

    /** The report rendered now, as HTML or a PDF (preview-report). */
    async preview(
      actor: AdminActor,
      input: { templateId: string; dataFilters?: string | undefined; responseType: 'html' | 'pdf' | 'image' },
    ): Promise<RenderedReport> {
      const template = templateFor(actor, input.templateId);
      if (input.responseType === 'image')
        throw appError(
          errorCatalogue.reports.unsupportedType,
          'Reports cannot be rendered as images: use html or pdf',
        );
      const { doc } = await render(template, actor.tenantId, decodeDataFilters(input.dataFilters));
      const fileName = `report_${template.id}_${doc.generatedAt.toISOString().slice(0, 10)}`;
      return input.responseType === 'pdf'
        ? { contentType: 'application/pdf', body: reportPdf(doc), fileName: `${fileName}.pdf` }
        : { contentType: 'text/html; charset=utf-8', body: reportHtml(doc), fileName: `${fileName}.html` };
    },

    /** Saves the tenant's schedule of a template (one per template), audited with before and after. */
    async schedule(actor: AdminActor, templateId: string, input: ScheduleInput): Promise<ReportRecord> {
      const template = templateFor(actor, templateId);
      if (input.type !== undefined && input.type !== 'html')
        throw appError(
          errorCatalogue.reports.unsupportedType,
          'Scheduled reports are mailed as HTML: type must be html',
        );
      const now = clock.now();
      const checked = checkSchedule(input.schedule, now);
      const filters = decodeDataFilters(input.dataFilters);
      // The filters must give a range now, as they will at each run.
      reportRange(filters, now);
      const fallback = actor.email ? [actor.email] : [];
      const recipients = await checkRecipients(
        actor.tenantId,
        input.recipients?.length ? input.recipients : fallback,
      );
      const status = input.status?.trim() || 'active';
      const nextRunAt = nextRunOf(checked.schedule, true, now);
      const row = await db.transaction(async () => {
        const before = await findReportSchedule(db, actor.tenantId, template.id);
        const saved = await upsertReportSchedule(db, {
          tenantId: actor.tenantId,
          templateId: template.id,
          schedule: checked.schedule,
          status,
          dataFilters: filters,
          type: 'html',
          recipients,
          nextRunAt,
          createdBy: personOf(actor),
          now,
        });
        const view = (schedule: ReportScheduleRow | undefined) =>
          schedule
            ? {
                schedule: schedule.schedule,
                status: schedule.status,
                dataFilters: schedule.dataFilters,
                recipients: schedule.recipients,
              }
            : null;
        await recordAdminAudit(
          db,
          actor,
          auditEvents.reportScheduleSaved,
          {
            description: `${template.name} ${checked.schedule.active ? 'scheduled' : 'schedule paused'}`,
            json: { templateId: template.id, ...auditChange(view(before), view(saved)) },
          },
          now,
        );
        return saved;
      });
      return recordOf(template, row);
    },

    /** Mails the report now to members of the tenant (at most 20). */
    async send(
      actor: AdminActor,
      input: { templateId: string; to: string[]; dataFilters?: string | undefined },
    ): Promise<ReportSent> {
      const template = templateFor(actor, input.templateId);
      const recipients = await checkRecipients(actor.tenantId, input.to);
      const stored = await findReportSchedule(db, actor.tenantId, template.id);
      const filters =
        input.dataFilters !== undefined
          ? decodeDataFilters(input.dataFilters)
          : checkFilterValues(stored?.dataFilters ?? {});
      const { doc, tenantName } = await render(template, actor.tenantId, filters);
      await db.transaction(async () => {
        await mail(doc, tenantName, recipients);
        await recordAdminAudit(
          db,
          actor,
          auditEvents.reportSent,
          {
            description: `${template.name} mailed to ${recipients.length} recipient(s)`,
            json: { templateId: template.id, recipients, dataFilters: filters },
          },
          clock.now(),
        );
      });
      return { templateId: template.id, sentTo: recipients };
    },

    runDue,
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;
