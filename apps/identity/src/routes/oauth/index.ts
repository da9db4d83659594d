import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appError, errorCatalogue, toErrorResponse, type AppError } from '../../errors.js';
import type { RouteOptions } from '../../services/index.js';
import {
  ClientAuthenticationError,
  clientCredentialsGrant,
} from '../../services/oauth/client-credentials.js';
import { LOGIN_BOX_PATH } from '../../services/oauth/clients.js';
import { credentialRateLimit } from '../rate-limit.js';
import { logoutConfirmationPage, logoutPageHeaders } from './logout-page.js';
import { emptyResponse, errorResponse, requestMeta } from '../schemas.js';
import { isUnsafeText } from '../malformed-input.js';
import { replyWithoutSession, replyWithSession, sessionCookieOf } from '../../auth/session-reply.js';
import { areaRoutes } from '../route.js';
import { isSameOriginRequest } from '../cross-site-guard.js';

const param = (max = 2048) => z.string().max(max);

const authorizeQuery = z.object({
  response_type: param(64),
  client_id: param(128),
  redirect_uri: param(),
  scope: param(512),
  state: param(1024).optional(),
  nonce: param(512).optional(),
  code_challenge: param(256).optional(),
  code_challenge_method: param(32).optional(),
  code_verifier: param(256).optional(),
  prompt: param(64).optional(),
  organization: param(256).optional(),
  tenantId: param(256).optional(),
  login_direct_action: param().optional(),
});

const tokenBody = z.object({
  grant_type: param(64),
  code: param(512).optional(),
  redirect_uri: param().optional(),
  code_verifier: param(256).optional(),
  client_id: param(128).optional(),
  client_secret: param(512).optional(),
  scope: param(512).optional(),
  refresh_token: param(512).optional(),
});

const tokenResponse = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  id_token: z.string().describe('The SDK uses it as its access token'),
  refresh_token: z.string(),
  expires_in: z.number(),
  scope: z.string(),
});

const clientCredentialsResponse = z
  .object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number() })
  .describe('grant_type=client_credentials: no refresh token, no id_token');

/** RFC 6749 5.2 `error` of the token endpoint's answers, by error code; the SPEC's error shape stays. */
const rfc6749Errors: Record<string, string> = {
  [errorCatalogue.request.validation.code]: 'invalid_request',
  [errorCatalogue.request.malformedJson.code]: 'invalid_request',
  [errorCatalogue.request.badRequest.code]: 'invalid_request',
  [errorCatalogue.request.unsupportedMediaType.code]: 'invalid_request',
  [errorCatalogue.request.tooLarge.code]: 'invalid_request',
  [errorCatalogue.oauth.invalidRequest.code]: 'invalid_request',
  [errorCatalogue.oauth.clientAuthenticationFailed.code]: 'invalid_client',
  [errorCatalogue.oauth.invalidGrant.code]: 'invalid_grant',
  [errorCatalogue.oauth.unsupportedGrantType.code]: 'unsupported_grant_type',
  [errorCatalogue.oauth.invalidScope.code]: 'invalid_scope',
};

const tokenErrorResponse = errorResponse.extend({
  error: z.string().optional().describe('RFC 6749 5.2 error code'),
  error_description: z.string().optional(),
});

/** RFC 6749 5.2: error_description is printable ASCII without `"` and `\`. */
const asErrorDescription = (message: string) =>
  message
    .replaceAll('"', "'")
    .replaceAll('\\', '/')
    .replace(/[^\x20-\x7e]/g, '?');

/** The realm of the Basic challenge (RFC 7617) of client authentication. */
const BASIC_CHALLENGE = 'Basic realm="token", charset="UTF-8"';

/** RFC 6750 3.1: the challenge of a refused bearer token at the userinfo endpoint. */
const INVALID_TOKEN_CHALLENGE = 'Bearer error="invalid_token"';

/** The userinfo endpoint's refusals: the SPEC's error shape, with RFC 6750's challenge on a 401. */
function userInfoErrorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toErrorResponse(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  if (status === 401) reply.header('www-authenticate', INVALID_TOKEN_CHALLENGE);
  return noStore(reply).code(status).type('application/json; charset=utf-8').send(body);
}

