import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialRateLimit } from '../../routes/rate-limit.js';
import { areaRoutes } from '../../routes/route.js';
import { passwordField, requestMeta } from '../../routes/schemas.js';
import type { RouteOptions } from '../../services/index.js';
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
  const route = areaRoutes(app, services, 'auth');
  const { reauthentication } = services;
  const limited = credentialRateLimit(config);

  route({
    name: 'reauthenticationOptions',
    method: 'GET',
    url: '/v1/user/reauthenticate',
    summary:
      'How the signed-in user can confirm it is them: with a password, a security key or passkey, or else a second factor',
    access: 'session',
    response: z.object({
      password: z.boolean().describe('The user has a password (else: step-up with a second factor)'),
      securityKey: z
        .boolean()
        .describe('The user has a security key or passkey (POST /v1/user/reauthenticate/webauthn/options)'),
      maxAgeSeconds: z.number().describe('How long a sign-in counts as recent'),
    }),
    handler: ({ claims }) => reauthentication.options(claims),
  });

  const signedResponse = z.object({ accessToken: z.string(), expiresIn: z.number(), expires: z.string() });
  const answer = (signed: Awaited<ReturnType<typeof reauthentication.withPassword>>) => ({
    accessToken: signed.accessToken,
    expiresIn: signed.expiresIn,
    expires: signed.expires.toUTCString(),
  });

  route({
    name: 'reauthenticateWebauthnOptions',
    method: 'POST',
    url: '/v1/user/reauthenticate/webauthn/options',
    summary:
      "A WebAuthn challenge for the signed-in user's security keys and passkeys (navigator.credentials.get)",
    access: 'session',
    response: requestOptionsSchema,
    handler: ({ claims }) => reauthentication.securityKeyOptions(claims),
  });

  route({
    name: 'reauthenticateWebauthn',
    method: 'POST',
    url: '/v1/user/reauthenticate/webauthn',
    summary:
      'Confirm the signed-in user with a security key or passkey answering that challenge: the session counts as just signed in; answers a fresh access token',
    access: 'session',
    config: limited,
    body: z.object({ publicKey: assertionSchema }),
    response: signedResponse,
    handler: async ({ claims, body, request }) =>
      answer(await reauthentication.withSecurityKey(claims, body.publicKey, requestMeta(request))),
  });

  route({
    name: 'reauthenticate',
    method: 'POST',
    url: '/v1/user/reauthenticate',
    summary:
      'Confirm the signed-in user with their password: the session counts as just signed in; answers a fresh access token',
    access: 'session',
    config: limited,
    body: z.object({ password: passwordField }),
    response: signedResponse,
    handler: async ({ claims, body, request }) =>
      answer(await reauthentication.withPassword(claims, body.password, requestMeta(request))),
  });
};
