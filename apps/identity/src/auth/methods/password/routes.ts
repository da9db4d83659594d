import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialRateLimit } from '../../../routes/rate-limit.js';
import { areaRoutes } from '../../../routes/route.js';
import { emailField, passwordField, passwordLoginResponse, requestMeta } from '../../../routes/schemas.js';
import type { RouteOptions } from '../../../services/index.js';
import { mfaRequiredResponse } from '../../second-factor/schemas.js';
import { replyWithSession } from '../../session-reply.js';

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

/** /identity/resources/auth/v1/user: sign in with an email (or username) and a password. */
export const passwordLoginRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'auth');

  route({
    name: 'passwordLogin',
    method: 'POST',
    url: '/v1/user',
    summary: 'Authenticate user with password',
    access: 'public',
    config: credentialRateLimit(config),
    body: passwordLoginBody,
    response: z.union([mfaRequiredResponse, passwordLoginResponse]),
    handler: async ({ body, request, reply }) => {
      const response = await services.passwordLogin.login(body, requestMeta(request), {
        trustedDeviceToken: request.cookies[services.mfa.cookieName],
      });
      return replyWithSession(reply, services.sessions, response);
    },
  });
};
