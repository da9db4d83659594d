import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { smsCodeSentSchema } from '@brizo/contract/entities/mfa-devices';
import { z } from 'zod';
import { credentialRateLimit } from '../../../routes/rate-limit.js';
import { areaRoutes } from '../../../routes/route.js';
import { phoneNumberField, requestMeta } from '../../../routes/schemas.js';
import type { RouteOptions } from '../../../services/index.js';
import { replyWithCompletion } from '../../second-factor/completion-reply.js';
import {
  codeProofBody,
  codeVerificationBody,
  deviceIdParams,
  enrolledResponse,
  mfaLoginResponse,
  mfaTokenField,
} from '../../second-factor/schemas.js';

const codeSentResponse = smsCodeSentSchema;

/**
 * /identity/resources/auth/v1/user/mfa/sms: a texted code as the second factor of a login or
 * step-up, and a phone's enrollment during a forced login.
 */
export const smsMfaAuthRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'auth');
  const { smsMfa } = services;
  const limited = credentialRateLimit(config);

  route({
    name: 'mfaSmsEnroll',
    method: 'POST',
    url: '/v1/user/mfa/sms/enroll',
    tag: 'mfa',
    summary: 'Forced enrollment: text a code to the phone number to prove',
    access: 'public',
    config: limited,
    body: z.object({
      mfaToken: mfaTokenField,
      phoneNumber: z
        .string({ error: 'phoneNumber is required' })
        .trim()
        .min(1, 'phoneNumber is required')
        .max(32),
    }),
    response: codeSentResponse,
    handler: ({ body, request }) => smsMfa.preEnrollSms(body, requestMeta(request)),
  });

  route({
    name: 'mfaSmsEnrollVerify',
    method: 'POST',
    url: '/v1/user/mfa/sms/enroll/verify',
    tag: 'mfa',
    summary:
      'Forced enrollment: prove the phone with the texted code; answers the session and a recovery code',
    access: 'public',
    config: limited,
    body: codeVerificationBody,
    response: mfaLoginResponse,
    handler: async ({ body, request, reply }) =>
      replyWithCompletion(reply, services, await smsMfa.enrollSms(body, requestMeta(request))),
  });

  route({
    name: 'mfaSmsSend',
    method: 'POST',
    url: '/v1/user/mfa/sms/:deviceId',
    tag: 'mfa',
    summary: 'Text a 6-digit code to an enrolled phone',
    access: 'public',
    config: limited,
    params: deviceIdParams,
    body: z.object({ mfaToken: mfaTokenField }),
    response: codeSentResponse,
    handler: ({ params, body, request }) =>
      smsMfa.sendSmsCode(params.deviceId, body.mfaToken, requestMeta(request)),
  });

  route({
    name: 'mfaSmsVerify',
    method: 'POST',
    url: '/v1/user/mfa/sms/:deviceId/verify',
    tag: 'mfa',
    summary: 'Second factor: the texted code',
    access: 'public',
    config: limited,
    params: deviceIdParams,
    body: codeVerificationBody,
    response: mfaLoginResponse,
    handler: async ({ params, body, request, reply }) =>
      replyWithCompletion(
        reply,
        services,
        await smsMfa.verifySmsCode(params.deviceId, body, requestMeta(request)),
      ),
  });
};

/**
 * /identity/resources/users/v1/mfa/sms: the signed-in user's phone as a factor, each change proven
 * by a code texted to the phone concerned (auth/second-factor/self-service.ts).
 */
export const smsMfaUserRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'users');
  const { mfaSelfService } = services;
  const limited = credentialRateLimit(config);

  route({
    name: 'createV1MfaSmsEnroll',
    method: 'POST',
    url: '/v1/mfa/sms/enroll',
    tag: 'mfa',
    summary: 'Start adding a phone as a factor: texts a code to it',
    access: 'recent-sign-in',
    config: limited,
    body: z.object({ phoneNumber: phoneNumberField }),
    response: codeSentResponse,
    handler: ({ claims, body, request }) =>
      mfaSelfService.startSmsEnrollment(claims, body.phoneNumber, requestMeta(request)),
  });

  route({
    name: 'createV1MfaSmsEnrollVerify',
    method: 'POST',
    url: '/v1/mfa/sms/enroll/verify',
    tag: 'mfa',
    summary: 'Finish adding the phone with the texted code',
    access: 'recent-sign-in',
    config: limited,
    body: codeProofBody,
    response: enrolledResponse,
    handler: ({ claims, body, request }) =>
      mfaSelfService.finishSmsEnrollment(claims, body, requestMeta(request)),
  });

  route({
    name: 'createV1MfaSmsByDeviceIdDisable',
    method: 'POST',
    url: '/v1/mfa/sms/:deviceId/disable',
    tag: 'mfa',
    summary: 'Start removing a phone factor: texts a code to it',
    access: 'recent-sign-in',
    config: limited,
    params: deviceIdParams,
    response: codeSentResponse,
    handler: ({ claims, params, request }) =>
      mfaSelfService.startSmsRemoval(claims, params.deviceId, requestMeta(request)),
  });

  route({
    name: 'createV1MfaSmsByDeviceIdDisableVerify',
    method: 'POST',
    url: '/v1/mfa/sms/:deviceId/disable/verify',
    tag: 'mfa',
    summary: 'Remove the phone factor with the texted code',
    access: 'recent-sign-in',
    config: limited,
    params: deviceIdParams,
    body: codeProofBody,
    handler: async ({ claims, params, body, request }) => {
      await mfaSelfService.finishSmsRemoval(claims, params.deviceId, body, requestMeta(request));
    },
  });
};
