import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { credentialRateLimit } from '../rate-limit.js';
import { passwordField, requestMeta, requireAccessToken, responses } from '../schemas.js';

/**
 * Issue 10: confirming the signed-in user again on the same session, before the email, phone or
 * MFA factors change (a refusal answers 403 ER-AUTH-REAUTHENTICATION-REQUIRED). With a password
 * here; with a second factor through the SDK's step-up (POST /user/step-up/generate, then the MFA
 * verify of the chosen device), which signs in afresh.
 */
export const reauthenticationRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { config, services },
) => {
  const { reauthentication, tokens } = services;

  app.get(
    '/v1/user/reauthenticate',
    {
      schema: {
        tags: ['auth'],
        summary: 'How the signed-in user can confirm it is them: with a password, or else a second factor',
        security: [{ bearer: [] }],
        response: responses({
          200: z.object({
            password: z.boolean().describe('The user has a password (else: step-up with a second factor)'),
            maxAgeSeconds: z.number().describe('How long a sign-in counts as recent'),
          }),
        }),
      },
    },
    async (request) => reauthentication.options(await requireAccessToken(request, tokens)),
  );

  app.post(
    '/v1/user/reauthenticate',
    {
      config: credentialRateLimit(config),
      schema: {
        tags: ['auth'],
        summary:
          'Confirm the signed-in user with their password: the session counts as just signed in; answers a fresh access token',
        security: [{ bearer: [] }],
        body: z.object({ password: passwordField }),
        response: responses({
          200: z.object({ accessToken: z.string(), expiresIn: z.number(), expires: z.string() }),
        }),
      },
    },
    async (request) => {
      const claims = await requireAccessToken(request, tokens);
      const signed = await reauthentication.withPassword(claims, request.body.password, requestMeta(request));
      return {
        accessToken: signed.accessToken,
        expiresIn: signed.expiresIn,
        expires: signed.expires.toUTCString(),
      };
    },
  );
};
