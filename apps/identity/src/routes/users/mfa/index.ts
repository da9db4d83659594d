import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  codeSentSchema,
  enrolledSchema,
  qrCodeSchema,
  smsCodeSentSchema,
} from '@brizo/contract/entities/mfa-devices';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { deviceIdParams, mfaCodeField, mfaDevicesResponse, otcTokenField } from '../../auth/mfa/schemas.js';
import { credentialRateLimit } from '../../rate-limit.js';
import { requireRecentSignIn } from '../../recent-sign-in.js';
import { emptyResponse, phoneNumberField, requestMeta, responses } from '../../schemas.js';
import { areaRoutes } from '../../route.js';

const enrollResponse = responses({ 200: qrCodeSchema });
const verifyBody = z.object({ token: mfaCodeField });
const codeProofBody = z.object({ otcToken: otcTokenField, code: mfaCodeField });
const codeSentResponse = responses({ 200: codeSentSchema });
const smsCodeSentResponse = responses({ 200: smsCodeSentSchema });
const enrolledResponse = responses({ 200: enrolledSchema });

/** /identity/resources/users/v1/mfa/*: the signed-in user's own factors. */
export const usersMfaRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { config, services }) => {
  const route = areaRoutes(app, services, 'users');
  const { mfa } = services;

  route({
    name: 'getV1MfaDevices',
    method: 'GET',
    url: '/v1/mfa/devices',
    tag: 'mfa',
    summary: "The signed-in user's MFA devices, one list per type",
    access: 'session',
    response: mfaDevicesResponse,
    handler: async ({ claims }) => mfa.devices(claims),
  });

  for (const path of ['/v1/mfa/authenticator/enroll', '/v1/mfa/enroll']) {
    app.post(
      path,
      {
        schema: {
          tags: ['mfa'],
          summary: 'Start enrolling an authenticator app: the secret to scan',
          security: [{ bearer: [] }],
          response: enrollResponse,
        },
      },
      async (request) => mfa.startAuthenticatorEnrollment(await requireRecentSignIn(request, services)),
    );
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
        mfa.finishAuthenticatorEnrollment(claims, request.body.token, requestMeta(request)),
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
    response: emptyResponse,
    handler: async ({ claims, request }) => {
      await mfa.disableAuthenticator(
        claims,
        request.params.deviceId,
        request.body.token,
        requestMeta(request),
      );
      return {};
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
    response: emptyResponse,
    handler: async ({ claims, request }) => {
      await mfa.disableAuthenticator(claims, undefined, request.body.token, requestMeta(request));
      return {};
    },
  });

  // SMS and email-code factors, each change proven by a code sent to the phone or address
  // concerned (services/mfa/self-service.ts). The SDK has no email-code calls: those four paths
  // follow the SMS ones.
  const { mfaSelfService } = services;
  const limited = credentialRateLimit(config);
  const selfService = (summary: string) => ({ tags: ['mfa'], summary, security: [{ bearer: [] }] });

  app.post(
    '/v1/mfa/sms/enroll',
    {
      config: limited,
      schema: {
        ...selfService('Start adding a phone as a factor: texts a code to it'),
        body: z.object({ phoneNumber: phoneNumberField }),
        response: smsCodeSentResponse,
      },
    },
    async (request) =>
      mfaSelfService.startSmsEnrollment(
        await requireRecentSignIn(request, services),
        request.body.phoneNumber,
        requestMeta(request),
      ),
  );

  app.post(
    '/v1/mfa/sms/enroll/verify',
    {
      config: limited,
      schema: {
        ...selfService('Finish adding the phone with the texted code'),
        body: codeProofBody,
        response: enrolledResponse,
      },
    },
    async (request) =>
      mfaSelfService.finishSmsEnrollment(
        await requireRecentSignIn(request, services),
        request.body,
        requestMeta(request),
      ),
  );

  app.post(
    '/v1/mfa/sms/:deviceId/disable',
    {
      config: limited,
      schema: {
        ...selfService('Start removing a phone factor: texts a code to it'),
        params: deviceIdParams,
        response: smsCodeSentResponse,
      },
    },
    async (request) =>
      mfaSelfService.startSmsRemoval(
        await requireRecentSignIn(request, services),
        request.params.deviceId,
        requestMeta(request),
      ),
  );

  app.post(
    '/v1/mfa/sms/:deviceId/disable/verify',
    {
      config: limited,
      schema: {
        ...selfService('Remove the phone factor with the texted code'),
        params: deviceIdParams,
        body: codeProofBody,
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const claims = await requireRecentSignIn(request, services);
      await mfaSelfService.finishSmsRemoval(
        claims,
        request.params.deviceId,
        request.body,
        requestMeta(request),
      );
      return {};
    },
  );

  app.post(
    '/v1/mfa/emailcode/enroll',
    {
      config: limited,
      schema: {
        ...selfService("Start adding email codes as a factor: mails a code to the user's address"),
        response: codeSentResponse,
      },
    },
    async (request) =>
      mfaSelfService.startEmailEnrollment(await requireRecentSignIn(request, services), requestMeta(request)),
  );

  app.post(
    '/v1/mfa/emailcode/enroll/verify',
    {
      config: limited,
      schema: {
        ...selfService('Finish adding email codes with the mailed code'),
        body: codeProofBody,
        response: enrolledResponse,
      },
    },
    async (request) =>
      mfaSelfService.finishEmailEnrollment(
        await requireRecentSignIn(request, services),
        request.body,
        requestMeta(request),
      ),
  );

  app.post(
    '/v1/mfa/emailcode/disable',
    {
      config: limited,
      schema: {
        ...selfService('Start removing the email-code factor: mails a code'),
        response: codeSentResponse,
      },
    },
    async (request) =>
      mfaSelfService.startEmailRemoval(await requireRecentSignIn(request, services), requestMeta(request)),
  );

  app.post(
    '/v1/mfa/emailcode/disable/verify',
    {
      config: limited,
      schema: {
        ...selfService('Remove the email-code factor with the mailed code'),
        body: codeProofBody,
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const claims = await requireRecentSignIn(request, services);
      await mfaSelfService.finishEmailRemoval(claims, request.body, requestMeta(request));
      return {};
    },
  );
};
