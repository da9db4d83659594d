import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import type { MfaCompletion } from '../../second-factor/service.js';
import { credentialRateLimit } from '../../../routes/rate-limit.js';
import {
  emailField,
  emptyResponse,
  requestMeta,
  requireAccessToken,
  responses,
} from '../../../routes/schemas.js';
import {
  deviceIdParams,
  mfaCodeField,
  mfaDevicesResponse,
  mfaLoginResponse,
  mfaTokenField,
  otcTokenField,
} from '../../second-factor/schemas.js';
import { replyWithSession } from '../../session-reply.js';

const rememberDevice = z.boolean().optional().describe('Remember this device for the policy period');
const codeVerificationBody = z.object({
  mfaToken: mfaTokenField,
  otcToken: otcTokenField,
  code: mfaCodeField,
  rememberDevice,
});

/**
 * /identity/resources/auth/v1/user/mfa/* and step-up: the second factor of a login (SDK
 * LoginState MFA actions) and of a step-up (StepUpState). The login answer with an mfaToken
 * comes from POST /v1/user (routes/auth/index.ts).
 */
export const authMfaRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const { mfa, sessions, tokens } = services;
  const limited = { config: credentialRateLimit(config) };

  /** Sets the refresh cookie (and the remembered-device cookie) of a passed second factor. */
  const signIn = (reply: FastifyReply, completion: MfaCompletion) => {
    if (completion.trustedDevice) {
      reply.setCookie(
        mfa.cookieName,
        completion.trustedDevice.token,
        mfa.cookieOptions(completion.trustedDevice.maxAgeSeconds),
      );
    }
    return replyWithSession(reply, sessions, completion.response);
  };

  app.post(
    '/v1/user/mfa/verify',
    {
      ...limited,
      schema: {
        tags: ['mfa'],
        summary: 'Second factor: an authenticator-app code, or a recovery code',
        body: z.object({
          mfaToken: mfaTokenField,
          value: z.string({ error: 'value is required' }).trim().min(1, 'value is required').max(64),
          rememberDevice,
          invitationToken: z.string().max(512).optional(),
        }),
        response: responses({ 200: mfaLoginResponse }),
      },
    },
    async (request, reply) =>
      signIn(reply, await mfa.verifyAuthenticator(request.body, requestMeta(request))),
  );

  app.post(
    '/v1/user/mfa/authenticator/:deviceId/verify',
    {
      ...limited,
      schema: {
        tags: ['mfa'],
        summary: 'Second factor: a code of one authenticator app',
        params: deviceIdParams,
        body: z.object({ mfaToken: mfaTokenField, value: mfaCodeField, rememberDevice }),
        response: responses({ 200: mfaLoginResponse }),
      },
    },
    async (request, reply) =>
      signIn(
        reply,
        await mfa.verifyAuthenticator(
          { ...request.body, deviceId: request.params.deviceId },
          requestMeta(request),
        ),
      ),
  );

  app.post(
    '/v1/user/mfa/authenticator/enroll',
    {
      ...limited,
      schema: {
        tags: ['mfa'],
        summary: 'Forced enrollment: the authenticator secret as an otpauth:// URI',
        body: z.object({ mfaToken: mfaTokenField }),
        response: responses({ 200: z.object({ qrCode: z.string() }) }),
      },
    },
    async (request) => mfa.preEnrollAuthenticator(request.body.mfaToken),
  );

  app.post(
    '/v1/user/mfa/authenticator/enroll/verify',
    {
      ...limited,
      schema: {
        tags: ['mfa'],
        summary:
          'Forced enrollment: prove the authenticator with a code; answers the session and a recovery code',
        body: z.object({ mfaToken: mfaTokenField, token: mfaCodeField, rememberDevice }),
        response: responses({ 200: mfaLoginResponse }),
      },
    },
    async (request, reply) =>
      signIn(reply, await mfa.enrollAuthenticator(request.body, requestMeta(request))),
  );

  app.post(
    '/v1/user/mfa/emailcode',
    {
      ...limited,
      schema: {
        tags: ['mfa'],
        summary: 'Email a 6-digit code (enrolled email, or email enrollment during a forced login)',
        body: z.object({ mfaToken: mfaTokenField }),
        response: responses({ 200: z.object({ otcToken: z.string() }) }),
      },
    },
    async (request) => mfa.sendEmailCode(request.body.mfaToken, requestMeta(request)),
  );

  app.post(
    '/v1/user/mfa/emailcode/verify',
    {
      ...limited,
      schema: {
        tags: ['mfa'],
        summary: 'Second factor: the emailed code',
        body: codeVerificationBody,
        response: responses({ 200: mfaLoginResponse }),
      },
    },
    async (request, reply) => signIn(reply, await mfa.verifyEmailCode(request.body, requestMeta(request))),
  );

  app.post(
    '/v1/user/mfa/sms/enroll',
    {
      ...limited,
      schema: {
        tags: ['mfa'],
        summary: 'Forced enrollment: text a code to the phone number to prove',
        body: z.object({
          mfaToken: mfaTokenField,
          phoneNumber: z
            .string({ error: 'phoneNumber is required' })
            .trim()
            .min(1, 'phoneNumber is required')
            .max(32),
        }),
        response: responses({ 200: z.object({ otcToken: z.string(), phoneNumber: z.string() }) }),
      },
    },
    async (request) => mfa.preEnrollSms(request.body, requestMeta(request)),
  );

  app.post(
    '/v1/user/mfa/sms/enroll/verify',
    {
      ...limited,
      schema: {
        tags: ['mfa'],
        summary:
          'Forced enrollment: prove the phone with the texted code; answers the session and a recovery code',
        body: codeVerificationBody,
        response: responses({ 200: mfaLoginResponse }),
      },
    },
    async (request, reply) => signIn(reply, await mfa.enrollSms(request.body, requestMeta(request))),
  );

  app.post(
    '/v1/user/mfa/sms/:deviceId',
    {
      ...limited,
      schema: {
        tags: ['mfa'],
        summary: 'Text a 6-digit code to an enrolled phone',
        params: deviceIdParams,
        body: z.object({ mfaToken: mfaTokenField }),
        response: responses({ 200: z.object({ otcToken: z.string(), phoneNumber: z.string() }) }),
      },
    },
    async (request) => mfa.sendSmsCode(request.params.deviceId, request.body.mfaToken, requestMeta(request)),
  );

  app.post(
    '/v1/user/mfa/sms/:deviceId/verify',
    {
      ...limited,
      schema: {
        tags: ['mfa'],
        summary: 'Second factor: the texted code',
        params: deviceIdParams,
        body: codeVerificationBody,
        response: responses({ 200: mfaLoginResponse }),
      },
    },
    async (request, reply) =>
      signIn(reply, await mfa.verifySmsCode(request.params.deviceId, request.body, requestMeta(request))),
  );

  app.post(
    '/v1/user/mfa/recover',
    {
      ...limited,
      schema: {
        tags: ['mfa'],
        summary: 'Recover with a recovery code: removes the factors so the user can sign in and enroll again',
        body: z.object({
          email: emailField,
          recoveryCode: z
            .string({ error: 'recoveryCode is required' })
            .trim()
            .min(1, 'recoveryCode is required')
            .max(64),
        }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      await mfa.recover(request.body, requestMeta(request));
      return {};
    },
  );

  app.post(
    '/v1/user/step-up/generate',
    {
      schema: {
        tags: ['mfa'],
        summary: "Step-up: an mfaToken and the signed-in user's devices ('MFA is not enrolled' without any)",
        security: [{ bearer: [] }],
        body: z.object({ maxAge: z.number().int().nonnegative().optional() }).nullish(),
        response: responses({ 200: z.object({ mfaToken: z.string(), mfaDevices: mfaDevicesResponse }) }),
      },
    },
    async (request) => {
      const claims = await requireAccessToken(request, tokens);
      return mfa.generateStepUp(claims, requestMeta(request));
    },
  );
};
