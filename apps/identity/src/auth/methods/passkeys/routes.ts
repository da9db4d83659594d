import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialRateLimit } from '../../../routes/rate-limit.js';
import { areaRoutes } from '../../../routes/route.js';
import { loginResponse, requestMeta } from '../../../routes/schemas.js';
import type { RouteOptions } from '../../../services/index.js';
import { replyWithSession } from '../../session-reply.js';
import { assertionSchema, requestOptionsSchema } from '../../webauthn/schemas.js';

/** /identity/resources/auth: sign in with a passkey. */
export const passkeyLoginRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'auth');
  const { passkeys } = services.webauthn;
  const limited = credentialRateLimit(config);

  route({
    name: 'passkeysPrelogin',
    method: 'POST',
    url: '/v1/webauthn/prelogin',
    summary: 'Passkey sign-in, step 1: the options for navigator.credentials.get()',
    description:
      'The same answer for every caller: no credential list, so it reveals nothing about accounts.',
    access: 'public',
    config: limited,
    body: z
      .object({
        email: z.string().max(254).optional(),
        userId: z.string().max(64).optional(),
        recaptchaToken: z.string().max(4096).optional(),
      })
      .nullish(),
    response: z.object({ options: requestOptionsSchema }),
    handler: async () => ({ options: await passkeys.loginOptions() }),
  });

  route({
    name: 'passkeysPostlogin',
    method: 'POST',
    url: '/v1/webauthn/postlogin',
    summary: 'Passkey sign-in, step 2: verify the assertion; signs in',
    access: 'public',
    config: limited,
    body: assertionSchema.extend({
      recaptchaToken: z.string().max(4096).optional(),
      invitationToken: z.string().max(512).optional(),
    }),
    response: loginResponse,
    handler: async ({ body, request, reply }) => {
      const response = await passkeys.login(body, requestMeta(request));
      return replyWithSession(reply, services.sessions, response);
    },
  });
};
