import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../../services/index.js';
import { mfaAuditEvents } from '../../../services/mfa/audit-events.js';
import { mfaStrategies } from '@brizo/contract';
import { assertVendorAdmin } from '../../../services/admin-access.js';
import { recordAdminAudit } from '../../../services/audit.js';
import { mfaTokenField } from '../../auth/mfa/schemas.js';
import { requirePermission } from '../../admin-access.js';
import { requireAccessToken, responses } from '../../schemas.js';

const WRITE_SECURITY_POLICY = 'fe.secure.write.securityPolicy';

const policyResponse = z.object({
  id: z.string().nullable(),
  enforceMFAType: z.enum(['DontForce', 'Force', 'ForceExceptSAML']),
  allowRememberMyDevice: z.boolean(),
  mfaDeviceExpiration: z.number().describe('Seconds a remembered device skips MFA'),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

const policyBody = z.object({
  enforceMFAType: z.enum(['DontForce', 'Force', 'ForceExceptSAML']).optional(),
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
export const securityMfaRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { db, services }) => {
  const { mfa, mfaPolicies, tokens } = services;

  app.get(
    '/v1/mfa-policy',
    {
      schema: {
        tags: ['mfa'],
        summary: "The active tenant's MFA policy (defaults when it has none)",
        security: [{ bearer: [] }],
        response: responses({ 200: policyResponse }),
      },
    },
    async (request) =>
      mfaPolicies.forTenant(
        (await requirePermission(request, tokens, 'fe.secure.read.securityPolicy')).tenantId,
      ),
  );

  app.get(
    '/v1/mfa-policy/vendor',
    {
      schema: {
        tags: ['mfa'],
        summary: "The vendor's MFA policy: what a tenant without its own follows",
        security: [{ bearer: [] }],
        response: responses({ 200: policyResponse }),
      },
    },
    async (request) => {
      await requireAccessToken(request, tokens);
      return mfaPolicies.forTenant(null);
    },
  );

  for (const method of ['POST', 'PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/v1/mfa-policy',
      schema: {
        tags: ['mfa'],
        summary: "Change the active tenant's MFA policy (fe.secure.write.securityPolicy)",
        security: [{ bearer: [] }],
        body: policyBody,
        response: responses({ 200: policyResponse }),
      },
      handler: async (request) => {
        const actor = await requirePermission(request, tokens, WRITE_SECURITY_POLICY);
        const policy = await mfaPolicies.save(actor.tenantId, request.body);
        await recordAdminAudit(
          db,
          actor,
          mfaAuditEvents.mfaPolicyChanged,
          { json: { ...request.body } },
          new Date(),
        );
        return policy;
      },
    });
  }

  app.get(
    '/v1/mfa-policy/allow-remember-device',
    {
      schema: {
        tags: ['mfa'],
        summary: 'May this MFA login offer "remember this device", and for how long',
        querystring: z.object({ mfaToken: mfaTokenField }),
        response: responses({
          200: z.object({ isAllowedToRemember: z.boolean(), mfaDeviceExpiration: z.number() }),
        }),
      },
    },
    async (request) => mfa.rememberDeviceOffer(request.query.mfaToken),
  );

  app.get(
    '/v1/mfa/strategies',
    {
      schema: {
        tags: ['mfa'],
        summary: "The vendor's MFA strategies",
        response: responses({ 200: strategiesResponse }),
      },
    },
    async () => ({ strategies: await mfaPolicies.strategies() }),
  );

  app.post(
    '/v1/mfa/strategies',
    {
      schema: {
        tags: ['mfa'],
        summary: 'Turn an MFA strategy on or off for every tenant (superuser only)',
        security: [{ bearer: [] }],
        body: z.object({ strategy: z.enum(mfaStrategies), isActive: z.boolean() }),
        response: responses({ 200: strategiesResponse }),
      },
    },
    async (request) => {
      assertVendorAdmin(await requireAccessToken(request, tokens));
      await mfaPolicies.setStrategy(request.body.strategy, request.body.isActive);
      return { strategies: await mfaPolicies.strategies() };
    },
  );
};
