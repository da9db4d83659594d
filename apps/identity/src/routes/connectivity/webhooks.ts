import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  WEBHOOK_SECRET_MASK,
  webhookCreatedSchema,
  webhookLogsSchema,
  webhookRetryResultSchema,
  webhookSchema,
  webhookSecretSchema,
  webhooksSchema,
  webhookTestResultSchema,
} from '@brizo/contract/entities/connectivity';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';
import { READ, WRITE, DELETE } from './access.js';

// The Webhooks section (SPEC sections 4 and 7): configurations, their log, a test event and a retry.

const idParams = z.object({ id: z.uuid({ error: 'id must be a valid webhook id' }) });
const eventKey = z.string().trim().min(1).max(100);
/** An empty secret field, or the list's mask sent back, is no secret. */
const secretField = z.preprocess(
  (value) =>
    value === '' || (typeof value === 'string' && value.startsWith(WEBHOOK_SECRET_MASK)) ? undefined : value,
  webhookSecretSchema.nullable().optional(),
);
const webhookFields = {
  displayName: z
    .string()
    .trim()
    .min(1, 'Name the webhook')
    .max(100, 'The name must have at most 100 characters'),
  description: z.string().trim().max(500, 'The description must have at most 500 characters').optional(),
  url: z.string().trim().min(1, 'Enter the URL the events are posted to').max(2048, 'The URL is too long'),
  secret: secretField,
  eventKeys: z.array(eventKey).min(1, 'Choose at least one event').max(500),
  isActive: z.boolean({ error: 'isActive must be true or false' }),
};

export const webhookRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { webhooks } = services.connectivity;
  const route = areaRoutes(app, services, 'connectivity');

  route({
    name: 'listWebhooks',
    method: 'GET',
    url: '/webhook',
    summary: "The account's webhooks, each with its last delivery's outcome (secrets masked)",
    access: READ,
    response: webhooksSchema,
    handler: ({ actor }) => webhooks.list(actor),
  });

  route({
    name: 'getWebhook',
    method: 'GET',
    url: '/webhook/:id',
    summary: 'One webhook of the account (404 for any other)',
    access: READ,
    params: idParams,
    response: webhookSchema,
    handler: ({ actor, params }) => webhooks.get(actor, params.id),
  });

  route({
    name: 'createWebhook',
    method: 'POST',
    url: '/webhook/custom',
    summary:
      'Create a webhook: an https URL (or a host OUTBOUND_ALLOW_HOSTS names), its events, and a secret of 16+ characters; without one the server makes one, answered once as generatedSecret',
    access: WRITE,
    body: z.object({ ...webhookFields, isActive: webhookFields.isActive.default(true) }),
    response: webhookCreatedSchema,
    status: 201,
    handler: ({ actor, body }) => webhooks.create(actor, body),
  });

  route({
    name: 'updateWebhook',
    method: 'PATCH',
    url: '/webhook/:id',
    summary:
      'Change a webhook; a new secret only when one is given (the masked one sent back keeps it). Disabling it drops its pending deliveries',
    access: WRITE,
    params: idParams,
    body: z.object(webhookFields).partial(),
    response: webhookSchema,
    handler: ({ actor, params, body }) => webhooks.update(actor, params.id, body),
  });

  route({
    name: 'deleteWebhook',
    method: 'DELETE',
    url: '/webhook/:id',
    summary: 'Delete a webhook, its queued deliveries and its log',
    access: DELETE,
    params: idParams,
    handler: ({ actor, params }) => webhooks.remove(actor, params.id),
  });

  route({
    name: 'getWebhookLogs',
    method: 'GET',
    url: '/webhook/logs',
    summary: "A webhook's delivery attempts and tests, newest first, with request, response and timing",
    access: READ,
    query: z.object({
      id: z.uuid({ error: 'id must be a valid webhook id' }),
      offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
      limit: z.coerce.number().int().min(1).max(100).default(10),
    }),
    response: webhookLogsSchema,
    handler: ({ actor, query }) =>
      webhooks.logs(actor, query.id, { offset: query.offset, limit: query.limit }),
  });

  route({
    name: 'testWebhook',
    method: 'POST',
    url: '/webhook/test',
    summary:
      'Post a signed test event (or `payload`) to the URL now; 200 and 201 are a success, anything else "failed". With webhookId it is logged there, and signed with its secret when none is given',
    access: WRITE,
    body: z.object({
      url: webhookFields.url,
      secret: z.string().max(256).nullable().optional(),
      payload: z.record(z.string(), z.unknown()).optional(),
      eventKey: eventKey.optional(),
      webhookId: z.uuid({ error: 'webhookId must be a valid webhook id' }).optional(),
    }),
    response: webhookTestResultSchema,
    handler: ({ actor, body }) => webhooks.test(actor, body),
  });

  route({
    name: 'retryWebhookLog',
    method: 'POST',
    url: '/webhook/logs/:id/retries',
    summary: "Queue the log's delivery again, due now; answers 202",
    access: WRITE,
    params: z.object({ id: z.uuid({ error: 'id must be a valid log id' }) }),
    // The client posts no body; an empty JSON object is the same.
    body: z.object({}).nullish(),
    produces: 'other',
    answers: { 202: webhookRetryResultSchema },
    handler: async ({ actor, params, reply }) => reply.code(202).send(await webhooks.retry(actor, params.id)),
  });
};
