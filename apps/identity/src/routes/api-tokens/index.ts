import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessTokenSchema,
  personalApiTokenSchema,
  tenantAccessTokenSchema,
  tenantApiTokenSchema,
} from '@brizo/contract/entities/api-token';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';
import { requestMeta, unvalidatedJson } from '../schemas.js';
import { guardJsonParser } from '../malformed-input.js';

// Personal API tokens (/identity/resources/users/api-tokens) and tenant API tokens
// (/identity/resources/tenants/api-tokens), as the SDK's ApiTokensState calls them (SPEC section 7).

const description = z.string().max(1024).optional();
/** SPEC section 5: the portal sends days × 1440; null or absent means the token never expires. */
const expiresInMinutes = z.number().int().min(1).max(5_256_000).nullable().optional();
const metadata = z.record(z.string(), z.unknown()).optional();

const personalToken = personalApiTokenSchema;
const tenantToken = tenantApiTokenSchema;
const withSecret = <T extends z.ZodObject>(schema: T) => schema.extend({ secret: z.string() });

const tokenRoleIds = z.array(z.uuid({ error: 'roleIds must be role ids' })).max(100);

const tokenId = z.object({ id: z.uuid({ error: 'id must be a valid token id' }) });
/** SPEC "API token types": accessToken. The secret is the signed token itself, in the creation's answer only. */
const accessToken = accessTokenSchema;
const tenantAccessToken = tenantAccessTokenSchema;
const newAccessToken = z.object({
  description,
  expiresInMinutes,
  roleIds: z.array(z.string()).max(100).optional(),
});

export const apiTokensRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { apiTokens } = services;
  const route = areaRoutes(app, services, 'api tokens');

  route({
    name: 'getUsersApiTokensV1',
    method: 'GET',
    url: '/users/api-tokens/v1',
    summary: "The signed-in user's personal API tokens in the active tenant (never their secrets)",
    access: { permission: 'fe.secure.read.userApiTokens' },
    response: z.array(personalToken),
    handler: ({ actor }) => apiTokens.listPersonalTokens(actor),
  });

  route({
    name: 'createUsersApiTokensV1',
    method: 'POST',
    url: '/users/api-tokens/v1',
    summary:
      'Create a personal API token; the secret is in this answer only. Personal tokens take no roleIds.',
    access: { permission: 'fe.secure.write.userApiTokens' },
    body: z.object({ description, expiresInMinutes, metadata, roleIds: z.array(z.string()).optional() }),
    response: withSecret(personalToken),
    status: 201,
    handler: ({ actor, request }) => apiTokens.createPersonalToken(actor, request.body),
  });

  route({
    name: 'deleteUsersApiTokensV1ById',
    method: 'DELETE',
    url: '/users/api-tokens/v1/:id',
    summary: 'Delete one of the signed-in user’s personal API tokens (404 for anyone else’s)',
    access: { permission: 'fe.secure.delete.userApiTokens' },
    params: tokenId,
    handler: ({ actor, request }) => apiTokens.deletePersonalToken(actor, request.params.id),
  });

  route({
    name: 'updateUsersApiTokensV1ById',
    method: 'PATCH',
    url: '/users/api-tokens/v1/:id',
    summary:
      'Change the description of one of the signed-in user’s personal API tokens (404 for anyone else’s); no roles',
    access: { permission: 'fe.secure.write.userApiTokens' },
    params: tokenId,
    body: z.object({ description, metadata, roleIds: z.array(z.string()).max(100).optional() }),
    response: personalToken,
    handler: ({ actor, request }) => apiTokens.updatePersonalToken(actor, request.params.id, request.body),
  });

  route({
    name: 'getUsersAccessTokensV1',
    method: 'GET',
    url: '/users/access-tokens/v1',
    summary: "The signed-in user's personal access tokens in the active tenant (never the tokens themselves)",
    access: { permission: 'fe.secure.read.userApiTokens' },
    response: z.object({ accessTokens: z.array(accessToken) }),
    handler: ({ actor }) => apiTokens.listPersonalAccessTokens(actor),
  });

  route({
    name: 'createUsersAccessTokensV1',
    method: 'POST',
    url: '/users/access-tokens/v1',
    summary:
      'Create a personal access token: `secret` is the bearer token, acting as its owner; in this answer only. No roleIds.',
    access: { permission: 'fe.secure.write.userApiTokens' },
    body: newAccessToken,
    response: accessToken.extend({ secret: z.string() }),
    status: 201,
    handler: ({ actor, request }) => apiTokens.createPersonalAccessToken(actor, request.body),
  });

  route({
    name: 'deleteUsersAccessTokensV1ById',
    method: 'DELETE',
    url: '/users/access-tokens/v1/:id',
    summary:
      "Delete one of the signed-in user's personal access tokens: it stops working at once (404 for anyone else's)",
    access: { permission: 'fe.secure.delete.userApiTokens' },
    params: tokenId,
    handler: ({ actor, request }) => apiTokens.deletePersonalAccessToken(actor, request.params.id),
  });

  route({
    name: 'getTenantsApiTokensV1',
    method: 'GET',
    url: '/tenants/api-tokens/v1',
    summary: "The active tenant's API tokens (never their secrets)",
    access: { permission: 'fe.secure.read.tenantApiTokens' },
    response: z.array(tenantToken),
    handler: ({ actor }) => apiTokens.listTenantTokens(actor),
  });

  const newTenantToken = z.object({
    description,
    expiresInMinutes,
    metadata,
    roleIds: tokenRoleIds.optional(),
  });
  for (const url of ['/tenants/api-tokens/v1', '/tenants/api-tokens/v2']) {
    route({
      name: url.endsWith('v2') ? 'createTenantsApiTokensV2' : 'createTenantsApiTokensV1',
      method: 'POST',
      url,
      summary:
        'Create a tenant API token with roles assignable in the tenant whose permissions the creator holds; the secret is in this answer only',
      access: { permission: 'fe.secure.write.tenantApiTokens' },
      body: newTenantToken,
      response: withSecret(tenantToken),
      status: 201,
      handler: ({ actor, request }) => apiTokens.createTenantToken(actor, request.body),
    });
  }

  route({
    name: 'deleteTenantsApiTokensV1ById',
    method: 'DELETE',
    url: '/tenants/api-tokens/v1/:id',
    summary: "Delete one of the active tenant's API tokens (404 for another tenant's)",
    access: { permission: 'fe.secure.delete.tenantApiTokens' },
    params: tokenId,
    handler: ({ actor, request }) => apiTokens.deleteTenantToken(actor, request.params.id),
  });

  route({
    name: 'updateTenantsApiTokensV1ById',
    method: 'PATCH',
    url: '/tenants/api-tokens/v1/:id',
    summary:
      "Change the description or roles of one of the active tenant's API tokens (404 for another tenant's); roles as on creation",
    access: { permission: 'fe.secure.write.tenantApiTokens' },
    params: tokenId,
    body: z.object({ description, metadata, roleIds: tokenRoleIds.optional() }),
    response: tenantToken,
    handler: ({ actor, request }) => apiTokens.updateTenantToken(actor, request.params.id, request.body),
  });

  route({
    name: 'getTenantsAccessTokensV1',
    method: 'GET',
    url: '/tenants/access-tokens/v1',
    summary: "The active tenant's access tokens (never the tokens themselves)",
    access: { permission: 'fe.secure.read.tenantApiTokens' },
    response: z.object({ accessTokens: z.array(tenantAccessToken) }),
    handler: ({ actor }) => apiTokens.listTenantAccessTokens(actor),
  });

  route({
    name: 'createTenantsAccessTokensV1',
    method: 'POST',
    url: '/tenants/access-tokens/v1',
    summary:
      'Create a tenant access token with roles as a tenant API token takes them: `secret` is the bearer token, in this answer only',
    access: { permission: 'fe.secure.write.tenantApiTokens' },
    body: newAccessToken.extend({ roleIds: tokenRoleIds.optional() }),
    response: tenantAccessToken.extend({ secret: z.string() }),
    status: 201,
    handler: ({ actor, request }) => apiTokens.createTenantAccessToken(actor, request.body),
  });

  route({
    name: 'deleteTenantsAccessTokensV1ById',
    method: 'DELETE',
    url: '/tenants/access-tokens/v1/:id',
    summary:
      "Delete one of the active tenant's access tokens: it stops working at once (404 for another tenant's)",
    access: { permission: 'fe.secure.delete.tenantApiTokens' },
    params: tokenId,
    handler: ({ actor, request }) => apiTokens.deleteTenantAccessToken(actor, request.params.id),
  });
};

