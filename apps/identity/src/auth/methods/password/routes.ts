import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appError, errorCatalogue } from '../../../errors.js';
import type { RouteOptions } from '../../../services/index.js';
import { credentialRateLimit } from '../../../routes/rate-limit.js';
import { mfaRequiredResponse } from '../../second-factor/schemas.js';
import {
  emailField,
  emptyResponse,
  loginResponse,
  passwordField,
  passwordLoginResponse,
  requestMeta,
  responses,
} from '../../../routes/schemas.js';
import { replyWithoutSession, replyWithSession, sessionCookieOf } from '../../session-reply.js';

const isUsernameOnly = (raw: unknown): raw is { username: string } =>
  typeof raw === 'object' &&
  raw !== null &&
  !('email' in raw) &&
  'username' in raw &&
  typeof raw.username === 'string' &&
  raw.username.trim() !== '';

/**
 * UsernameAndPassword: the SDK sends `username` instead of `email`. Such a body gets `email: null`
 * before validation, so a body without either still fails on the email first, as it always did.
 */
const passwordLoginBody = z.preprocess(
  (raw) => (isUsernameOnly(raw) ? { ...raw, email: null } : raw),
  z
    .object({
      email: emailField.nullable(),
      username: z.string().trim().max(254).optional(),
      password: passwordField,
      recaptchaToken: z.string().optional(),
      invitationToken: z.string().optional(),
    })
    .refine((body) => body.email || body.username, { message: 'Email is required.', path: ['email'] }),
);

/** /identity/resources/auth: password login, refresh, logout, SSO pre-login. */
export const authRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const { sessions } = services;

  app.post(
    '/v1/user',
    {
      config: credentialRateLimit(config),
      schema: {
        tags: ['auth'],
        summary: 'Authenticate user with password',
        body: passwordLoginBody,
        response: responses({ 200: z.union([mfaRequiredResponse, passwordLoginResponse]) }),
      },
    },
    async (request, reply) => {
      const response = await services.passwordLogin.login(request.body, requestMeta(request), {
        trustedDeviceToken: request.cookies[services.mfa.cookieName],
      });
      return replyWithSession(reply, sessions, response);
    },
  );

  app.post(
    '/v1/user/token/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Refresh the access token with the refresh cookie (rotates it)',
        body: z.object({ tenantId: z.string().nullish() }).nullish(),
        response: responses({ 200: loginResponse }),
      },
    },
    async (request, reply) => {
      try {
        const response = await sessions.refresh(
          sessionCookieOf(request, sessions),
          request.body?.tenantId,
          requestMeta(request),
        );
        return replyWithSession(reply, sessions, response, 'refresh');
      } catch (error) {
        replyWithoutSession(reply, sessions);
        throw error;
      }
    },
  );

  app.post(
    '/v1/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'Log out: revoke the session and clear the refresh cookie',
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request, reply) => {
      await sessions.end(sessionCookieOf(request, sessions), requestMeta(request));
      replyWithoutSession(reply, sessions);
      return {};
    },
  );

  const preLoginBody = z.object({
    email: z.string().max(254).optional(),
    username: z.string().max(254).optional(),
    tenantId: z.string().nullish(),
  });
  const noSso = async (): Promise<never> => {
    // No SSO connections exist yet: the SDK treats this 404 as "use the password step".
    throw appError(errorCatalogue.auth.ssoNotConfigured);
  };
  app.post(
    '/v2/user/sso/prelogin',
    {
      schema: {
        tags: ['auth'],
        summary: 'SSO pre-login: the IdP address for this email, 404 when none',
        body: preLoginBody,
        response: responses({ 200: z.object({ address: z.string(), idpType: z.string() }) }),
      },
    },
    noSso,
  );
  app.post(
    '/v1/user/saml/prelogin',
    {
      schema: {
        tags: ['auth'],
        summary: 'SAML pre-login (v1): 404 when no SSO applies',
        body: preLoginBody,
        response: responses({ 200: z.object({ address: z.string() }) }),
      },
    },
    noSso,
  );
};
