import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { areaRoutes } from '../../routes/route.js';
import { requestMeta } from '../../routes/schemas.js';
import type { RouteOptions } from '../../services/index.js';
import { mfaDevicesResponse } from './schemas.js';

/**
 * /identity/resources/auth/v1/user/step-up: the second factor asked of a signed-in user (SDK
 * StepUpState); the chosen factor's own verify endpoint then answers the stepped-up session.
 */
export const secondFactorAuthRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'auth');

  route({
    name: 'stepUpGenerate',
    method: 'POST',
    url: '/v1/user/step-up/generate',
    tag: 'mfa',
    summary: "Step-up: an mfaToken and the signed-in user's devices ('MFA is not enrolled' without any)",
    access: 'session',
    body: z.object({ maxAge: z.number().int().nonnegative().optional() }).nullish(),
    response: z.object({ mfaToken: z.string(), mfaDevices: mfaDevicesResponse }),
    handler: ({ claims, request }) => services.mfa.generateStepUp(claims, requestMeta(request)),
  });
};

/** /identity/resources/users/v1/mfa/devices: the signed-in user's factors, whichever methods they are. */
export const secondFactorUserRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'users');

  route({
    name: 'getV1MfaDevices',
    method: 'GET',
    url: '/v1/mfa/devices',
    tag: 'mfa',
    summary: "The signed-in user's MFA devices, one list per type",
    access: 'session',
    response: mfaDevicesResponse,
    handler: async ({ claims }) => services.mfa.devices(claims),
  });
};
