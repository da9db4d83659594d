import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { attestationSchema, creationOptionsSchema, deviceTypeSchema } from '../../auth/webauthn/schemas.js';
import { requireRecentSignIn } from '../../recent-sign-in.js';
import { emptyResponse, requestMeta, requireAccessToken, responses } from '../../schemas.js';

const passkeyDevice = z.object({
  id: z.string(),
  deviceType: deviceTypeSchema,
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

/** /identity/resources/users/webauthn/v1/devices: the signed-in user's passkeys. */
export const passkeyDeviceRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const { passkeys } = services.webauthn;
  const signedIn = (request: Parameters<typeof requireAccessToken>[0]) =>
    requireAccessToken(request, services.tokens);
  // Issue 10: a passkey signs in on its own, so adding or deleting one needs a recent sign-in.
  const recentlySignedIn = (request: Parameters<typeof requireAccessToken>[0]) =>
    requireRecentSignIn(request, services);

  app.get(
    '/',
    {
      schema: {
        tags: ['users'],
        summary: "The signed-in user's passkeys",
        response: responses({ 200: z.object({ devices: z.array(passkeyDevice) }) }),
      },
    },
    async (request) => ({ devices: await passkeys.list((await signedIn(request)).sub) }),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['users'],
        summary: 'Add a passkey, step 1: the options for navigator.credentials.create()',
        response: responses({ 200: z.object({ options: creationOptionsSchema }) }),
      },
    },
    async (request) => ({
      options: await passkeys.registrationOptions((await recentlySignedIn(request)).sub),
    }),
  );

  app.post(
    '/verify',
    {
      schema: {
        tags: ['users'],
        summary: 'Add a passkey, step 2: verify the new credential and keep it',
        body: attestationSchema,
        response: responses({ 200: passkeyDevice }),
      },
    },
    async (request) => {
      const { sub } = await recentlySignedIn(request);
      return passkeys.register(sub, request.body, requestMeta(request));
    },
  );

  app.delete(
    '/:deviceId',
    {
      schema: {
        tags: ['users'],
        summary: 'Delete one of your passkeys',
        params: z.object({ deviceId: z.uuid({ error: 'deviceId must be a valid id' }) }),
        response: responses({ 200: emptyResponse }),
      },
    },
    async (request) => {
      const { sub, email, tenantId } = await recentlySignedIn(request);
      await passkeys.remove({ id: sub, email, tenantId }, request.params.deviceId, requestMeta(request));
      return {};
    },
  );
};
