import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { credentialRateLimit } from '../../../routes/rate-limit.js';
import { areaRoutes } from '../../../routes/route.js';
import { requestMeta } from '../../../routes/schemas.js';
import type { RouteOptions } from '../../../services/index.js';
import { replyWithCompletion } from '../../second-factor/completion-reply.js';
import {
  deviceIdParams,
  mfaLoginResponse,
  mfaTokenField,
  rememberDeviceField,
} from '../../second-factor/schemas.js';
import {
  assertionSchema,
  attestationSchema,
  creationOptionsSchema,
  deviceTypeSchema,
  requestOptionsSchema,
  webauthnTokenField,
} from '../../webauthn/schemas.js';

/**
 * /identity/resources/auth/v1/user/mfa/webauthn: a security key or platform authenticator as the
 * second factor of a login or step-up (SDK LoginState mfaWithWebAuthn, StepUpState), and its
 * enrollment during a forced login.
 */
export const securityKeyAuthRoutes: FastifyPluginAsyncZod<RouteOptions> = async (
  app,
  { config, services },
) => {
  const route = areaRoutes(app, services, 'auth');
  const keys = services.webauthn.mfa;
  const limited = credentialRateLimit(config);

  route({
    name: 'mfaWebauthnEnroll',
    method: 'POST',
    url: '/v1/user/mfa/webauthn/enroll',
    tag: 'mfa',
    summary: 'Enroll a security key during login, step 1: options for navigator.credentials.create()',
    access: 'public',
    config: limited,
    body: z.object({ mfaToken: mfaTokenField }),
    response: z.object({ webauthnToken: z.string(), options: creationOptionsSchema }),
    handler: ({ body }) => keys.enrollmentOptions(body.mfaToken),
  });

  route({
    name: 'mfaWebauthnEnrollVerify',
    method: 'POST',
    url: '/v1/user/mfa/webauthn/enroll/verify',
    tag: 'mfa',
    summary: 'Enroll a security key during login, step 2: verify it; signs in (with a recovery code)',
    access: 'public',
    config: limited,
    body: z.object({
      mfaToken: mfaTokenField,
      webauthnToken: webauthnTokenField,
      deviceType: deviceTypeSchema,
      options: attestationSchema,
      rememberDevice: rememberDeviceField,
    }),
    response: mfaLoginResponse,
    handler: async ({ body, request, reply }) =>
      replyWithCompletion(reply, services, await keys.enroll(body, requestMeta(request))),
  });

  route({
    name: 'mfaWebauthnOptions',
    method: 'POST',
    url: '/v1/user/mfa/webauthn/:deviceId',
    tag: 'mfa',
    summary: 'Second factor with a security key, step 1: options for navigator.credentials.get()',
    access: 'public',
    config: limited,
    params: deviceIdParams,
    body: z.object({ mfaToken: mfaTokenField }),
    response: z.object({ webauthnToken: z.string(), options: requestOptionsSchema }),
    handler: ({ params, body }) => keys.verificationOptions(params.deviceId, body.mfaToken),
  });

  route({
    name: 'mfaWebauthnVerify',
    method: 'POST',
    url: '/v1/user/mfa/webauthn/:deviceId/verify',
    tag: 'mfa',
    summary: 'Second factor with a security key, step 2: verify the assertion; signs in',
    access: 'public',
    config: limited,
    params: deviceIdParams,
    body: z.object({
      mfaToken: mfaTokenField,
      webauthnToken: webauthnTokenField,
      options: assertionSchema,
      rememberDevice: rememberDeviceField,
    }),
    response: mfaLoginResponse,
    handler: async ({ params, body, request, reply }) =>
      replyWithCompletion(reply, services, await keys.verify(params.deviceId, body, requestMeta(request))),
  });
};
