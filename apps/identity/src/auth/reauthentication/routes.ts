import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { credentialRateLimit } from '../../routes/rate-limit.js';
import { passwordField, requestMeta, requireAccessToken, responses } from '../../routes/schemas.js';
import { assertionSchema, requestOptionsSchema } from '../webauthn/schemas.js';

/**
 * Issue 10: confirming the signed-in user again on the same session, before the email, phone,
 * username or MFA factors change (a refusal answers 403 ER-AUTH-REAUTHENTICATION-REQUIRED). With a
 * password or a security key (or passkey) here; with a code factor through the SDK's step-up (POST
 * /user/step-up/generate, then the MFA verify of the chosen device), which signs in afresh.
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
        summary:
          'How the signed-in user can confirm it is them: with a password, a security key or passkey, or else a second factor',
        security: [{ bearer: [] }],
        response: responses({
          200: z.object({
            password: z.boolean().describe('The user has a password (else: step-up with a second factor)'),
            securityKey: z
              .boolean()
              .describe(
                'The user has a security key or passkey (POST /v1/user/reauthenticate/webauthn/options)',
              ),
            maxAgeSeconds: z.number().describe('How long a sign-in counts as recent'),
          }),
        }),
      },
    },
    async (request) => reauthentication.options(await requireAccessToken(request, tokens)),
  );

  const signedResponse = z.object({ accessToken: z.string(), expiresIn: z.number(), expires: z.string() });
  const answer = (signed: Awaited<ReturnType<typeof reauthentication.withPassword>>) => ({
    accessToken: signed.accessToken,
    expiresIn: signed.expiresIn,
    expires: signed.expires.toUTCString(),
  });

  app.post(
    '/v1/user/reauthenticate/webauthn/options',
    {
      schema: {
        tags: ['auth'],
        summary:
          "A WebAuthn challenge for the signed-in user's security keys and passkeys (navigator.credentials.get)",
        security: [{ bearer: [] }],
        response: responses({ 200: requestOptionsSchema }),
      },
    },
    async (request) => reauthentication.securityKeyOptions(await requireAccessToken(request, tokens)),
  );

  app.post(
    '/v1/user/reauthenticate/webauthn',
    {
      config: credentialRateLimit(config),
      schema: {
        tags: ['auth'],
        summary:
          'Confirm the signed-in user with a security key or passkey answering that challenge: the session counts as just signed in; answers a fresh access token',
        security: [{ bearer: [] }],
        body: z.object({ publicKey: assertionSchema }),
        response: responses({ 200: signedResponse }),
      },
    },
    async (request) => {
      const claims = await requireAccessToken(request, tokens);
      return answer(
        await reauthentication.withSecurityKey(claims, request.body.publicKey, requestMeta(request)),
      );
    },
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
        response: responses({ 200: signedResponse }),
      },
    },
    async (request) => {
      const claims = await requireAccessToken(request, tokens);
      return answer(await reauthentication.withPassword(claims, request.body.password, requestMeta(request)));
    },
  );
};
