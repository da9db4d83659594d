import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { qrCodeSchema } from '@brizo/contract/entities/mfa-devices';
import { z } from 'zod';
import { credentialRateLimit } from '../../../routes/rate-limit.js';
import { areaRoutes } from '../../../routes/route.js';
import { requestMeta } from '../../../routes/schemas.js';
import type { RouteOptions } from '../../../services/index.js';
import { replyWithCompletion } from '../../second-factor/completion-reply.js';
import {
  deviceIdParams,
  mfaCodeField,
  mfaLoginResponse,
  mfaTokenField,
  rememberDeviceField,
} from '../../second-factor/schemas.js';

const verifyBody = z.object({ token: mfaCodeField });

/**
 * /identity/resources/auth/v1/user/mfa: an authenticator app's code as the second factor of a login
 * or step-up (SDK LoginState MFA actions, StepUpState), and its enrollment during a forced login. The
 * login answer with an mfaToken comes from the first factor.
 */
export const totpAuthRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'auth');
  const { totp } = services;
  const limited = credentialRateLimit(config);

  route({
    name: 'mfaVerify',
    method: 'POST',
    url: '/v1/user/mfa/verify',
    tag: 'mfa',
    summary: 'Second factor: an authenticator-app code, or a recovery code',
    access: 'public',
    config: limited,
    body: z.object({
      mfaToken: mfaTokenField,
      value: z.string({ error: 'value is required' }).trim().min(1, 'value is required').max(64),
      rememberDevice: rememberDeviceField,
      invitationToken: z.string().max(512).optional(),
    }),
    response: mfaLoginResponse,
    handler: async ({ body, request, reply }) =>
      replyWithCompletion(reply, services, await totp.verifyAuthenticator(body, requestMeta(request))),
  });

  route({
    name: 'mfaAuthenticatorVerify',
    method: 'POST',
    url: '/v1/user/mfa/authenticator/:deviceId/verify',
    tag: 'mfa',
    summary: 'Second factor: a code of one authenticator app',
    access: 'public',
    config: limited,
    params: deviceIdParams,
    body: z.object({ mfaToken: mfaTokenField, value: mfaCodeField, rememberDevice: rememberDeviceField }),
    response: mfaLoginResponse,
    handler: async ({ params, body, request, reply }) =>
      replyWithCompletion(
        reply,
        services,
        await totp.verifyAuthenticator({ ...body, deviceId: params.deviceId }, requestMeta(request)),
      ),
  });

  route({
    name: 'mfaAuthenticatorEnroll',
    method: 'POST',
    url: '/v1/user/mfa/authenticator/enroll',
    tag: 'mfa',
    summary: 'Forced enrollment: the authenticator secret as an otpauth:// URI',
    access: 'public',
    config: limited,
    body: z.object({ mfaToken: mfaTokenField }),
    response: z.object({ qrCode: z.string() }),
    handler: ({ body }) => totp.preEnrollAuthenticator(body.mfaToken),
  });

  route({
    name: 'mfaAuthenticatorEnrollVerify',
    method: 'POST',
    url: '/v1/user/mfa/authenticator/enroll/verify',
    tag: 'mfa',
    summary:
      'Forced enrollment: prove the authenticator with a code; answers the session and a recovery code',
    access: 'public',
    config: limited,
    body: z.object({ mfaToken: mfaTokenField, token: mfaCodeField, rememberDevice: rememberDeviceField }),
    response: mfaLoginResponse,
    handler: async ({ body, request, reply }) =>
      replyWithCompletion(reply, services, await totp.enrollAuthenticator(body, requestMeta(request))),
  });
};

/** /identity/resources/users/v1/mfa: the signed-in user's own authenticator app. */
export const totpUserRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'users');
  const { totp } = services;

  // The SDK calls either path: the authenticator's own, or the older one from before other factors.
  const enrollmentPaths = [
    { url: '/v1/mfa/authenticator/enroll', start: 'startAuthenticatorEnrollment' },
    { url: '/v1/mfa/enroll', start: 'startEnrollment' },
  ];
  for (const { url, start } of enrollmentPaths) {
    route({
      name: start,
      method: 'POST',
      url,
      tag: 'mfa',
      summary: 'Start enrolling an authenticator app: the secret to scan',
      access: 'recent-sign-in',
      response: qrCodeSchema,
      handler: ({ claims }) => totp.startAuthenticatorEnrollment(claims),
    });
  }

  for (const path of ['/v1/mfa/authenticator/enroll/verify', '/v1/mfa/enroll/verify']) {
    route({
      name: path === '/v1/mfa/enroll/verify' ? 'finishEnrollment' : 'finishAuthenticatorEnrollment',
      method: 'POST',
      url: path,
      tag: 'mfa',
      summary: 'Finish enrolling the authenticator app with a code; answers the recovery code',
      access: 'recent-sign-in',
      body: verifyBody,
      response: z.object({ recoveryCode: z.string() }),
      handler: async ({ claims, request }) =>
        totp.finishAuthenticatorEnrollment(claims, request.body.token, requestMeta(request)),
    });
  }

  route({
    name: 'createV1MfaAuthenticatorByDeviceIdDisableVerify',
    method: 'POST',
    url: '/v1/mfa/authenticator/:deviceId/disable/verify',
    tag: 'mfa',
    summary: 'Remove an authenticator app, proven by a current code of it',
    access: 'recent-sign-in',
    params: deviceIdParams,
    body: verifyBody,
    handler: async ({ claims, request }) => {
      await totp.disableAuthenticator(
        claims,
        request.params.deviceId,
        request.body.token,
        requestMeta(request),
      );
    },
  });

  route({
    name: 'createV1MfaDisable',
    method: 'POST',
    url: '/v1/mfa/disable',
    tag: 'mfa',
    summary: 'Remove the authenticator app (legacy form without a device id)',
    access: 'recent-sign-in',
    body: verifyBody,
    handler: async ({ claims, request }) => {
      await totp.disableAuthenticator(claims, undefined, request.body.token, requestMeta(request));
    },
  });
};
