import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  notificationSchema,
  notificationStatusSchema,
  notificationsPageSchema,
  pinStatusSchema,
} from '@brizo/contract/entities/notifications';
import { z } from 'zod';
import type { AdminActor } from '../../services/admin-access.js';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';

// The portal header's notifications (/notification), as the SDK's NotificationsApi calls them (SPEC
// section 3 "Notification: notificationId, pinStatus"). Any signed-in member uses them, for their own
// notifications in their active tenant only.

const notificationId = z.uuid({ error: 'notificationId must be a valid notification id' });
const statusChange = z.object({
  notificationId,
  status: notificationStatusSchema.describe('read, unread or archived'),
});

const PAGE = 20;
const paging = z.object(
  {
    count: z.coerce
      .number({ error: 'count must be a number' })
      .int()
      .min(1, 'count must be 1 to 100')
      .max(100, 'count must be 1 to 100')
      .optional(),
    offset: z.coerce
      .number({ error: 'offset must be a number' })
      .int()
      .min(0, 'offset cannot be negative')
      .max(100_000)
      .optional(),
  },
  { error: 'params must be an object: {"count":20,"offset":0}' },
);

const ownerOf = (actor: AdminActor) => ({ userId: actor.userId, tenantId: actor.tenantId });

export const notificationsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { notifications } = services;
  const route = areaRoutes(app, services, 'notifications');

  route({
    name: 'list',
    method: 'GET',
    url: '',
    summary:
      "The caller's notifications in their active tenant: pinned first, then newest; archived left out",
    access: 'member',
    description:
      'The SDK sends the paging as JSON in one parameter (`params={"count":20,"offset":0}`); plain `count` and `offset` are read too. 20 from the newest by default.',
    query: z.object({
      params: z
        .string()
        .transform((text, context) => {
          try {
            return JSON.parse(text) as unknown;
          } catch {
            context.addIssue({ code: 'custom', message: 'params must be JSON: {"count":20,"offset":0}' });
            return z.NEVER;
          }
        })
        .pipe(paging)
        .optional(),
      ...paging.shape,
    }),
    response: notificationsPageSchema,
    handler: ({ actor, query }) =>
      notifications.list(ownerOf(actor), {
        count: query.params?.count ?? query.count ?? PAGE,
        offset: query.params?.offset ?? query.offset ?? 0,
      }),
  });

  route({
    name: 'updateStatus',
    method: 'PUT',
    url: '/status',
    summary: 'Mark one of the caller’s notifications read, unread or archived',
    description:
      'The SDK sends the change wrapped as `{ params: { notificationId, status } }`; the bare object is accepted too.',
    access: 'member',
    body: z.union([z.object({ params: statusChange }), statusChange], {
      error: 'notificationId and status (read, unread or archived) are required',
    }),
    response: notificationSchema,
    handler: ({ actor, body }) => {
      const change = 'params' in body ? body.params : body;
      return notifications.setStatus(ownerOf(actor), change.notificationId, change.status);
    },
  });

  // PUT /notification/pin and /notification/unpin: the SDK puts pinStatus in the path.
  for (const pinStatus of pinStatusSchema.options) {
    route({
      name: pinStatus,
      method: 'PUT',
      url: `/${pinStatus}`,
      summary:
        pinStatus === 'pin'
          ? 'Pin one of the caller’s notifications to the top of their list'
          : 'Unpin one of the caller’s notifications',
      access: 'member',
      body: z.object({ notificationId }, { error: 'notificationId is required' }),
      response: notificationSchema,
      handler: ({ actor, body }) =>
        notifications.setPinned(ownerOf(actor), body.notificationId, pinStatus === 'pin'),
    });
  }

  route({
    name: 'markAllRead',
    method: 'POST',
    url: '/status/mark-all-read',
    summary: 'Mark every unread notification of the caller read',
    access: 'member',
    response: z.object({ updated: z.number().int() }),
    handler: async ({ actor }) => ({ updated: await notifications.markAllRead(ownerOf(actor)) }),
  });
};
