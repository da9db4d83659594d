import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import type { MfaCompletion } from '../../second-factor/service.js';
import { credentialRateLimit } from '../../../routes/rate-limit.js';
import { requestMeta, responses } from '../../../routes/schemas.js';
import { deviceIdParams, mfaLoginResponse, mfaTokenField } from '../../second-factor/schemas.js';
import {
  assertionSchema,
  attestationSchema,
  creationOptionsSchema,
  deviceTypeSchema,
  requestOptionsSchema,
} from '../../webauthn/schemas.js';
import { replyWithSession } from '../../session-reply.js';

const webauthnTokenField = z
  .string({ error: 'webauthnToken is required' })
  .min(1, 'webauthnToken is required')
  .max(512);
const rememberDevice = z.boolean().optional().describe('Remember this device for the policy period');

/**
 * /identity/resources/auth/v1/user/mfa/webauthn: a security key or platform authenticator as the
 * second factor of a login or step-up (SDK LoginState mfaWithWebAuthn, StepUpState), and its
 * enrollment during a forced login.
 */
export const mfaWebAuthnRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const { sessions, mfa } = services;
  const keys = services.webauthn.mfa;
  const limited = { config: credentialRateLimit(config) };

  /** The refresh cookie, and the remembered-device cookie when asked for. */
  const signIn = (reply: FastifyReply, completion: MfaCompletion) => {
    const { trustedDevice } = completion;
    if (trustedDevice)
      reply.setCookie(mfa.cookieName, trustedDevice.token, mfa.cookieOptions(trustedDevice.maxAgeSeconds));
    return replyWithSession(reply, sessions, completion.response);
  };

  app.post(
    '/v1/user/mfa/webauthn/enroll',
    {
      ...limited,
      schema: {
        tags: ['mfa'],
        summary: 'Enroll a security key during login, step 1: options for navigator.credentials.create()',
        body: z.object({ mfaToken: mfaTokenField }),
        response: responses({
          200: z.object({ webauthnToken: z.string(), options: creationOptionsSchema }),
        }),
      },
    },
    async (request) => keys.enrollmentOptions(request.body.mfaToken),
  );

  app.post(
    '/v1/user/mfa/webauthn/enroll/verify',
    {
      ...limited,
      schema: {
        tags: ['mfa'],
        summary: 'Enroll a security key during login, step 2: verify it; signs in (with a recovery code)',
        body: z.object({
          mfaToken: mfaTokenField,
          webauthnToken: webauthnTokenField,
          deviceType: deviceTypeSchema,
          options: attestationSchema,
          rememberDevice,
        }),
        response: responses({ 200: mfaLoginResponse }),
      },
    },
    async (request, reply) => signIn(reply, await keys.enroll(request.body, requestMeta(request))),
  );

  app.post(
    '/v1/user/mfa/webauthn/:deviceId',
    {
      ...limited,
      schema: {
        tags: ['mfa'],
        summary: 'Second factor with a security key, step 1: options for navigator.credentials.get()',
        params: deviceIdParams,
        body: z.object({ mfaToken: mfaTokenField }),
        response: responses({
          200: z.object({ webauthnToken: z.string(), options: requestOptionsSchema }),
        }),
      },
    },
    async (request) => keys.verificationOptions(request.params.deviceId, request.body.mfaToken),
  );

  app.post(
    '/v1/user/mfa/webauthn/:deviceId/verify',
    {
      ...limited,
      schema: {
        tags: ['mfa'],
        summary: 'Second factor with a security key, step 2: verify the assertion; signs in',
        params: deviceIdParams,
        body: z.object({
          mfaToken: mfaTokenField,
          webauthnToken: webauthnTokenField,
          options: assertionSchema,
          rememberDevice,
        }),
        response: responses({ 200: mfaLoginResponse }),
      },
    },
    async (request, reply) =>
      signIn(reply, await keys.verify(request.params.deviceId, request.body, requestMeta(request))),
  );
};
