import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { codeSentSchema } from '@brizo/contract/entities/mfa-devices';
import { z } from 'zod';
import { credentialRateLimit } from '../../../routes/rate-limit.js';
import { areaRoutes } from '../../../routes/route.js';
import { requestMeta } from '../../../routes/schemas.js';
import type { RouteOptions } from '../../../services/index.js';
import { replyWithCompletion } from '../../second-factor/completion-reply.js';
import {
  codeProofBody,
  codeVerificationBody,
  enrolledResponse,
  mfaLoginResponse,
  mfaTokenField,
} from '../../second-factor/schemas.js';

const codeSentResponse = codeSentSchema;

/**
 * /identity/resources/auth/v1/user/mfa/emailcode: an emailed code as the second factor of a login or
 * step-up, or the enrollment of email codes during a forced login.
 */
export const emailMfaAuthRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'auth');
  const { emailMfa } = services;
  const limited = credentialRateLimit(config);

  route({
    name: 'mfaEmailCodeSend',
    method: 'POST',
    url: '/v1/user/mfa/emailcode',
    tag: 'mfa',
    summary: 'Email a 6-digit code (enrolled email, or email enrollment during a forced login)',
    access: 'public',
    config: limited,
    body: z.object({ mfaToken: mfaTokenField }),
    response: codeSentResponse,
    handler: ({ body, request }) => emailMfa.sendEmailCode(body.mfaToken, requestMeta(request)),
  });

  route({
    name: 'mfaEmailCodeVerify',
    method: 'POST',
    url: '/v1/user/mfa/emailcode/verify',
    tag: 'mfa',
    summary: 'Second factor: the emailed code',
    access: 'public',
    config: limited,
    body: codeVerificationBody,
    response: mfaLoginResponse,
    handler: async ({ body, request, reply }) =>
      replyWithCompletion(reply, services, await emailMfa.verifyEmailCode(body, requestMeta(request))),
  });
};

/**
 * /identity/resources/users/v1/mfa/emailcode: the signed-in user's email codes as a factor, each
 * change proven by a code mailed to their address. The SDK has no such calls: these paths follow the
 * SMS ones (auth/methods/sms-mfa/routes.ts).
 */
export const emailMfaUserRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'users');
  const { mfaSelfService } = services;
  const limited = credentialRateLimit(config);

  route({
    name: 'createV1MfaEmailcodeEnroll',
    method: 'POST',
    url: '/v1/mfa/emailcode/enroll',
    tag: 'mfa',
    summary: "Start adding email codes as a factor: mails a code to the user's address",
    access: 'recent-sign-in',
    config: limited,
    response: codeSentResponse,
    handler: ({ claims, request }) => mfaSelfService.startEmailEnrollment(claims, requestMeta(request)),
  });

  route({
    name: 'createV1MfaEmailcodeEnrollVerify',
    method: 'POST',
    url: '/v1/mfa/emailcode/enroll/verify',
    tag: 'mfa',
    summary: 'Finish adding email codes with the mailed code',
    access: 'recent-sign-in',
    config: limited,
    body: codeProofBody,
    response: enrolledResponse,
    handler: ({ claims, body, request }) =>
      mfaSelfService.finishEmailEnrollment(claims, body, requestMeta(request)),
  });

  route({
    name: 'createV1MfaEmailcodeDisable',
    method: 'POST',
    url: '/v1/mfa/emailcode/disable',
    tag: 'mfa',
    summary: 'Start removing the email-code factor: mails a code',
    access: 'recent-sign-in',
    config: limited,
    response: codeSentResponse,
    handler: ({ claims, request }) => mfaSelfService.startEmailRemoval(claims, requestMeta(request)),
  });

  route({
    name: 'createV1MfaEmailcodeDisableVerify',
    method: 'POST',
    url: '/v1/mfa/emailcode/disable/verify',
    tag: 'mfa',
    summary: 'Remove the email-code factor with the mailed code',
    access: 'recent-sign-in',
    config: limited,
    body: codeProofBody,
    handler: async ({ claims, body, request }) => {
      await mfaSelfService.finishEmailRemoval(claims, body, requestMeta(request));
    },
  });
};
