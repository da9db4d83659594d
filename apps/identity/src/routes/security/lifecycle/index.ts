import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  lockoutPolicySchema,
  passwordHistoryPolicySchema,
  passwordRotationPolicySchema,
} from '@brizo/contract/entities/security-policies';
import { z } from 'zod';
import type { SecurityPolicyChanges, SecurityPolicyRow } from '../../../services/lifecycle/policies.js';
import type { RouteOptions } from '../../../services/index.js';
import type { AccessTokenClaims } from '../../../services/tokens.js';
import { requestMeta } from '../../schemas.js';
import { areaRoutes } from '../../route.js';

const lockoutPolicy = lockoutPolicySchema;
const historyPolicy = passwordHistoryPolicySchema;
const rotationPolicy = passwordRotationPolicySchema;
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
export const lifecycleSecurityRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'security');
  const { policies } = services.lifecycle;

  const scopeOf = (claims: AccessTokenClaims, request: FastifyRequest, write: boolean) =>
    policies.scopeOf(claims, requestMeta(request), write);
  const callerOf = (claims: AccessTokenClaims, request: FastifyRequest) => ({
    claims,
    meta: requestMeta(request),
  });

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
    // Widened: the route's types cannot see through the generic Policy and Body; view and changes carry them.
    const schema: z.ZodType = policy.schema;
    const bodySchema: z.ZodType = policy.body;
    const name = policy.name.replace(/ (\w)/g, (_match, letter: string) => letter.toUpperCase());
    route({
      name,
      method: 'GET',
      url: policy.url,
      summary: policy.summary,
      access: 'session',
      response: schema,
      handler: async ({ claims, request }) =>
        policy.view(await policies.get(scopeOf(claims, request, false))),
    });
    // The vendor's policy, which tenants without their own follow (as /password-rotation/vendor).
    route({
      name: `${name}OfVendor`,
      method: 'GET',
      url: `${policy.url}/vendor`,
      summary: `The vendor's ${policy.name}`,
      access: 'session',
      response: schema,
      handler: async () => policy.view(await policies.vendor()),
    });
    for (const method of ['POST', 'PATCH'] as const) {
      route({
        name: `${method === 'POST' ? 'set' : 'update'}${name.charAt(0).toUpperCase()}${name.slice(1)}`,
        method,
        url: policy.url,
        summary: policy.setSummary,
        access: 'session',
        body: bodySchema,
        response: schema,
        handler: async ({ claims, request, body }) => {
          const scope = scopeOf(claims, request, true);
          // The validator has checked the body against policy.body.
          const changes = body as z.output<Body>;
          const row = await policies.change(callerOf(claims, request), scope, policy.changes(changes), {
            policy: policy.name,
            json: changes,
          });
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

  route({
    name: 'getV1PasswordRotation',
    method: 'GET',
    url: '/v1/password-rotation',
    summary: 'Password rotation policy',
    access: 'session',
    response: rotationPolicy,
    handler: async ({ claims, request }) => rotationView(await policies.get(scopeOf(claims, request, false))),
  });
  route({
    name: 'getV1PasswordRotationVendor',
    method: 'GET',
    url: '/v1/password-rotation/vendor',
    summary: "The vendor's password rotation policy",
    access: 'session',
    response: rotationPolicy,
    handler: async () => {
      return rotationView(await policies.vendor());
    },
  });
  route({
    name: 'createV1PasswordRotation',
    method: 'POST',
    url: '/v1/password-rotation',
    summary: 'Set the password rotation policy (periods in minutes)',
    access: 'session',
    body: z.object({
      isActive: z.boolean().default(false),
      rotationPeriod: z.number().int().min(1).max(2_628_000).default(129_600),
      notificationPeriod: z.number().int().min(0).max(2_628_000).default(10_080),
    }),
    response: rotationPolicy,
    handler: async ({ claims, request }) => {
      const scope = scopeOf(claims, request, true);
      const changes = {
        rotationActive: request.body.isActive,
        rotationPeriodMinutes: request.body.rotationPeriod,
        rotationNotificationMinutes: request.body.notificationPeriod,
      };
      const row = await policies.change(callerOf(claims, request), scope, changes, {
        policy: 'password rotation policy',
        json: request.body,
      });
      return rotationView(row);
    },
  });

  route({
    name: 'getV1PasswordRecoveryStrategies',
    method: 'GET',
    url: '/v1/password-recovery/strategies',
    summary: 'Password recovery methods (SPEC section 9: email, sms)',
    access: 'public',
    response: recoveryStrategies,
    handler: async () => recoveryView(await policies.vendor()),
  });
  route({
    name: 'setPasswordRecoveryStrategies',
    method: 'POST',
    url: '/v1/password-recovery/strategies',
    summary: 'Turn password recovery methods on or off (vendor: superuser only)',
    access: 'vendor',
    body: recoveryStrategies.min(1),
    response: recoveryStrategies,
    handler: async ({ claims, request, body }) => {
      const wanted = (strategy: 'email' | 'sms') =>
        body.find((entry) => entry.strategy === strategy)?.isActive;
      const changes = {
        ...(wanted('email') === undefined ? {} : { recoveryByEmail: wanted('email') }),
        ...(wanted('sms') === undefined ? {} : { recoveryBySms: wanted('sms') }),
      };
      // The access is the vendor's: the scope is the vendor's.
      const row = await policies.change(callerOf(claims, request), scopeOf(claims, request, true), changes, {
        policy: 'password recovery strategies',
        json: { strategies: body },
      });
      return recoveryView(row);
    },
  });
};