const userInfoResponse = z.object({
  sub: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  name: z.string(),
  picture: z.string().optional(),
  tenantId: z.string().nullable(),
  tenantIds: z.array(z.string()),
});

/** The token of an `Authorization: Bearer` header: the SDK's hosted logout sends its ID token that way. */
const bearerToken = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];

/** RFC 6749 5.1: token responses must not be cached. */
const noStore = (reply: FastifyReply) =>
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');

/**
 * The token endpoint's errors: the SPEC's shape plus RFC 6749 5.2's `error` and `error_description`, so
 * standard OAuth clients read them; a failed client authentication over Basic carries its challenge.
 */
function tokenErrorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const { status, body } = toErrorResponse(error);
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.debug({ err: error, errorCode: body.errorCode }, 'request rejected');
  if (error instanceof ClientAuthenticationError && error.challenge) {
    reply.header('www-authenticate', BASIC_CHALLENGE);
  }
  const rfcError = rfc6749Errors[body.errorCode];
  const answer = rfcError
    ? { ...body, error: rfcError, error_description: asErrorDescription(body.errors[0] ?? '') }
    : body;
  return noStore(reply).code(status).type('application/json; charset=utf-8').send(answer);
}

/**
 * /oauth: the hosted login's authorization server (SPEC section 7): authorize (PKCE S256), token
 * (authorization_code, refresh_token; client_credentials for API tokens), silent authorization from the
 * session cookie, logout.
 */
