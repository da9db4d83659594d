import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { deviceIdParams, mfaCodeField, mfaDevicesResponse } from '../../auth/mfa/schemas.js';
import { emptyResponse, requestMeta, requireAccessToken, responses } from '../../schemas.js';

const enrollResponse = responses({ 200: z.object({ qrCode: z.string().describe('otpauth:// URI') }) });
const verifyBody = z.object({ token: mfaCodeField });

/** /identity/resources/users/v1/mfa/*: the signed-in user's own factors. */
export const usersMfaRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { mfa, tokens } = services;

  app.get(
    '/v1/mfa/devices',
    {
      schema: {
        tags: ['mfa'],
        summary: "The signed-in user's MFA devices, one list per type",
        security: [{ bearer: [] }],
        response: responses({ 200: mfaDevicesResponse }),
      },
    },
    async (request) => mfa.devices(await requireAccessToken(request, tokens)),
  );

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
      async (request) => mfa.startAuthenticatorEnrollment(await requireAccessToken(request, tokens)),
    );
  }

  for (const path of ['/v1/mfa/authenticator/enroll/verify', '/v1/mfa/enroll/verify']) {
    app.post(
      path,
      {
        schema: {
          tags: ['mfa'],
          summary: 'Finish enrolling the authenticator app with a code; answers the recovery code',
          security: [{ bearer: [] }],
          body: verifyBody,
          response: responses({ 200: z.object({ recoveryCode: z.string() }) }),
        },
      },
      async (request) =>
        mfa.finishAuthenticatorEnrollment(
          await requireAccessToken(request, tokens),
          request.body.token,
          requestMeta(request),
        ),
    );
  }

  app.post(
    '/v1/mfa/authenticator/:deviceId/disable/verify',
    {
      schema: {
        tags: ['mfa'],
        summary: 'Remove an authenticator app, proven by a current code of it',
        security: [{ bearer: [] }],
        params: deviceIdParams,
        body: verifyBody,
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const claims = await requireAccessToken(request, tokens);
      await mfa.disableAuthenticator(
        claims,
        request.params.deviceId,
        request.body.token,
        requestMeta(request),
      );
      return {};
    },
  );

  app.post(
    '/v1/mfa/disable',
    {
      schema: {
        tags: ['mfa'],
        summary: 'Remove the authenticator app (legacy form without a device id)',
        security: [{ bearer: [] }],
        body: verifyBody,
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const claims = await requireAccessToken(request, tokens);
      await mfa.disableAuthenticator(claims, undefined, request.body.token, requestMeta(request));
      return {};
    },
  );
};