const credentials = z.object({ clientId: z.string().min(1).max(256), secret: z.string().min(1).max(512) });

/**
 * The exchange's answer (`token` and `expiresIn` name its first two fields) written directly: a compact
 * JWS (base64url and dots), a whole number of seconds and an HTTP date never need JSON escaping, and
 * JSON.stringify's scan of the 1.4 kB token was 2% of an exchange. Errors are written as JSON.
 */
const exchangeAnswer =
  (token: string, expiresIn: string) =>
  ({ httpStatus }: { httpStatus?: string }) =>
    httpStatus === '200'
      ? (data: Record<string, string | number>) =>
          `{"${token}":"${data[token]}","${expiresIn}":${data[expiresIn]},"expires":"${data.expires}"}`
      : unvalidatedJson();

/** /identity/resources/auth: the client-credentials exchange of an API token for an access token. */
export const apiTokenExchangeRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { apiTokens } = services;

  // The body goes straight into the credentials schema, which keeps clientId and secret only: the
  // scan for __proto__ and constructor keys that guards objects merged elsewhere buys nothing here. The
  // depth and text checks stay (issue 10): a NUL in clientId would reach the database.
  const parseJson = guardJsonParser(app.getDefaultJsonParser('ignore', 'ignore'));
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJson);

  const route = areaRoutes(app, services, 'api tokens');

  route({
    name: 'exchangeV1',
    method: 'POST',
    url: '/v1/api-token',
    summary:
      'Exchange an API token (clientId, secret) for an access token carrying its tenant, roles and permissions',
    access: 'public',
    body: credentials,
    response: z.object({ accessToken: z.string(), expiresIn: z.number(), expires: z.string() }),
    serializerCompiler: exchangeAnswer('accessToken', 'expiresIn'),
    handler: async ({ body, request }) => {
      const signed = await apiTokens.exchange(body.clientId, body.secret, requestMeta(request));
      return {
        accessToken: signed.accessToken,
        expiresIn: signed.expiresIn,
        expires: signed.expires.toUTCString(),
      };
    },
  });

  route({
    name: 'exchangeV2',
    method: 'POST',
    url: '/v2/api-token',
    summary: 'The same exchange with snake_case answer fields (no refresh token: exchange again instead)',
    access: 'public',
    body: credentials,
    response: z.object({ access_token: z.string(), expires_in: z.number(), expires: z.string() }),
    serializerCompiler: exchangeAnswer('access_token', 'expires_in'),
    handler: async ({ body, request }) => {
      const signed = await apiTokens.exchange(body.clientId, body.secret, requestMeta(request));
      return {
        access_token: signed.accessToken,
        expires_in: signed.expiresIn,
        expires: signed.expires.toUTCString(),
      };
    },
  });
};
