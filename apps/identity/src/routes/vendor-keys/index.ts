import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signingKeySchema } from '@brizo/contract/entities/oauth-clients';
import { z } from 'zod';
import { vendorCallerOf } from '../../services/entitlements/vendor-caller.js';
import type { RouteOptions } from '../../services/index.js';
import { KEY_PUBLISH_AHEAD_SECONDS, rotateSigningKeys } from '../../services/signing-keys/index.js';
import { areaRoutes } from '../route.js';
import { requestMeta } from '../schemas.js';

// Issue 16 (prefix /identity/resources/vendor-keys/v1): the access tokens' signing keys, for the
// superuser. Public facts only: the private parts never leave the database.

export const vendorKeysRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { db, services }) => {
  const route = areaRoutes(app, services, 'vendor-keys');
  const { tokens } = services;

  route({
    name: 'list',
    method: 'GET',
    url: '/',
    summary: 'The signing keys: kid, alg and when each signs and is published (superuser only)',
    access: 'vendor',
    response: z.array(signingKeySchema),
    handler: () => tokens.keyStore.list(),
  });
  route({
    name: 'rotate',
    method: 'POST',
    url: '/rotate',
    summary: 'Rotate the signing key (superuser only)',
    description:
      `The new key is published in the JWKS at once and signs ${KEY_PUBLISH_AHEAD_SECONDS} seconds later; ` +
      'the previous key stays published until the last token it signed has expired.',
    access: 'vendor',
    status: 201,
    response: signingKeySchema,
    handler: ({ claims, request }) =>
      rotateSigningKeys(
        { db, clock: services.lifecycle.clock, keyStore: tokens.keyStore, reload: tokens.reloadKeys },
        vendorCallerOf(claims, requestMeta(request)),
      ),
  });
};
