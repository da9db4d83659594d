import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html.js';
import type { OutboxSms } from '../../services/dev-tools.js';
import type { RouteOptions } from '../../services/index.js';
import { normalizePhoneNumber } from '../../services/sms.js';
import { emailField, emptyResponse, phoneNumberField } from '../schemas.js';
import { areaRoutes } from '../route.js';

const smsResponse = z.object({ id: z.string(), to: z.string(), text: z.string(), createdAt: z.string() });

const smsView = ({ id, to, text, createdAt }: OutboxSms) => ({
  id,
  to,
  text,
  createdAt: createdAt.toISOString(),
});

function smsListPage(messages: OutboxSms[], to: string | undefined): string {
  const rows = messages
    .map(
      (sms) =>
        `<tr><td>${escapeHtml(sms.createdAt.toISOString())}</td><td>${escapeHtml(sms.to)}</td><td>${escapeHtml(sms.text)}</td></tr>`,
    )
    .join('\n');
  const filter = `<form method="get"><label>Phone number <input name="to" value="${escapeHtml(to ?? '')}"></label> <button>Filter</button></form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dev SMS outbox</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse;width:100%}
td,th{border-bottom:1px solid #ddd;padding:.4rem;text-align:left}</style></head>
<body><h1>Dev SMS outbox</h1>${filter}<table><thead><tr><th>Sent</th><th>To</th><th>Text</th></tr></thead><tbody>${rows || '<tr><td colspan="3">No text messages yet.</td></tr>'}</tbody></table></body></html>`;
}

/** The dev SMS outbox (DEV_TOOLS on): texts of the default SMS provider, for people and e2e tests. */
export const devSmsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'dev');
  const listQuery = z.object({
    to: z.string().max(32).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  });
  const list = (query: z.infer<typeof listQuery>) =>
    services.devTools.sms({ limit: query.limit, to: query.to ? normalizePhoneNumber(query.to) : undefined });

  route({
    name: 'getDevApiSms',
    method: 'GET',
    url: '/dev/api/sms',
    summary: 'Text messages sent through the SMS outbox, newest first; ?to= filters',
    access: 'public',
    query: listQuery,
    response: z.array(smsResponse),
    handler: async ({ request }) => (await list(request.query)).map(smsView),
  });

  route({
    name: 'smsPage',
    method: 'GET',
    url: '/dev/sms',
    summary: 'The SMS outbox as a page',
    access: 'public',
    hidden: true,
    produces: 'other',
    query: listQuery,
    handler: async ({ query, reply }) =>
      reply.type('text/html; charset=utf-8').send(smsListPage(await list(query), query.to)),
  });

  // A fixture for people and browser journeys trying SMS sign-in: give an account a phone number.
  route({
    name: 'replaceDevApiUsersPhoneNumber',
    method: 'PUT',
    url: '/dev/api/users/phone-number',
    summary: "Set a user's phone number (dev fixture for SMS sign-in)",
    access: 'public',
    body: z.object({
      email: emailField,
      phoneNumber: phoneNumberField,
    }),
    response: emptyResponse,
    handler: async ({ body }) => {
      await services.devTools.setPhoneNumber(body.email, body.phoneNumber);
      return {};
    },
  });
};
