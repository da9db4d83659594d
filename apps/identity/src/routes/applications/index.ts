import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  applicationAccessTypeSchema,
  applicationBodySchema,
  applicationSchema,
  applicationUserIdsSchema,
  tenantApplicationsSchema,
  userApplicationIdsSchema,
} from '@brizo/contract/entities/applications';
import { z } from 'zod';
import { vendorCallerOf } from '../../services/entitlements/vendor-caller.js';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';
import { requestMeta } from '../schemas.js';

// Issue 15 (prefix: the API's root): the official client's applications calls, under identity and under
// applications, and the superuser console's own (vendor-applications: ours, not hosted Frontegg's).

const IDENTITY = '/identity/resources/applications/v1';
const APPLICATIONS = '/applications/resources/applications';
const VENDOR = '/applications/resources/vendor-applications/v1';

const id = z.uuid({ error: 'must be a valid id' });
/** `ids=a,b`: the SDK joins ids with commas and sends `ids=` for none, which answers nothing. */
const idList = (name: string) =>
  z
    .string()
    .max(20_000)
    .transform((value) => [...new Set(value.split(',').filter(Boolean))])
    .pipe(z.array(z.uuid({ error: `${name} must be ids` })).max(200, `${name} holds at most 200 ids`));

const assignment = z.object({
  userId: id,
  tenantId: id,
  appIds: z.array(id).min(1, 'appIds is required').max(100),
});
const applicationChanges = z
  .object({
    name: applicationBodySchema.shape.name,
    description: z.string().max(2000),
    accessType: applicationAccessTypeSchema,
    appURL: applicationBodySchema.shape.appURL,
    loginURL: applicationBodySchema.shape.loginURL.unwrap(),
    logoURL: applicationBodySchema.shape.logoURL.unwrap(),
    isActive: z.boolean(),
  })
  .partial();

export const applicationsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'applications');
  const { applications } = services;

  route({
    name: 'getTenantAssignmentsV1',
    method: 'GET',
    url: `${APPLICATIONS}/tenant-assignments/v1`,
    summary: "The apps of the caller's account",
    access: 'member',
    response: z.array(z.object({ tenantId: z.string(), appIds: z.array(z.string()) })),
    handler: async ({ actor }) =>
      (await applications.tenantAssignments(actor)).map(({ tenantId, assignments }) => ({
        tenantId,
        appIds: assignments.map((entry) => entry.appId),
      })),
  });
  route({
    name: 'getTenantAssignmentsV2',
    method: 'GET',
    url: `${APPLICATIONS}/tenant-assignments/v2`,
    summary: "The apps of the caller's account, each free or managed there",
    access: 'member',
    response: z.array(tenantApplicationsSchema),
    handler: ({ actor }) => applications.tenantAssignments(actor),
  });
  route({
    name: 'getApplicationsData',
    method: 'GET',
    url: `${APPLICATIONS}/v1`,
    summary: "The caller's account's apps among ids (every one without ids)",
    access: 'member',
    query: z.object({
      ids: idList('ids').optional(),
      _includeFreeAccess: z.enum(['true', 'false']).default('true'),
    }),
    response: z.array(applicationSchema),
    handler: ({ actor, query }) =>
      applications.applicationsData(actor, query.ids, query._includeFreeAccess === 'true'),
  });

  route({
    name: 'getUserApplicationIds',
    method: 'GET',
    url: `${IDENTITY}/:userId/apps`,
    summary: "The managed apps a member is assigned to (one's own, or any with the users permission)",
    access: 'member',
    params: z.object({ userId: id }),
    response: z.array(z.string()),
    handler: ({ actor, params }) => applications.userAppIds(actor, params.userId),
  });
  route({
    name: 'getUsersApplicationIds',
    method: 'GET',
    url: `${IDENTITY}/users-apps`,
    summary: 'The managed apps of each member among userIds',
    access: 'member',
    query: z.object({ userIds: idList('userIds') }),
    response: z.array(userApplicationIdsSchema),
    handler: ({ actor, query }) => applications.usersAppIds(actor, query.userIds),
  });
  route({
    name: 'getApplicationsUserIds',
    method: 'GET',
    url: `${IDENTITY}/apps-users`,
    summary: "The members assigned to each of the account's apps among appIds",
    access: 'member',
    query: z.object({ appIds: idList('appIds') }),
    response: z.array(applicationUserIdsSchema),
    handler: ({ actor, query }) => applications.appsUserIds(actor, query.appIds),
  });
  route({
    name: 'assignUserToApplications',
    method: 'POST',
    url: `${IDENTITY}/apps-user`,
    summary: "Assign a member to managed apps of the caller's account",
    access: 'member',
    body: assignment,
    status: 201,
    handler: async ({ actor, body }) => {
      await applications.assignUser(actor, body);
    },
  });
  route({
    name: 'unassignUserFromApplications',
    method: 'DELETE',
    url: `${IDENTITY}/user-apps`,
    summary: "Take a member off managed apps of the caller's account",
    access: 'member',
    body: assignment,
    handler: async ({ actor, body }) => {
      await applications.unassignUser(actor, body);
    },
  });

  // The superuser console.
  route({
    name: 'listAll',
    method: 'GET',
    url: VENDOR,
    summary: "Every one of the vendor's apps (superuser only)",
    access: 'vendor',
    response: z.array(applicationSchema),
    handler: () => applications.list(),
  });
  route({
    name: 'create',
    method: 'POST',
    url: VENDOR,
    summary: 'Add an app (superuser only)',
    access: 'vendor',
    body: applicationBodySchema,
    status: 201,
    response: applicationSchema,
    handler: ({ body, claims, request }) =>
      applications.create(body, vendorCallerOf(claims, requestMeta(request))),
  });
  route({
    name: 'update',
    method: 'PATCH',
    url: `${VENDOR}/:appId`,
    summary: 'Change an app (superuser only); the default app stays active',
    access: 'vendor',
    params: z.object({ appId: id }),
    body: applicationChanges,
    response: applicationSchema,
    handler: ({ params, body, claims, request }) =>
      applications.update(params.appId, body, vendorCallerOf(claims, requestMeta(request))),
  });
  route({
    name: 'delete',
    method: 'DELETE',
    url: `${VENDOR}/:appId`,
    summary: 'Delete an app and its assignments (superuser only); not the default app',
    access: 'vendor',
    params: z.object({ appId: id }),
    handler: async ({ params, claims, request }) => {
      await applications.remove(params.appId, vendorCallerOf(claims, requestMeta(request)));
    },
  });
  route({
    name: 'assignTenant',
    method: 'PUT',
    url: `${VENDOR}/:appId/tenants/:tenantId`,
    summary: "Give an account an app, free or managed (the app's own type unless said; superuser only)",
    access: 'vendor',
    params: z.object({ appId: id, tenantId: id }),
    body: z.object({ accessType: applicationAccessTypeSchema.optional() }).default({}),
    handler: async ({ params, body, claims, request }) => {
      await applications.assignTenant(
        { ...params, accessType: body.accessType },
        vendorCallerOf(claims, requestMeta(request)),
      );
    },
  });
  route({
    name: 'unassignTenant',
    method: 'DELETE',
    url: `${VENDOR}/:appId/tenants/:tenantId`,
    summary: 'Take an app from an account and its users (superuser only)',
    access: 'vendor',
    params: z.object({ appId: id, tenantId: id }),
    handler: async ({ params, claims, request }) => {
      await applications.unassignTenant(params, vendorCallerOf(claims, requestMeta(request)));
    },
  });
};