export const oauthRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const { oauth, sessions, apiTokens } = services;
  const route = areaRoutes(app, services, 'oauth');
  // OAuth answers keep refresh_token in the body (RFC 6749); the identity origin's cookie follows it.
  const followToken = (reply: FastifyReply, refreshToken: string) =>
    replyWithSession(noStore(reply), sessions, { refreshToken }, 'refresh');

  // Standard OAuth clients post the token request as a form (RFC 6749 4.1.3); the SDK posts JSON.
  // RFC 6749 3.2: a parameter sent twice is an invalid request, not "the last one wins".
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      const fields: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(text)) {
        // Issue 10: `%00` decodes to a NUL no column can store (routes/malformed-input.ts).
        if (isUnsafeText(key) || isUnsafeText(value)) {
          done(appError(errorCatalogue.request.unsafeText), undefined);
          return;
        }
        if (Object.hasOwn(fields, key)) {
          done(appError(errorCatalogue.oauth.invalidRequest, `${key.slice(0, 64)} is repeated`), undefined);
          return;
        }
        fields[key] = value;
      }
      done(null, fields);
    },
  );

  route({
    name: 'authorize',
    method: 'GET',
    url: '/authorize',
    summary:
      'Authorization endpoint: PKCE S256 required, exact redirect_uri; signed in → redirect with a code, else the login box',
    access: 'public',
    query: authorizeQuery,
    produces: 'other',
    answers: { 302: z.null().describe('To the redirect_uri with code and state, or to the login box') },
    handler: async ({ request, reply, query }) => {
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const location = await oauth.authorize(
        query,
        rawQuery,
        sessionCookieOf(request, sessions),
        requestMeta(request),
      );
      return noStore(reply).redirect(location, 302);
    },
  });

  route({
    name: 'token',
    method: 'POST',
    url: '/token',
    summary:
      'Token endpoint: authorization_code (with code_verifier), refresh_token (rotated), client_credentials (an API token: HTTP Basic or client_id and client_secret)',
    access: 'public',
    config: credentialRateLimit(config),
    body: tokenBody,
    response: z.union([tokenResponse, clientCredentialsResponse]),
    errors: { response: tokenErrorResponse, handler: tokenErrorHandler },
    handler: async ({ request, reply, body }) => {
      const meta = requestMeta(request);
      let response;
      if (body.grant_type === 'client_credentials') {
        // Machine to machine: no session, so no refresh token and no cookie.
        const granted = await clientCredentialsGrant(apiTokens, request.headers.authorization, body, meta);
        noStore(reply);
        return granted;
      }
      if (body.grant_type === 'authorization_code') {
        if (!body.code || !body.redirect_uri) {
          throw appError(errorCatalogue.oauth.invalidRequest, 'code and redirect_uri are required');
        }
        response = await oauth.exchangeCode(
          {
            code: body.code,
            redirect_uri: body.redirect_uri,
            code_verifier: body.code_verifier,
            client_id: body.client_id,
          },
          meta,
        );
      } else if (body.grant_type === 'refresh_token') {
        if (!body.refresh_token)
          throw appError(errorCatalogue.oauth.invalidRequest, 'refresh_token is required');
        response = await oauth.refresh(body.refresh_token, undefined, meta);
      } else {
        throw appError(errorCatalogue.oauth.unsupportedGrantType);
      }
      // The identity origin's session follows the newest token, so a reload's silent authorization finds
      // it current; a registered client's pages calling from their own origin get no cookie (routes/cors.ts).
      if (isSameOriginRequest(config, request)) await followToken(reply, response.refresh_token);
      else noStore(reply);
      return response;
    },
  });

  route({
    name: 'authorizeSilent',
    method: 'POST',
    url: '/authorize/silent',
    summary: 'Silent authorization: tokens from the session cookie (rotated), 401 without a session',
    access: 'refresh-cookie',
    body: z.object({ tenantId: z.string().max(256).nullish() }).nullish(),
    response: tokenResponse,
    handler: async ({ request, reply, body }) => {
      try {
        const response = await oauth.refresh(
          sessionCookieOf(request, sessions),
          body?.tenantId,
          requestMeta(request),
        );
        await followToken(reply, response.refresh_token);
        return response;
      } catch (error) {
        replyWithoutSession(reply, sessions);
        throw error;
      }
    },
  });

  // Issue 16: OpenID Connect UserInfo (Core 5.3), GET and POST alike; the token only in the header.
  for (const method of ['GET', 'POST'] as const) {
    route({
      name: method === 'GET' ? 'userInfo' : 'userInfoPost',
      method,
      url: '/userinfo',
      summary: "UserInfo endpoint: the bearer access token's person (sub, email, name, picture, tenants)",
      access: 'public',
      response: userInfoResponse,
      errors: { response: errorResponse, handler: userInfoErrorHandler },
      handler: async ({ request, reply }) => {
        const info = await oauth.userInfo(bearerToken(request.headers.authorization));
        noStore(reply);
        return info;
      },
    });
  }

  const logoutFields = {
    post_logout_redirect_uri: param().optional(),
    client_id: param(128).optional(),
    state: param(1024).optional(),
  };
  route({
    name: 'logout',
    method: 'GET',
    url: '/logout',
    summary:
      'End-session endpoint (OpenID RP-Initiated Logout): with an id_token_hint (or bearer) of the cookie session, ends it; else a confirmation page',
    access: 'public',
    query: z.object({ ...logoutFields, id_token_hint: param(8192).optional() }),
    produces: 'other',
    answers: {
      200: z.union([emptyResponse, z.string().describe('The confirmation page (text/html)')]),
      302: z.null().describe('To the registered post_logout_redirect_uri, with state'),
    },
    handler: async ({ request, reply, query }) => {
      const outcome = await oauth.logout(
        sessionCookieOf(request, sessions),
        query,
        bearerToken(request.headers.authorization),
        requestMeta(request),
      );
      if (!outcome.signedOut) {
        return reply
          .headers(logoutPageHeaders(outcome.location))
          .send(logoutConfirmationPage(outcome.email, outcome.confirmation));
      }
      replyWithoutSession(reply, sessions);
      if (outcome.location) return reply.redirect(outcome.location, 302);
      // The SDK calls this endpoint with fetch and reads JSON; a person who opened it in the address
      // bar (no session, no registered address to go on to) is shown the login box, not `{}`.
      if (request.headers['sec-fetch-mode'] === 'navigate') return reply.redirect(LOGIN_BOX_PATH, 302);
      return {};
    },
  });

  route({
    name: 'confirmLogout',
    method: 'POST',
    url: '/logout',
    summary: 'The confirmation page posts here: ends the session, then on to the registered address',
    access: 'public',
    body: z.object(logoutFields).nullish(),
    produces: 'other',
    answers: { 303: z.null().describe('To post_logout_redirect_uri, else the login box') },
    handler: async ({ request, reply, body }) => {
      const location = await oauth.confirmLogout(
        sessionCookieOf(request, sessions),
        body ?? {},
        requestMeta(request),
      );
      replyWithoutSession(reply, sessions);
      return reply.redirect(location ?? LOGIN_BOX_PATH, 303);
    },
  });
};
