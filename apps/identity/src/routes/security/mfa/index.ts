import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { enforceMfaTypes, mfaStrategies } from '@brizo/contract';
import { mfaPolicySchema } from '@brizo/contract/entities/security-policies';
import { mfaTokenField } from '../../../auth/second-factor/schemas.js';
import { requestMeta } from '../../schemas.js';
import { areaRoutes } from '../../route.js';

const WRITE_SECURITY_POLICY = 'fe.secure.write.securityPolicy';

const policyResponse = mfaPolicySchema;

const policyBody = z.object({
  enforceMFAType: z.enum(enforceMfaTypes).optional(),
  allowRememberMyDevice: z.boolean().optional(),
  mfaDeviceExpiration: z
    .number()
    .int()
    .min(0)
    .max(365 * 24 * 60 * 60)
    .optional(),
});

const strategiesResponse = z.object({
  strategies: z.array(z.object({ strategy: z.enum(mfaStrategies), isActive: z.boolean() })),
});

/** /identity/resources/configurations/v1: the tenant's MFA policy and the vendor's MFA strategies. */
export const securityMfaRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'security');
  const { mfa, mfaPolicies } = services;

  route({
    name: 'getV1MfaPolicy',
    method: 'GET',
    url: '/v1/mfa-policy',
    tag: 'mfa',
    summary: "The active tenant's MFA policy (defaults when it has none)",
    access: { permission: 'fe.secure.read.securityPolicy' },
    response: policyResponse,
    handler: async ({ actor }) => mfaPolicies.forTenant(actor.tenantId),
  });

  route({
    name: 'getV1MfaPolicyVendor',
    method: 'GET',
    url: '/v1/mfa-policy/vendor',
    tag: 'mfa',
    summary: "The vendor's MFA policy: what a tenant without its own follows",
    access: 'session',
    response: policyResponse,
    handler: async () => {
      return mfaPolicies.forTenant(null);
    },
  });

  for (const method of ['POST', 'PUT', 'PATCH'] as const) {
    route({
      name: `${method.toLowerCase()}MfaPolicy`,
      method,
      url: '/v1/mfa-policy',
      tag: 'mfa',
      summary: "Change the active tenant's MFA policy (fe.secure.write.securityPolicy)",
      access: { permission: WRITE_SECURITY_POLICY },
      body: policyBody,
      response: policyResponse,
      handler: async ({ actor, body }) => mfaPolicies.change(actor, body),
    });
  }

  route({
    name: 'getV1MfaPolicyAllowRememberDevice',
    method: 'GET',
    url: '/v1/mfa-policy/allow-remember-device',
    tag: 'mfa',
    summary: 'May this MFA login offer "remember this device", and for how long',
    access: 'public',
    query: z.object({ mfaToken: mfaTokenField }),
    response: z.object({ isAllowedToRemember: z.boolean(), mfaDeviceExpiration: z.number() }),
    handler: async ({ request }) => mfa.rememberDeviceOffer(request.query.mfaToken),
  });

  route({
    name: 'getV1MfaStrategies',
    method: 'GET',
    url: '/v1/mfa/strategies',
    tag: 'mfa',
    summary: "The vendor's MFA strategies",
    access: 'public',
    response: strategiesResponse,
    handler: async () => ({ strategies: await mfaPolicies.strategies() }),
  });

  route({
    name: 'createV1MfaStrategies',
    method: 'POST',
    url: '/v1/mfa/strategies',
    tag: 'mfa',
    summary: 'Turn an MFA strategy on or off for every tenant (superuser only)',
    access: 'vendor',
    body: z.object({ strategy: z.enum(mfaStrategies), isActive: z.boolean() }),
    response: strategiesResponse,
    handler: async ({ body, claims, request }) => {
      await mfaPolicies.setStrategy(body.strategy, body.isActive, { claims, meta: requestMeta(request) });
      return { strategies: await mfaPolicies.strategies() };
    },
  });
};
