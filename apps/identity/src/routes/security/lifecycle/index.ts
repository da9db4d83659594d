import type { FastifyRequest, FastifySchema } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  VENDOR_SCOPE,
  type SecurityPolicyChanges,
  type SecurityPolicyRow,
} from '../../../db/queries/security-policies.js';
import { auditEvents, recordAudit } from '../../../services/audit.js';
import { adminActorOf, assertPermission, assertVendorAdmin } from '../../../services/admin-access.js';
import type { RouteOptions } from '../../../services/index.js';
import { requestMeta, requireAccessToken, responses } from '../../schemas.js';

const lockoutPolicy = z.object({
  id: z.string(),
  enabled: z.boolean(),
  maxAttempts: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const historyPolicy = z.object({
  id: z.string(),
  enabled: z.boolean(),
  historySize: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const rotationPolicy = z.object({
  isActive: z.boolean(),
  rotationPeriod: z.number().describe('Minutes'),
  notificationPeriod: z.number().describe('Minutes'),
  tenantId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const recoveryStrategies = z.array(z.object({ strategy: z.enum(['email', 'sms']), isActive: z.boolean() }));

const lockoutView = (row: SecurityPolicyRow) => ({
  id: row.scope,
  enabled: row.lockoutEnabled,
  maxAttempts: row.lockoutMaxAttempts,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
const historyView = (row: SecurityPolicyRow) => ({
  id: row.scope,
  enabled: row.historyEnabled,
  historySize: row.historySize,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
const rotationView = (row: SecurityPolicyRow) => ({
  isActive: row.rotationActive,
  rotationPeriod: row.rotationPeriodMinutes,
  notificationPeriod: row.rotationNotificationMinutes,
  tenantId: row.scope,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});
const recoveryView = (row: SecurityPolicyRow) => [
  { strategy: 'email' as const, isActive: row.recoveryByEmail },
  { strategy: 'sms' as const, isActive: row.recoveryBySms },
];

/**
 * /identity/resources/configurations: lockout, password history, password rotation and password
 * recovery policies. Reading needs a session; a tenant administrator writes the tenant's policy,
 * a superuser (the vendor) writes the vendor's.
 */
export const lifecycleSecurityRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { db, services }) => {
  const { policies } = services.lifecycle;

  /**
   * The scope a request reads or writes: a superuser's is the vendor's; a tenant administrator's is
   * the token's tenant, read with fe.secure.read.securityPolicy and written with the write permission.
   */
  const scopeOf = async (request: FastifyRequest, write: boolean): Promise<string> => {
    const claims = await requireAccessToken(request, services.tokens);
    if (claims.superUser) return VENDOR_SCOPE;
    const actor = adminActorOf(claims, requestMeta(request));
    assertPermission(actor, write ? 'fe.secure.write.securityPolicy' : 'fe.secure.read.securityPolicy');
    return actor.tenantId;
  };
  const audited = async (
    request: FastifyRequest,
    scope: string,
    policy: string,
    json: Record<string, unknown>,
  ) => {
    const claims = await requireAccessToken(request, services.tokens);
    await recordAudit(
      db,
      auditEvents.securityPolicyUpdated,
      requestMeta(request),
      {
        userId: claims.sub,
        email: claims.email,
        tenantId: claims.tenantId,
        description: `${policy} (${scope})`,
        json,
      },
      services.lifecycle.clock.now(),
    );
  };

  /**
   * Lockout and password history: each a switch and one number of the scope's policy row, read with
   * GET and set with POST or PATCH (the SDK uses both), each change audited.
   */
  const switchAndNumberPolicy = <Policy extends z.ZodType, Body extends z.ZodObject>(policy: {
    url: string;
    /** As the audit log names it. */
    name: string;
    summary: string;
    setSummary: string;
    schema: Policy;
    view: (row: SecurityPolicyRow) => z.output<Policy>;
    body: Body;
    changes: (body: z.output<Body>) => SecurityPolicyChanges;
  }) => {
    // Plain FastifySchema types: fastify cannot resolve the generic Policy and Body through them;
    // view and changes carry the types instead.
    const getSchema: FastifySchema = {
      tags: ['security'],
      summary: policy.summary,
      response: responses({ 200: policy.schema }),
    };
    app.get(policy.url, { schema: getSchema }, async (request) =>
      policy.view(await policies.get(await scopeOf(request, false))),
    );
    // The vendor's policy, which tenants without their own follow (as /password-rotation/vendor).
    app.get(
      `${policy.url}/vendor`,
      { schema: { ...getSchema, summary: `The vendor's ${policy.name}` } },
      async (request) => {
        await requireAccessToken(request, services.tokens);
        return policy.view(await policies.get(VENDOR_SCOPE));
      },
    );
    const setSchema: FastifySchema = {
      tags: ['security'],
      summary: policy.setSummary,
      body: policy.body,
      response: responses({ 200: policy.schema, 201: policy.schema }),
    };
    for (const method of ['POST', 'PATCH'] as const) {
      app.route({
        method,
        url: policy.url,
        schema: setSchema,
        handler: async (request) => {
          // The validator has checked the body against policy.body.
          const body = request.body as z.output<Body>;
          const scope = await scopeOf(request, true);
          const row = await policies.update(scope, policy.changes(body));
          await audited(request, scope, policy.name, body);
          return policy.view(row);
        },
      });
    }
  };

  switchAndNumberPolicy({
    url: '/v1/lockout-policy',
    name: 'lockout policy',
    summary: 'Lockout policy',
    setSummary: 'Set the lockout policy: after maxAttempts failed passwords the user is locked',
    schema: lockoutPolicy,
    view: lockoutView,
    body: z.object({ enabled: z.boolean(), maxAttempts: z.number().int().min(1).max(100) }),
    changes: (body) => ({ lockoutEnabled: body.enabled, lockoutMaxAttempts: body.maxAttempts }),
  });

  switchAndNumberPolicy({
    url: '/v1/password-history-policy',
    name: 'password history policy',
    summary: 'Password history policy',
    setSummary: 'Set the password history policy: the last historySize passwords cannot be reused',
    schema: historyPolicy,
    view: historyView,
    body: z.object({ enabled: z.boolean(), historySize: z.number().int().min(1).max(10) }),
    changes: (body) => ({ historyEnabled: body.enabled, historySize: body.historySize }),
  });

  app.get(
    '/v1/password-rotation',
    {
      schema: {
        tags: ['security'],
        summary: 'Password rotation policy',
        response: responses({ 200: rotationPolicy }),
      },
    },
    async (request) => rotationView(await policies.get(await scopeOf(request, false))),
  );
  app.get(
    '/v1/password-rotation/vendor',
    {
      schema: {
        tags: ['security'],
        summary: "The vendor's password rotation policy",
        response: responses({ 200: rotationPolicy }),
      },
    },
    async (request) => {
      await requireAccessToken(request, services.tokens);
      return rotationView(await policies.get(VENDOR_SCOPE));
    },
  );
  app.post(
    '/v1/password-rotation',
    {
      schema: {
        tags: ['security'],
        summary: 'Set the password rotation policy (periods in minutes)',
        body: z.object({
          isActive: z.boolean().default(false),
          rotationPeriod: z.number().int().min(1).max(2_628_000).default(129_600),
          notificationPeriod: z.number().int().min(0).max(2_628_000).default(10_080),
        }),
        response: responses({ 200: rotationPolicy }),
      },
    },
    async (request) => {
      const scope = await scopeOf(request, true);
      const row = await policies.update(scope, {
        rotationActive: request.body.isActive,
        rotationPeriodMinutes: request.body.rotationPeriod,
        rotationNotificationMinutes: request.body.notificationPeriod,
      });
      await audited(request, scope, 'password rotation policy', request.body);
      return rotationView(row);
    },
  );

  app.get(
    '/v1/password-recovery/strategies',
    {
      schema: {
        tags: ['security'],
        summary: 'Password recovery methods (SPEC section 9: email, sms)',
        response: responses({ 200: recoveryStrategies }),
      },
    },
    async () => recoveryView(await policies.get(VENDOR_SCOPE)),
  );
  app.post(
    '/v1/password-recovery/strategies',
    {
      schema: {
        tags: ['security'],
        summary: 'Turn password recovery methods on or off (vendor: superuser only)',
        body: recoveryStrategies.min(1),
        response: responses({ 200: recoveryStrategies }),
      },
    },
    async (request) => {
      assertVendorAdmin(await requireAccessToken(request, services.tokens));
      const wanted = (strategy: 'email' | 'sms') =>
        request.body.find((entry) => entry.strategy === strategy)?.isActive;
      const row = await policies.update(VENDOR_SCOPE, {
        ...(wanted('email') === undefined ? {} : { recoveryByEmail: wanted('email') }),
        ...(wanted('sms') === undefined ? {} : { recoveryBySms: wanted('sms') }),
      });
      await audited(request, VENDOR_SCOPE, 'password recovery strategies', { strategies: request.body });
      return recoveryView(row);
    },
  );
};
