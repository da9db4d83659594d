import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { OutboxMessage } from '../../services/dev-tools.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { RouteOptions } from '../../services/index.js';
import { mailboxListPage, mailboxMessagePage } from './mailbox-pages.js';
import { devSmsRoutes } from './sms.js';
import { devTenantRoutes } from './tenants.js';
import { areaRoutes } from '../route.js';

const messageResponse = z.object({
  id: z.string(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});

const messageView = (message: OutboxMessage) => ({ ...message, createdAt: message.createdAt.toISOString() });

/** The dev mailbox (DEV_TOOLS on): mail of the outbox transport, for people and for e2e tests. */
export const devRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, options) => {
  const route = areaRoutes(app, options.services, 'dev');
  const { devTools } = options.services;
  // Mail and SMS of anonymous requests go out after their answer (issue 10): a look at the outbox
  // waits for them, as a person would wait for the mail to arrive.
  app.addHook('onRequest', async () => {
    await options.services.background.idle();
  });
  await app.register(devSmsRoutes, options);
  await app.register(devTenantRoutes, options);
  const listQuery = z.object({
    to: z.string().max(254).optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  });

  route({
    name: 'getDevApiMailbox',
    method: 'GET',
    url: '/dev/api/mailbox',
    summary: 'Mail sent through the outbox, newest first; ?to= filters',
    access: 'public',
    query: listQuery,
    response: z.array(messageResponse),
    handler: async ({ request }) => (await devTools.mail(request.query)).map(messageView),
  });

  route({
    name: 'mailboxPage',
    method: 'GET',
    url: '/dev/mailbox',
    summary: 'The mailbox as a page',
    access: 'public',
    hidden: true,
    produces: 'other',
    query: listQuery,
    handler: async ({ query, reply }) =>
      reply.type('text/html; charset=utf-8').send(mailboxListPage(await devTools.mail(query), query.to)),
  });

  route({
    name: 'mailboxMessagePage',
    method: 'GET',
    url: '/dev/mailbox/:id',
    summary: 'One message of the mailbox as a page',
    access: 'public',
    hidden: true,
    params: z.object({ id: z.uuid({ error: 'Message not found' }) }),
    produces: 'other',
    handler: async ({ request, reply }) => {
      const message = await devTools.message(request.params.id);
      if (!message) throw appError(errorCatalogue.dev.messageNotFound);
      return reply.type('text/html; charset=utf-8').send(mailboxMessagePage(message));
    },
  });
};
