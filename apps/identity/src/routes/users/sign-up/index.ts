import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { usernameField } from '../../../services/usernames.js';
import { mfaRequiredResponse } from '../../../auth/second-factor/schemas.js';
import { credentialRateLimit } from '../../rate-limit.js';
import { loginResponse, phoneNumberField, requestMeta } from '../../schemas.js';
import { activationQuery, signUpBody, signUpResponse } from '../index.js';
import { replyWithSession } from '../../../auth/session-reply.js';
import { areaRoutes } from '../../route.js';

/**
 * /identity/resources/users: sign-up by phone number and by username (the vendor's sign-up
 * strategies), and activation by the mailed code.
 */
export const signUpRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'users');
  const limited = credentialRateLimit(config);

  route({
    name: 'createV1SignUpPhoneNumber',
    method: 'POST',
    url: '/v1/signUp/phoneNumber',
    summary:
      'Sign up by phone number (with the work email); the SDK then texts a sign-in code to the number, which activates',
    access: 'public',
    config: limited,
    body: signUpBody.safeExtend({ phoneNumber: phoneNumberField.optional() }),
    response: signUpResponse,
    handler: async ({ request }) => services.signUp.signUp(request.body, requestMeta(request), 'phoneNumber'),
  });

  route({
    name: 'createV1SignUpUsername',
    method: 'POST',
    url: '/v1/signUp/username',
    summary: 'Sign up by username (with the work email); activation as for an email sign-up',
    access: 'public',
    config: limited,
    body: signUpBody.safeExtend({ username: usernameField.optional() }),
    response: signUpResponse,
    handler: async ({ request }) => services.signUp.signUp(request.body, requestMeta(request), 'username'),
  });

  route({
    name: 'createV1ActivateCode',
    method: 'POST',
    url: '/v1/activate/code',
    summary:
      'Activate with the activation token and the mailed 6-digit code (and the password to set); signs in',
    access: 'public',
    config: limited,
    body: activationQuery.extend({
      code: z.string({ error: 'code is required' }).trim().min(1, 'code is required').max(16),
      password: z.string().min(1).max(1024).optional(),
      recaptchaToken: z.string().optional(),
      lastTermsCheck: z.string().optional(),
    }),
    response: z.union([mfaRequiredResponse, loginResponse]),
    handler: async ({ request, reply }) => {
      const response = await services.activation.activateWithCode(request.body, requestMeta(request));
      return replyWithSession(reply, services.sessions, response);
    },
  });
};
