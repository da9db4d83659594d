import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { requirePermission } from '../admin-access.js';
import { emptyResponse, responses, unvalidatedJson } from '../schemas.js';

// Personal API tokens (/identity/resources/users/api-tokens) and tenant API tokens
// (/identity/resources/tenants/api-tokens), as the SDK's ApiTokensState calls them (SPEC section 7).

const description = z.string().max(1024).optional();
/** SPEC section 5: the portal sends days × 1440; null or absent means the token never expires. */
const expiresInMinutes = z.number().int().min(1).max(5_256_000).nullable().optional();
const metadata = z.record(z.string(), z.unknown()).optional();

const personalToken = z.object({
  clientId: z.string(),
  description: z.string(),
  metadata: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  expires: z.string().optional(),
});
const tenantToken = personalToken.extend({
  tenantId: z.string(),
  createdByUserId: z.string().nullable(),
  roleIds: z.array(z.string()),
  permissionIds: z.array(z.string()),
});
const withSecret = <T extends z.ZodObject>(schema: T) => schema.extend({ secret: z.string() });

const tokenRoleIds = z.array(z.uuid({ error: 'roleIds must be role ids' })).max(100);

const tokenId = z.object({ id: z.uuid({ error: 'id must be a valid token id' }) });
/** The access-token strategy (SPEC "API token types") is not offered: its lists are always empty. */
const noAccessTokens = z.object({ accessTokens: z.array(z.never()) });

