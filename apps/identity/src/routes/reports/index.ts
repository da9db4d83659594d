import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  reportIntervalSchema,
  reportRecordSchema,
  reportRecordsSchema,
  reportSentSchema,
} from '@brizo/contract/entities/reports';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { MAX_RECIPIENTS } from '../../services/reports/index.js';
import { areaRoutes } from '../route.js';
import { emailField } from '../schemas.js';

// Reports (issue 14; prefix /reports), as the official client's ReportsApi calls them: the tenant's
// report templates with their schedules (resources/reports/v2), and the triggers that render a report
// now or mail it (engine/resources/triggers/v1). Data filters travel as base64-encoded JSON (SPEC
// section 7). Reading takes the Usage section's fe.usage.read and the template's own read permission
// (services/reports/templates.ts); scheduling and sending mail the tenant's data, so they take an
// administrator's write permission of the account: fe.secure.write.accountSettings.

const SERVICE = '/resources/reports/v2';
const TRIGGERS = '/engine/resources/triggers/v1';
const WRITE = 'fe.secure.write.accountSettings';

const templateId = z
  .string({ error: 'templateId is required' })
  .trim()
  .min(1, 'templateId is required')
  .max(64, 'templateId is too long');
const dataFilters = z
  .string({ error: 'dataFilters must be base64-encoded JSON' })
  .max(4096, 'dataFilters is too long');
const columns = z.enum(['name', 'schedule', 'status', 'updatedAt', 'createdAt']);

/** A query parameter the client sends as JSON text (its FetchClient stringifies objects). */
const jsonParameter = <T extends z.ZodType>(name: string, schema: T) =>
  z
    .string()
    .max(2000, `${name} is too long`)
    .transform((text, context): unknown => {
      try {
        return JSON.parse(text);
      } catch {
        context.addIssue({ code: 'custom', message: `${name} must be JSON` });
        return z.NEVER;
      }
    })
    .pipe(schema);

const listQuery = z.object({
  filters: jsonParameter(
    'filters',
    z.object({
      query: z.string().max(200).optional(),
      filterBy: z
        .object({ column: columns, filterType: z.literal('equal').optional(), value: z.unknown() })
        .optional(),
    }),
  ).optional(),
  sort: jsonParameter('sort', z.object({ column: columns, direction: z.enum(['asc', 'desc']) })).optional(),
});

const recipients = z
  .array(emailField, { error: 'must be a list of email addresses' })
  .max(MAX_RECIPIENTS, `A report can go to at most ${MAX_RECIPIENTS} recipients`);

export const reportsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { reports } = services;
  const route = areaRoutes(app, services, 'reports');

  route({
    name: 'list',
    method: 'GET',
    url: `${SERVICE}/tenant-reports`,
    summary: "The report templates the caller may read, each with the tenant's schedule if it has one",
    access: { permission: 'fe.usage.read' },
    query: listQuery,
    response: reportRecordsSchema,
    handler: ({ actor, query }) =>
      reports.list(actor, {
        query: query.filters?.query,
        filterBy: query.filters?.filterBy && {
          column: query.filters.filterBy.column,
          value: query.filters.filterBy.value,
        },
        sort: query.sort,
      }),
  });

  route({
    name: 'get',
    method: 'GET',
    url: `${SERVICE}/:id/tenant-reports`,
    summary: "One report template with the tenant's schedule",
    access: { permission: 'fe.usage.read' },
    params: z.object({ id: templateId }),
    response: reportRecordSchema,
    handler: ({ actor, params }) => reports.get(actor, params.id),
  });

  route({
    name: 'preview',
    method: 'GET',
    url: `${TRIGGERS}/preview-report`,
    summary: 'The report rendered now: an HTML page (escaped, no script) or a PDF file',
    description:
      'dataFilters is base64-encoded JSON: {from, to} (UTC days) or {days}, and severity or inactiveDays ' +
      'where the template takes them. responseType image is not supported (400).',
    access: { permission: 'fe.usage.read' },
    query: z.object({
      templateId,
      dataFilters: dataFilters.optional(),
      responseType: z
        .enum(['html', 'pdf', 'image'], { error: 'responseType must be html, pdf or image' })
        .default('html'),
      // Sent by the client's download call; the file name is the server's.
      name: z.string().max(200).optional(),
      outputFileName: z.string().max(200).optional(),
    }),
    produces: 'other',
    answers: {
      200: z.string().describe('text/html, or application/pdf for responseType pdf'),
    },
    handler: async ({ actor, query, reply }) => {
      const rendered = await reports.preview(actor, query);
      reply.type(rendered.contentType);
      if (rendered.contentType === 'application/pdf')
        reply.header('content-disposition', `attachment; filename="${rendered.fileName}"`);
      // The page is data, opened on its own or in a sandboxed frame: nothing in it may run or load.
      else reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return reply.send(rendered.body);
    },
  });

  route({
    name: 'schedule',
    method: 'POST',
    url: `${SERVICE}/:templateId/tenant-reports`,
    summary: "Saves the tenant's schedule of a report: mailed at the cron's times in its time zone",
    description:
      'interval daily, weekly or monthly takes a cron of that shape (empty: 08:00, Mondays, the 1st); custom ' +
      'takes any five-field cron. Recipients (members of the tenant, at most 20) default to the caller.',
    access: { permission: WRITE },
    params: z.object({ templateId }),
    body: z.object({
      schedule: z.object({
        interval: reportIntervalSchema,
        cron: z.string().max(120, 'cron is too long').optional(),
        tz: z.string().max(64, 'tz is too long').optional(),
        active: z.boolean({ error: 'schedule.active must be true or false' }),
      }),
      status: z.string().max(32, 'status is too long').optional(),
      dataFilters: dataFilters.optional(),
      type: z.enum(['html', 'pdf', 'image'], { error: 'type must be html, pdf or image' }).optional(),
      recipients: recipients.optional(),
    }),
    response: reportRecordSchema,
    handler: ({ actor, params, body }) => reports.schedule(actor, params.templateId, body),
  });

  route({
    name: 'send',
    method: 'POST',
    url: `${TRIGGERS}/tenant-reports`,
    summary: 'Mails the report now to members of the tenant (at most 20)',
    access: { permission: WRITE },
    body: z.object({
      templateId,
      to: recipients.min(1, 'Name at least one recipient'),
      dataFilters: dataFilters.optional(),
    }),
    response: reportSentSchema,
    handler: ({ actor, body }) => reports.send(actor, body),
  });
};
