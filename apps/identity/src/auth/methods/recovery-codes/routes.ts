import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialRateLimit } from '../../../routes/rate-limit.js';
import { areaRoutes } from '../../../routes/route.js';
import { emailField, requestMeta } from '../../../routes/schemas.js';
import type { RouteOptions } from '../../../services/index.js';

/**
 * /identity/resources/auth/v1/user/mfa/recover: the recovery code handed out with the first factor
 * removes the factors, for someone who lost them. As a second factor at login it goes to the
 * authenticator's verify endpoint instead (auth/methods/totp/routes.ts), as the SDK sends it there.
 */
export const recoveryCodeRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'auth');

  route({
    name: 'mfaRecover',
    method: 'POST',
    url: '/v1/user/mfa/recover',
    tag: 'mfa',
    summary: 'Recover with a recovery code: removes the factors so the user can sign in and enroll again',
    access: 'public',
    config: credentialRateLimit(config),
    body: z.object({
      email: emailField,
      recoveryCode: z
        .string({ error: 'recoveryCode is required' })
        .trim()
        .min(1, 'recoveryCode is required')
        .max(64),
    }),
    handler: async ({ body, request }) => {
      await services.recoveryCodes.recover(body, requestMeta(request));
    },
  });
};
