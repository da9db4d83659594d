import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { attestationSchema, creationOptionsSchema, deviceTypeSchema } from '../../webauthn/schemas.js';
import { emptyResponse, requestMeta } from '../../../routes/schemas.js';
import { areaRoutes } from '../../../routes/route.js';

const passkeyDevice = z.object({
  id: z.string(),
  deviceType: deviceTypeSchema,
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

/** /identity/resources/users/webauthn/v1/devices: the signed-in user's passkeys. */
export const passkeyDeviceRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'users');
  const { passkeys } = services.webauthn;
  // Issue 10: a passkey signs in on its own, so adding or deleting one needs a recent sign-in.

  route({
    name: 'passkeysGet',
    method: 'GET',
    url: '/',
    summary: "The signed-in user's passkeys",
    access: 'session',
    response: z.object({ devices: z.array(passkeyDevice) }),
    handler: async ({ claims }) => ({ devices: await passkeys.list(claims.sub) }),
  });

  route({
    name: 'passkeysCreate',
    method: 'POST',
    url: '/',
    summary: 'Add a passkey, step 1: the options for navigator.credentials.create()',
    access: 'recent-sign-in',
    response: z.object({ options: creationOptionsSchema }),
    handler: async ({ claims }) => ({ options: await passkeys.registrationOptions(claims.sub) }),
  });

  route({
    name: 'passkeysCreateVerify',
    method: 'POST',
    url: '/verify',
    summary: 'Add a passkey, step 2: verify the new credential and keep it',
    access: 'recent-sign-in',
    body: attestationSchema,
    response: passkeyDevice,
    handler: ({ claims, body, request }) => passkeys.register(claims.sub, body, requestMeta(request)),
  });

  route({
    name: 'passkeysDeleteByDeviceId',
    method: 'DELETE',
    url: '/:deviceId',
    summary: 'Delete one of your passkeys',
    access: 'recent-sign-in',
    params: z.object({ deviceId: z.uuid({ error: 'deviceId must be a valid id' }) }),
    response: emptyResponse,
    handler: async ({ claims: { sub, email, tenantId }, request }) => {
      await passkeys.remove({ id: sub, email, tenantId }, request.params.deviceId, requestMeta(request));
      return {};
    },
  });
};
