import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { usernameField } from '../../../services/usernames.js';
import { mfaRequiredResponse } from '../../auth/mfa/schemas.js';
import { credentialRateLimit } from '../../rate-limit.js';
import { loginResponse, phoneNumberField, requestMeta, responses } from '../../schemas.js';
import { activationQuery, signUpBody, signUpResponse } from '../index.js';
import { replyWithSession } from '../../session-cookie.js';

/**
 * /identity/resources/users: sign-up by phone number and by username (the vendor's sign-up
 * strategies), and activation by the mailed code.
 */
export const signUpRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const limited = credentialRateLimit(config);

  app.post(
    '/v1/signUp/phoneNumber',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary:
          'Sign up by phone number (with the work email); the SDK then texts a sign-in code to the number, which activates',
        body: signUpBody.safeExtend({ phoneNumber: phoneNumberField.optional() }),
        response: responses({ 200: signUpResponse }),
      },
    },
    async (request) => services.signUp.signUp(request.body, requestMeta(request), 'phoneNumber'),
  );

  app.post(
    '/v1/signUp/username',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary: 'Sign up by username (with the work email); activation as for an email sign-up',
        body: signUpBody.safeExtend({ username: usernameField.optional() }),
        response: responses({ 200: signUpResponse }),
      },
    },
    async (request) => services.signUp.signUp(request.body, requestMeta(request), 'username'),
  );

  app.post(
    '/v1/activate/code',
    {
      config: limited,
      schema: {
        tags: ['users'],
        summary:
          'Activate with the activation token and the mailed 6-digit code (and the password to set); signs in',
        body: activationQuery.extend({
          code: z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(16),
          password: z.string().min(1).max(1024).optional(),
          recaptchaToken: z.string().optional(),
          lastTermsCheck: z.string().optional(),
        }),
        response: responses({ 200: z.union([mfaRequiredResponse, loginResponse]) }),
      },
    },
    async (request, reply) => {
      const response = await services.activation.activateWithCode(request.body, requestMeta(request));
      return replyWithSession(reply, services.sessions, response);
    },
  );
};