export const apiTokensRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { apiTokens, tokens } = services;

  app.get(
    '/users/api-tokens/v1',
    {
      schema: {
        tags: ['api tokens'],
        summary: "The signed-in user's personal API tokens in the active tenant (never their secrets)",
        security: [{ bearer: [] }],
        response: responses({ 200: z.array(personalToken) }),
      },
    },
    async (request) =>
      apiTokens.listPersonalTokens(await requirePermission(request, tokens, 'fe.secure.read.userApiTokens')),
  );

  app.post(
    '/users/api-tokens/v1',
    {
      schema: {
        tags: ['api tokens'],
        summary:
          'Create a personal API token; the secret is in this answer only. Personal tokens take no roleIds.',
        security: [{ bearer: [] }],
        body: z.object({ description, expiresInMinutes, metadata, roleIds: z.array(z.string()).optional() }),
        response: responses({ 201: withSecret(personalToken) }),
      },
    },
    async (request, reply) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.userApiTokens');
      return reply.code(201).send(await apiTokens.createPersonalToken(actor, request.body));
    },
  );

  app.delete(
    '/users/api-tokens/v1/:id',
    {
      schema: {
        tags: ['api tokens'],
        summary: 'Delete one of the signed-in user’s personal API tokens (404 for anyone else’s)',
        security: [{ bearer: [] }],
        params: tokenId,
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.delete.userApiTokens');
      await apiTokens.deletePersonalToken(actor, request.params.id);
      return {};
    },
  );

  app.patch(
    '/users/api-tokens/v1/:id',
    {
      schema: {
        tags: ['api tokens'],
        summary:
          'Change the description of one of the signed-in user’s personal API tokens (404 for anyone else’s); no roles',
        security: [{ bearer: [] }],
        params: tokenId,
        body: z.object({ description, metadata, roleIds: z.array(z.string()).max(100).optional() }),
        response: responses({ 200: personalToken }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.userApiTokens');
      return apiTokens.updatePersonalToken(actor, request.params.id, request.body);
    },
  );

  app.get(
    '/users/access-tokens/v1',
    {
      schema: {
        tags: ['api tokens'],
        summary:
          'Personal access tokens (the access-token strategy): none, only client credentials are issued',
        security: [{ bearer: [] }],
        response: responses({ 200: noAccessTokens }),
      },
    },
    async (request) => {
      await requirePermission(request, tokens, 'fe.secure.read.userApiTokens');
      return { accessTokens: [] };
    },
  );

  app.get(
    '/tenants/api-tokens/v1',
    {
      schema: {
        tags: ['api tokens'],
        summary: "The active tenant's API tokens (never their secrets)",
        security: [{ bearer: [] }],
        response: responses({ 200: z.array(tenantToken) }),
      },
    },
    async (request) =>
      apiTokens.listTenantTokens(await requirePermission(request, tokens, 'fe.secure.read.tenantApiTokens')),
  );

  const createTenantToken = {
    schema: {
      tags: ['api tokens'],
      summary:
        'Create a tenant API token with roles assignable in the tenant whose permissions the creator holds; the secret is in this answer only',
      security: [{ bearer: [] }],
      body: z.object({
        description,
        expiresInMinutes,
        metadata,
        roleIds: tokenRoleIds.optional(),
      }),
      response: responses({ 201: withSecret(tenantToken) }),
    },
  };
  for (const path of ['/tenants/api-tokens/v1', '/tenants/api-tokens/v2']) {
    app.post(path, createTenantToken, async (request, reply) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.tenantApiTokens');
      return reply.code(201).send(await apiTokens.createTenantToken(actor, request.body));
    });
  }

  app.delete(
    '/tenants/api-tokens/v1/:id',
    {
      schema: {
        tags: ['api tokens'],
        summary: "Delete one of the active tenant's API tokens (404 for another tenant's)",
        security: [{ bearer: [] }],
        params: tokenId,
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.delete.tenantApiTokens');
      await apiTokens.deleteTenantToken(actor, request.params.id);
      return {};
    },
  );

  app.patch(
    '/tenants/api-tokens/v1/:id',
    {
      schema: {
        tags: ['api tokens'],
        summary:
          "Change the description or roles of one of the active tenant's API tokens (404 for another tenant's); roles as on creation",
        security: [{ bearer: [] }],
        params: tokenId,
        body: z.object({ description, metadata, roleIds: tokenRoleIds.optional() }),
        response: responses({ 200: tenantToken }),
      },
    },
    async (request) => {
      const actor = await requirePermission(request, tokens, 'fe.secure.write.tenantApiTokens');
      return apiTokens.updateTenantToken(actor, request.params.id, request.body);
    },
  );

  app.get(
    '/tenants/access-tokens/v1',
    {
      schema: {
        tags: ['api tokens'],
        summary: 'Tenant access tokens (the access-token strategy): none, only client credentials are issued',
        security: [{ bearer: [] }],
        response: responses({ 200: noAccessTokens }),
      },
    },
    async (request) => {
      await requirePermission(request, tokens, 'fe.secure.read.tenantApiTokens');
      return { accessTokens: [] };
    },
  );
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
  // scan for __proto__ and constructor keys that guards objects merged elsewhere buys nothing here.
  const parseJson = app.getDefaultJsonParser('ignore', 'ignore');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJson);

  app.post(
    '/v1/api-token',
    {
      schema: {
        tags: ['api tokens'],
        summary:
          'Exchange an API token (clientId, secret) for an access token carrying its tenant, roles and permissions',
        body: credentials,
        response: responses({
          200: z.object({ accessToken: z.string(), expiresIn: z.number(), expires: z.string() }),
        }),
      },
      serializerCompiler: exchangeAnswer('accessToken', 'expiresIn'),
    },
    async (request) => {
      const signed = await apiTokens.exchange(request.body.clientId, request.body.secret);
      return {
        accessToken: signed.accessToken,
        expiresIn: signed.expiresIn,
        expires: signed.expires.toUTCString(),
      };
    },
  );

  app.post(
    '/v2/api-token',
    {
      schema: {
        tags: ['api tokens'],
        summary: 'The same exchange with snake_case answer fields (no refresh token: exchange again instead)',
        body: credentials,
        response: responses({
          200: z.object({ access_token: z.string(), expires_in: z.number(), expires: z.string() }),
        }),
      },
      serializerCompiler: exchangeAnswer('access_token', 'expires_in'),
    },
    async (request) => {
      const signed = await apiTokens.exchange(request.body.clientId, request.body.secret);
      return {
        access_token: signed.accessToken,
        expires_in: signed.expiresIn,
        expires: signed.expires.toUTCString(),
      };
    },
  );
};
