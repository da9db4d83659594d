import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { socialLoginsPlacements } from '@brizo/contract';
import { accountSettingsSchema } from '@brizo/contract/entities/tenant';
import { z } from 'zod';
import { appError, errorCatalogue } from '../../errors.js';
import type { RouteOptions } from '../../services/index.js';
import { requireSignedIn } from '../admin-access.js';
import { areaRoutes } from '../route.js';

// Account settings (/tenants/resources/account-settings/v1), as the SDK's AccountSettingsState
// calls them (SPEC section 3 "Account settings"); the tenant is always the caller's active one.

const settingsResponse = accountSettingsSchema;

const text = (max: number) => z.string().trim().max(max).nullable().optional();

const settingsBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(100).optional(),
  address: text(500),
  website: z
    .union([z.literal(''), z.url({ protocol: /^https?$/, error: 'website must be an http(s) address' })])
    .nullable()
    .optional(),
  timezone: text(64),
  dateFormat: text(32),
  timeFormat: text(32),
  // An empty currency is "not set" (a new account has none), like null.
  currency: z
    .union([
      z.literal('').transform(() => null),
      z.string().regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code such as USD'),
    ])
    .nullable()
    .optional(),
  // Checked in the service (format, then size) so each failure gets its own message.
  logo: z
    .string()
    .max(2 * 1024 * 1024)
    .nullable()
    .optional(),
});

export const accountSettingsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { accountSettings } = services;
  const route = areaRoutes(app, services, 'tenants');

  route({
    name: 'getAccountSettings',
    method: 'GET',
    url: '/',
    tag: 'account settings',
    summary: "The active tenant's account settings",
    access: { permission: 'fe.secure.read.accountSettings' },
    response: settingsResponse,
    handler: ({ actor }) => accountSettings.get(actor),
  });

  route({
    name: 'replaceAccountSettings',
    method: 'PUT',
    url: '/',
    tag: 'account settings',
    summary: "Update the active tenant's account settings ('No changes to update' when nothing differs)",
    access: { permission: 'fe.secure.write.accountSettings' },
    body: settingsBody,
    response: settingsResponse,
    handler: ({ actor, body }) => accountSettings.update(actor, body),
  });

  route({
    name: 'getPublicAccountSettings',
    method: 'GET',
    url: '/public',
    tag: 'account settings',
    summary:
      'What the login box may know of an account before sign-in (tenantId query or frontegg-tenant-id header)',
    access: 'public',
    query: z.object({ tenantId: z.uuid({ error: 'tenantId must be a valid id' }).optional() }),
    headers: z.object({
      'frontegg-tenant-id': z.uuid({ error: 'frontegg-tenant-id must be a valid id' }).optional(),
    }),
    response: z.object({ tenantId: z.string(), loginUrl: z.string() }),
    handler: async ({ request, query }) => {
      // The SDK's getPublicSettings sends neither once signed in: then it is the token's own account.
      const tenantId =
        query.tenantId ??
        request.headers['frontegg-tenant-id'] ??
        (request.headers.authorization
          ? (await requireSignedIn(request, services.tokens)).tenantId
          : undefined);
      if (!tenantId) throw appError(errorCatalogue.admin.noActiveTenant);
      return accountSettings.publicSettings(tenantId);
    },
  });
};

const customLoginAction = z.object({
  type: z.string().min(1).max(200),
  payload: z.union([z.string().max(2 * 1024 * 1024), z.number(), z.boolean()]),
});

/**
 * The tenant's custom login box (/metadata/admin-box), as CustomLoginState loads and updates it:
 * `{ actions: [{ type: 'loginBox/logo/image', payload }] }`, one action per changed leaf.
 */
export const customLoginRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { accountSettings } = services;
  const route = areaRoutes(app, services, 'tenants');

  route({
    name: 'getCustomLogin',
    method: 'GET',
    url: '/',
    tag: 'account settings',
    summary: "The active tenant's login box customisation (logo, palette, social login placement)",
    access: { permission: 'fe.secure.read.accountSettings' },
    response: z.record(z.string(), z.unknown()),
    handler: ({ actor }) => accountSettings.customLogin(actor),
  });

  route({
    name: 'getPublicCustomLogin',
    method: 'GET',
    url: '/public',
    tag: 'account settings',
    summary:
      "The login box look of the account's login address (no sign-in); an unknown tenant gets the product's defaults",
    access: 'public',
    query: z.object({
      tenantId: z.uuid({ error: 'tenantId must be a valid id' }),
    }),
    response: z.object({
      logo: z.string().nullable().describe('data:image/{type};base64 URL, null for the product logo'),
      primaryColor: z.string().nullable().describe('CSS colour, null for the product colour'),
      socialLoginsPlacement: z.enum(socialLoginsPlacements),
    }),
    handler: ({ query }) => accountSettings.publicLoginBox(query.tenantId),
  });

  route({
    name: 'updateCustomLogin',
    method: 'POST',
    url: '/',
    tag: 'account settings',
    summary: 'Change the login box customisation, one action per setting',
    access: { permission: 'fe.account-settings.write.custom-login-box' },
    body: z.object({ actions: z.array(customLoginAction).min(1, 'No changes to update').max(20) }),
    response: z.record(z.string(), z.unknown()),
    handler: ({ actor, body }) => accountSettings.updateCustomLogin(actor, body.actions),
  });
};
