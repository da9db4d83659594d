import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { deviceIdParams } from '../../auth/mfa/schemas.js';
import {
  assertionSchema,
  attestationSchema,
  creationOptionsSchema,
  deviceTypeSchema,
  requestOptionsSchema,
} from '../../auth/webauthn/schemas.js';
import { requireRecentSignIn } from '../../recent-sign-in.js';
import { emptyResponse, requestMeta, responses } from '../../schemas.js';

const webauthnTokenField = z
  .string({ error: 'webauthnToken is required' })
  .min(1, 'webauthnToken is required')
  .max(512);

/**
 * /identity/resources/users/v1/mfa/webauthn: the signed-in user's security keys as second factors
 * (SDK MfaState: preEnrollMfaWebAuthn, enrollMfaWebAuthn, preDisableMfaWebAuthn, disableMfaWebAuthn).
 */
export const mfaWebAuthnUserRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const keys = services.webauthn.mfa;
  const caller = async (request: FastifyRequest) => {
    // Issue 10: adding or removing a security key needs a recent sign-in.
    const { sub, email, tenantId } = await requireRecentSignIn(request, services);
    return { id: sub, email, tenantId };
  };

  app.post(
    '/v1/mfa/webauthn/enroll',
    {
      schema: {
        tags: ['mfa'],
        summary: 'Add a security key, step 1: options for navigator.credentials.create()',
        security: [{ bearer: [] }],
        response: responses({ 200: z.object({ webauthnToken: z.string(), options: creationOptionsSchema }) }),
      },
    },
    async (request) => keys.startEnrollment(await caller(request)),
  );

  app.post(
    '/v1/mfa/webauthn/enroll/verify',
    {
      schema: {
        tags: ['mfa'],
        summary:
          "Add a security key, step 2: verify and keep it (the account's first factor: a recovery code)",
        security: [{ bearer: [] }],
        body: z.object({
          webauthnToken: webauthnTokenField,
          deviceType: deviceTypeSchema,
          options: attestationSchema,
        }),
        response: responses({ 200: z.object({ recoveryCode: z.string().optional() }) }),
      },
    },
    async (request) => keys.finishEnrollment(await caller(request), request.body, requestMeta(request)),
  );

  app.post(
    '/v1/mfa/webauthn/:deviceId/disable',
    {
      schema: {
        tags: ['mfa'],
        summary: 'Remove a security key, step 1: options to prove it is at hand',
        security: [{ bearer: [] }],
        params: deviceIdParams,
        response: responses({ 200: z.object({ webauthnToken: z.string(), options: requestOptionsSchema }) }),
      },
    },
    async (request) => keys.disableOptions(await caller(request), request.params.deviceId),
  );

  app.post(
    '/v1/mfa/webauthn/:deviceId/disable/verify',
    {
      schema: {
        tags: ['mfa'],
        summary: 'Remove a security key, step 2: verify the assertion, then remove it',
        security: [{ bearer: [] }],
        params: deviceIdParams,
        body: z.object({ webauthnToken: webauthnTokenField, options: assertionSchema }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      await keys.disable(await caller(request), request.params.deviceId, request.body, requestMeta(request));
      return {};
    },
  );
};
