import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  flagsAnswerSchema,
  treatmentSchema,
  ruleSchema,
  vendorFlagSchema,
} from '@brizo/contract/entities/entitlements';
import type { EvaluationAttributes } from '@brizo/contract/entitlements';
import { z } from 'zod';
import { vendorCallerOf } from '../../services/entitlements/vendor-caller.js';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';
import { requestMeta } from '../schemas.js';

// GET /flags (SPEC section 7) and, issue 15, the superuser console's management of the vendor-level
// flags (the migration seeds SPEC section 9's defaults).

/** Wire shape of GET /flags (SPEC section 7): name → on|off. */
export const flagsResponse = flagsAnswerSchema;

type Services = RouteOptions['services'];

/**
 * The flags as served: each one evaluated for the caller, then what tests and the dev tools override
 * (PUT /dev/api/flags/:name), which wins.
 */
export const effectiveFlags = async (
  services: Services,
  attributes: EvaluationAttributes = {},
): Promise<Record<string, 'on' | 'off'>> => ({
  ...(await services.flags.evaluate(attributes)),
  ...services.lifecycle.passwordLifecycle.flags.overrides(),
});

/**
 * The signed-in caller's claims as the rules' `jwt` attributes; anonymous without a valid person's
 * access token. The SDK loads the flags before and after sign-in, with whatever token it holds: a bad
 * or expired one must not fail the page, only lose the caller's own treatments.
 */
async function attributesOf(request: FastifyRequest, services: Services): Promise<EvaluationAttributes> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (!match?.[1]) return {};
  try {
    const claims = await services.tokens.verifyAccessToken(match[1]);
    return {
      jwt: {
        id: claims.sub,
        sub: claims.sub,
        email: claims.email,
        name: claims.name,
        tenantId: claims.tenantId,
        tenantIds: claims.tenantIds,
        roles: claims.roles,
        permissions: claims.permissions,
        superUser: claims.superUser,
      },
    };
  } catch {
    return {};
  }
}

const flagChanges = z
  .object({
    on: z.boolean(),
    offTreatment: treatmentSchema,
    defaultTreatment: treatmentSchema,
    rules: z.array(ruleSchema).max(50),
    description: z.string().max(2000),
  })
  .partial();

export const flagsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'flags');

  route({
    name: 'get',
    method: 'GET',
    url: '/flags',
    summary: 'Feature flags: name → on|off, evaluated for the caller',
    description:
      "With a valid access token its claims are the rules' jwt attributes; without one (or with an " +
      'invalid one) the anonymous evaluation.',
    access: 'public',
    response: flagsResponse,
    handler: async ({ request }) => effectiveFlags(services, await attributesOf(request, services)),
  });

  route({
    name: 'listResources',
    method: 'GET',
    url: '/flags/resources/v1',
    summary: 'The vendor-level feature flags with their rules (superuser only)',
    access: 'vendor',
    response: z.array(vendorFlagSchema),
    handler: () => services.flags.list(),
  });

  route({
    name: 'updateResources',
    method: 'PATCH',
    url: '/flags/resources/v1/:key',
    summary: 'Change a feature flag: the fields given (superuser only)',
    access: 'vendor',
    params: z.object({ key: z.string().min(1).max(200) }),
    body: flagChanges,
    response: vendorFlagSchema,
    handler: ({ params, body, claims, request }) =>
      services.flags.update(params.key, body, vendorCallerOf(claims, requestMeta(request))),
  });
};
