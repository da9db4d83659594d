import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { oauthClientSchema } from '@brizo/contract/entities/oauth-clients';
import { z } from 'zod';
import { vendorCallerOf } from '../../services/entitlements/vendor-caller.js';
import type { RouteOptions } from '../../services/index.js';
import { isRegistrableOrigin, isRegistrableRedirectUri } from '../../services/oauth/redirect-uri.js';
import { areaRoutes } from '../route.js';
import { requestMeta } from '../schemas.js';

// Issue 16 (prefix /oauth/resources/clients/v1): the superuser registers the hosted login's OAuth clients,
// one per app. Every URI is compared character for character at authorize time (services/oauth).

const MAX_URIS = 20;

const uriList = (what: string, isValid: (uri: string) => boolean, rule: string) =>
  z
    .array(
      z
        .string()
        .max(2048)
        .refine(isValid, { error: `each ${what} must be ${rule}` }),
    )
    .max(MAX_URIS, { error: `at most ${MAX_URIS} ${what}s` })
    .transform((uris) => [...new Set(uris)]);

const ABSOLUTE_URI =
  'an absolute https URI (http only for localhost) without fragment, userinfo or dot segments';
const redirectUris = uriList('redirect URI', isRegistrableRedirectUri, ABSOLUTE_URI);
const postLogoutRedirectUris = uriList('post-logout redirect URI', isRegistrableRedirectUri, ABSOLUTE_URI);
const allowedOrigins = uriList(
  'allowed origin',
  isRegistrableOrigin,
  'an origin such as https://app.example.com (http only for localhost), without path',
);
const name = z.string().trim().min(1, { error: 'name is required' }).max(200);

const clientFields = z
  .object({
    name,
    redirectUris: redirectUris.refine((uris) => uris.length > 0, { error: 'at least one redirect URI' }),
    postLogoutRedirectUris: postLogoutRedirectUris.default([]),
    allowedOrigins: allowedOrigins.default([]),
  })
  .strict();

const clientChanges = z
  .object({
    name: name.optional(),
    redirectUris: redirectUris.optional(),
    postLogoutRedirectUris: postLogoutRedirectUris.optional(),
    allowedOrigins: allowedOrigins.optional(),
  })
  .strict();

const clientParams = z.object({ clientId: z.string().min(1).max(128) });

export const oauthClientsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'oauth-clients');
  const { clients } = services.oauth;

  route({
    name: 'list',
    method: 'GET',
    url: '/',
    summary: 'The OAuth clients of the hosted login (superuser only)',
    access: 'vendor',
    response: z.array(oauthClientSchema),
    handler: () => clients.list(),
  });
  route({
    name: 'get',
    method: 'GET',
    url: '/:clientId',
    summary: 'One OAuth client (superuser only)',
    access: 'vendor',
    params: clientParams,
    response: oauthClientSchema,
    handler: ({ params }) => clients.get(params.clientId),
  });
  route({
    name: 'create',
    method: 'POST',
    url: '/',
    summary: 'Register an OAuth client: its exact redirect URIs (superuser only)',
    access: 'vendor',
    status: 201,
    body: clientFields,
    response: oauthClientSchema,
    handler: ({ body, claims, request }) =>
      clients.create(body, vendorCallerOf(claims, requestMeta(request))),
  });
  route({
    name: 'update',
    method: 'PATCH',
    url: '/:clientId',
    summary:
      "Change an OAuth client's name or URI lists; a list given replaces the stored one (superuser only)",
    access: 'vendor',
    params: clientParams,
    body: clientChanges,
    response: oauthClientSchema,
    handler: ({ params, body, claims, request }) =>
      clients.update(params.clientId, body, vendorCallerOf(claims, requestMeta(request))),
  });
  route({
    name: 'delete',
    method: 'DELETE',
    url: '/:clientId',
    summary: 'Delete an OAuth client and its pending codes; not the built-in one (superuser only)',
    access: 'vendor',
    params: clientParams,
    handler: async ({ params, claims, request }) => {
      await clients.delete(params.clientId, vendorCallerOf(claims, requestMeta(request)));
    },
  });
};
