import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findOutboxMessage, listOutboxMessages, type OutboxMessage } from '../../db/queries/mail-outbox.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { RouteOptions } from '../../services/index.js';
import { responses } from '../schemas.js';
import { mailboxListPage, mailboxMessagePage } from './mailbox-pages.js';
import { devSmsRoutes } from './sms.js';
import { devTenantRoutes } from './tenants.js';

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
  const { db } = options;
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

  app.get(
    '/dev/api/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Mail sent through the outbox, newest first; ?to= filters',
        querystring: listQuery,
        response: responses({ 200: z.array(messageResponse) }),
      },
    },
    async (request) => (await listOutboxMessages(db, request.query)).map(messageView),
  );

  app.get('/dev/mailbox', { schema: { hide: true, querystring: listQuery } }, async (request, reply) => {
    const messages = await listOutboxMessages(db, request.query);
    return reply.type('text/html; charset=utf-8').send(mailboxListPage(messages, request.query.to));
  });

  app.get(
    '/dev/mailbox/:id',
    { schema: { hide: true, params: z.object({ id: z.uuid({ error: 'Message not found' }) }) } },
    async (request, reply) => {
      const message = await findOutboxMessage(db, request.params.id);
      if (!message) throw appError(errorCatalogue.dev.messageNotFound);
      return reply.type('text/html; charset=utf-8').send(mailboxMessagePage(message));
    },
  );
};
