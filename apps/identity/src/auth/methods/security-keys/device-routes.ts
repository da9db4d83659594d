import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import type { AccessTokenClaims } from '../../../services/tokens.js';
import { deviceIdParams } from '../../second-factor/schemas.js';
import {
  assertionSchema,
  attestationSchema,
  creationOptionsSchema,
  deviceTypeSchema,
  requestOptionsSchema,
  webauthnTokenField,
} from '../../webauthn/schemas.js';
import { emptyResponse, requestMeta } from '../../../routes/schemas.js';
import { areaRoutes } from '../../../routes/route.js';

/**
 * /identity/resources/users/v1/mfa/webauthn: the signed-in user's security keys as second factors
 * (SDK MfaState: preEnrollMfaWebAuthn, enrollMfaWebAuthn, preDisableMfaWebAuthn, disableMfaWebAuthn).
 */
export const securityKeyUserRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'users');
  const keys = services.webauthn.mfa;
  // Issue 10: adding or removing a security key needs a recent sign-in.
  const keyOwner = ({ sub, email, tenantId }: AccessTokenClaims) => ({ id: sub, email, tenantId });

  route({
    name: 'createV1MfaWebauthnEnroll',
    method: 'POST',
    url: '/v1/mfa/webauthn/enroll',
    tag: 'mfa',
    summary: 'Add a security key, step 1: options for navigator.credentials.create()',
    access: 'recent-sign-in',
    response: z.object({ webauthnToken: z.string(), options: creationOptionsSchema }),
    handler: async ({ claims }) => keys.startEnrollment(keyOwner(claims)),
  });

  route({
    name: 'createV1MfaWebauthnEnrollVerify',
    method: 'POST',
    url: '/v1/mfa/webauthn/enroll/verify',
    tag: 'mfa',
    summary: "Add a security key, step 2: verify and keep it (the account's first factor: a recovery code)",
    access: 'recent-sign-in',
    body: z.object({
      webauthnToken: webauthnTokenField,
      deviceType: deviceTypeSchema,
      options: attestationSchema,
    }),
    response: z.object({ recoveryCode: z.string().optional() }),
    handler: async ({ claims, request }) =>
      keys.finishEnrollment(keyOwner(claims), request.body, requestMeta(request)),
  });

  route({
    name: 'createV1MfaWebauthnByDeviceIdDisable',
    method: 'POST',
    url: '/v1/mfa/webauthn/:deviceId/disable',
    tag: 'mfa',
    summary: 'Remove a security key, step 1: options to prove it is at hand',
    access: 'recent-sign-in',
    params: deviceIdParams,
    response: z.object({ webauthnToken: z.string(), options: requestOptionsSchema }),
    handler: async ({ claims, request }) => keys.disableOptions(keyOwner(claims), request.params.deviceId),
  });

  route({
    name: 'createV1MfaWebauthnByDeviceIdDisableVerify',
    method: 'POST',
    url: '/v1/mfa/webauthn/:deviceId/disable/verify',
    tag: 'mfa',
    summary: 'Remove a security key, step 2: verify the assertion, then remove it',
    access: 'recent-sign-in',
    params: deviceIdParams,
    body: z.object({ webauthnToken: webauthnTokenField, options: assertionSchema }),
    response: emptyResponse,
    handler: async ({ claims, request }) => {
      await keys.disable(keyOwner(claims), request.params.deviceId, request.body, requestMeta(request));
      return {};
    },
  });
};
