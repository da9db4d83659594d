import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { areaRoutes } from '../routes/route.js';
import { loginResponse, requestMeta } from '../routes/schemas.js';
import type { RouteOptions } from '../services/index.js';
import type { SsoProtocols } from '../services/sso/configurations.js';
import { credentialRateLimit } from '../routes/rate-limit.js';
import { bindBrowser, newBrowserBinding } from './federated/browser-binding.js';
import type { RouteModule } from './method.js';
import { passwordlessRoutes } from './passwordless/routes.js';
import { reauthenticationRoutes } from './reauthentication/routes.js';
import { secondFactorAuthRoutes, secondFactorUserRoutes } from './second-factor/routes.js';
import { replyWithoutSession, replyWithSession, sessionCookieOf } from './session-reply.js';

/**
 * /identity/resources/auth: what follows any sign-in (refresh, logout) and the SSO pre-login.
 */
const sessionRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'auth');
  const { sessions } = services;

  route({
    name: 'refresh',
    method: 'POST',
    url: '/v1/user/token/refresh',
    summary: 'Refresh the access token with the refresh cookie (rotates it)',
    access: 'refresh-cookie',
    body: z.object({ tenantId: z.string().nullish() }).nullish(),
    response: loginResponse,
    handler: async ({ body, request, reply }) => {
      try {
        const response = await sessions.refresh(
          sessionCookieOf(request, sessions),
          body?.tenantId,
          requestMeta(request),
        );
        return replyWithSession(reply, sessions, response, 'refresh');
      } catch (error) {
        replyWithoutSession(reply, sessions);
        throw error;
      }
    },
  });

  route({
    name: 'logout',
    method: 'POST',
    url: '/v1/logout',
    summary: 'Log out: revoke the session and clear the refresh cookie',
    access: 'refresh-cookie',
    handler: async ({ request, reply }) => {
      await sessions.end(sessionCookieOf(request, sessions), requestMeta(request));
      replyWithoutSession(reply, sessions);
    },
  });

  const preLoginBody = z.object({
    email: z.string().max(254).optional(),
    username: z.string().max(254).optional(),
    tenantId: z.string().nullish(),
  });
  // Issue 13: the answer depends on the email's domain only (services/sso/prelogin.ts), never on
  // whether the account exists; 404 ssoNotConfigured sends the SDK to the password step. The answer
  // that sends the browser to the IdP binds the sign-in to it (federated/browser-binding.ts): this XHR
  // is same-origin and the SDK sends credentials, so the cookie lands in the browser that finishes.
  const protocols: SsoProtocols = services;
  const preLogin = async (
    body: z.output<typeof preLoginBody>,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => {
    const binding = newBrowserBinding();
    const answer = await services.ssoPrelogin.preLogin(body, requestMeta(request), protocols, binding.stored);
    bindBrowser(reply, config, binding);
    return answer;
  };
  route({
    name: 'ssoPrelogin',
    method: 'POST',
    url: '/v2/user/sso/prelogin',
    summary: 'SSO pre-login: the IdP address for this email, 404 when none',
    access: 'public',
    body: preLoginBody,
    response: z.object({ address: z.string(), idpType: z.enum(['saml', 'oidc']) }),
    config: credentialRateLimit(config),
    handler: ({ body, request, reply }) => preLogin(body, request, reply),
  });
  route({
    name: 'samlPrelogin',
    method: 'POST',
    url: '/v1/user/saml/prelogin',
    summary: 'SAML pre-login (v1): 404 when no SSO applies (idpType too, for preLoginWithIdpType)',
    access: 'public',
    body: preLoginBody,
    response: z.object({ address: z.string(), idpType: z.enum(['saml', 'oidc']) }),
    config: credentialRateLimit(config),
    handler: ({ body, request, reply }) => preLogin(body, request, reply),
  });
};

/**
 * The endpoints several sign-in methods share, registered beside the methods' own
 * (auth/methods/index.ts): the session's, re-authentication, the passwordless codes of magic link,
 * email code and SMS code, and the second-factor gate's.
 */
export const sharedAuthRoutes: readonly RouteModule[] = [
  { prefix: '/auth', routes: sessionRoutes },
  { prefix: '/auth', routes: reauthenticationRoutes },
  { prefix: '/auth', routes: passwordlessRoutes },
  { prefix: '/auth', routes: secondFactorAuthRoutes },
  { prefix: '/users', routes: secondFactorUserRoutes },
];
