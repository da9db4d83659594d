import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appError, errorCatalogue } from '../../errors.js';
import type { RouteOptions } from '../../services/index.js';
import { credentialRateLimit } from '../rate-limit.js';
import { emptyResponse, requestMeta, responses } from '../schemas.js';

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

/** RFC 6749 5.1: token responses must not be cached. */
const noStore = (reply: FastifyReply) =>
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');

/**
 * /oauth: the hosted login's authorization server (SPEC section 7): authorize (PKCE S256), token
 * (authorization_code, refresh_token), silent authorization from the session cookie, logout.
 */
export const oauthRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const { oauth, sessions } = services;
  const setRefreshCookie = (reply: FastifyReply, refreshToken: string) =>
    reply.setCookie(sessions.cookieName, refreshToken, sessions.cookieOptions);

  // Standard OAuth clients post the token request as a form (RFC 6749 4.1.3); the SDK posts JSON.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(text)));
    },
  );

  app.get(
    '/authorize',
    {
      schema: {
        tags: ['oauth'],
        summary:
          'Authorization endpoint: PKCE S256 required, exact redirect_uri; signed in → redirect with a code, else the login box',
        querystring: authorizeQuery,
        response: responses({
          302: z.null().describe('To the redirect_uri with code and state, or to the login box'),
        }),
      },
    },
    async (request, reply) => {
      const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
      const location = await oauth.authorize(
        request.query,
        rawQuery,
        request.cookies[sessions.cookieName],
        requestMeta(request),
      );
      return noStore(reply).redirect(location, 302);
    },
  );

  app.post(
    '/token',
    {
      config: credentialRateLimit(config),
      schema: {
        tags: ['oauth'],
        summary: 'Token endpoint: authorization_code (with code_verifier) or refresh_token (rotated)',
        body: tokenBody,
        response: responses({ 200: tokenResponse }),
      },
    },
    async (request, reply) => {
      const body = request.body;
      const meta = requestMeta(request);
      let response;
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
      // The identity origin's session follows the newest token, so a reload's silent authorization finds it current.
      setRefreshCookie(noStore(reply), response.refresh_token);
      return response;
    },
  );

  app.post(
    '/authorize/silent',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Silent authorization: tokens from the session cookie (rotated), 401 without a session',
        body: z.object({ tenantId: z.string().max(256).nullish() }).nullish(),
        response: responses({ 200: tokenResponse }),
      },
    },
    async (request, reply) => {
      try {
        const response = await oauth.refresh(
          request.cookies[sessions.cookieName],
          request.body?.tenantId,
          requestMeta(request),
        );
        setRefreshCookie(noStore(reply), response.refresh_token);
        return response;
      } catch (error) {
        reply.clearCookie(sessions.cookieName, { path: '/' });
        throw error;
      }
    },
  );

  app.get(
    '/logout',
    {
      schema: {
        tags: ['oauth'],
        summary: 'End the session; redirect to post_logout_redirect_uri when it is registered',
        querystring: z.object({
          post_logout_redirect_uri: param().optional(),
          client_id: param(128).optional(),
          state: param(1024).optional(),
          id_token_hint: param(8192).optional(),
        }),
        response: responses({ 200: emptyResponse, 302: z.null() }),
      },
    },
    async (request, reply) => {
      const location = await oauth.logout(
        request.cookies[sessions.cookieName],
        request.query,
        requestMeta(request),
      );
      reply.clearCookie(sessions.cookieName, { path: '/' });
      if (location) return reply.redirect(location, 302);
      return {};
    },
  );
};
