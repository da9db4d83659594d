import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  auditActionsSchema,
  auditSettingsSchema,
  auditsPageSchema,
  auditsStatsSchema,
} from '@brizo/contract/entities/audits';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';
import { auditsQueryOf, exportBody, exportQuery, listQuery, settingsBody, statsQuery } from './schemas.js';

// The Audit logs section (/audits, SPEC section 7), as the official client's AuditsApi calls it: the
// tenant's events listed with filters, search, sort and paging, their stats, their CSV export, and
// the tenant's retention. Every call reads the caller's active tenant only.

const READ = { permission: 'fe.secure.read.audits' } as const;

export const auditsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { audits } = services;
  const route = areaRoutes(app, services, 'audits');

  // Events of hot paths wait in memory for their batch (services/audits/buffer.ts): none is lost on a stop.
  app.addHook('onClose', async () => {
    await audits.flushBuffered();
  });

  route({
    name: 'list',
    method: 'GET',
    url: '/',
    summary: "The tenant's audit events: filtered, searched, sorted, paged (total counted up to 10,000)",
    description:
      '`filter` searches action, description, email and IP address; `action` and `email` match exactly, ' +
      '`severity` takes a comma-separated list, `ip`, `userAgent` and `description` match a part; ' +
      '`createdFrom` and `createdTo` bound the time. `total` stops at 10,000 (`totalIsCapped`).',
    access: READ,
    query: listQuery,
    response: auditsPageSchema,
    handler: ({ actor, query }) =>
      audits.list(actor, { ...auditsQueryOf(query), offset: query.offset, count: query.count }),
  });

  route({
    name: 'stats',
    method: 'GET',
    url: '/stats',
    summary: "Events since midnight UTC and High or Critical events since Monday (UTC) in the tenant's log",
    access: READ,
    query: statsQuery,
    response: auditsStatsSchema,
    handler: ({ actor }) => audits.stats(actor),
  });

  route({
    name: 'actions',
    method: 'GET',
    url: '/actions',
    summary: "The distinct actions of the tenant's log, for the action filter",
    access: READ,
    response: auditActionsSchema,
    handler: ({ actor }) => audits.actions(actor),
  });

  for (const [name, url] of [
    ['exportCsv', '/export/csv'],
    ['exportCsvV2', '/export/csv/v2'],
  ] as const) {
    route({
      name,
      method: 'POST',
      url,
      summary: 'The matching events as a CSV file, streamed (the columns chosen in `properties`, in order)',
      description:
        'Same filters and sort as the list, every match (no paging). Cells that a spreadsheet would run ' +
        'as a formula start with a quote.',
      access: READ,
      query: exportQuery,
      body: exportBody,
      produces: 'other',
      answers: { 200: z.string().describe('text/csv, as an attachment') },
      handler: ({ actor, query, body, reply }) => {
        const { fileName, stream } = audits.exportCsv(actor, auditsQueryOf(query), {
          columns: body?.properties ?? [],
          outputFileName: query.outputFileName,
        });
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(stream);
      },
    });
  }

  route({
    name: 'getSettings',
    method: 'GET',
    url: '/settings',
    summary: "How long the tenant's audit events are kept (retentionDays null: the server's default)",
    access: READ,
    response: auditSettingsSchema,
    handler: ({ actor }) => audits.settings(actor),
  });

  route({
    name: 'updateSettings',
    method: 'PUT',
    url: '/settings',
    summary: "Change how long the tenant's audit events are kept (null: the server's default); audited",
    access: { permission: 'fe.secure.write.securityPolicy' },
    body: settingsBody,
    response: auditSettingsSchema,
    handler: ({ actor, body }) => audits.updateSettings(actor, body.retentionDays),
  });
};
