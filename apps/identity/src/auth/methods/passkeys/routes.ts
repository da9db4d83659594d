import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { credentialRateLimit } from '../../../routes/rate-limit.js';
import { loginResponse, requestMeta, responses } from '../../../routes/schemas.js';
import { assertionSchema, requestOptionsSchema } from '../../webauthn/schemas.js';
import { replyWithSession } from '../../session-reply.js';

/** /identity/resources/auth: sign in with a passkey. */
export const passkeyLoginRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const { passkeys } = services.webauthn;
  const { sessions } = services;

  app.post(
    '/v1/webauthn/prelogin',
    {
      config: credentialRateLimit(config),
      schema: {
        tags: ['auth'],
        summary: 'Passkey sign-in, step 1: the options for navigator.credentials.get()',
        description:
          'The same answer for every caller: no credential list, so it reveals nothing about accounts.',
        body: z
          .object({
            email: z.string().max(254).optional(),
            userId: z.string().max(64).optional(),
            recaptchaToken: z.string().max(4096).optional(),
          })
          .nullish(),
        response: responses({ 200: z.object({ options: requestOptionsSchema }) }),
      },
    },
    async () => ({ options: await passkeys.loginOptions() }),
  );

  app.post(
    '/v1/webauthn/postlogin',
    {
      config: credentialRateLimit(config),
      schema: {
        tags: ['auth'],
        summary: 'Passkey sign-in, step 2: verify the assertion; signs in',
        body: assertionSchema.extend({
          recaptchaToken: z.string().max(4096).optional(),
          invitationToken: z.string().max(512).optional(),
        }),
        response: responses({ 200: loginResponse }),
      },
    },
    async (request, reply) => {
      const response = await passkeys.login(request.body, requestMeta(request));
      return replyWithSession(reply, sessions, response);
    },
  );
};
