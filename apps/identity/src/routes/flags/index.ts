import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';

/** Feature flags the SDK reads. SPEC section 9 names the ones on by default. */
export const featureFlags: Record<string, 'on' | 'off'> = {
  admin_portal_ip_restrictions: 'on',
  admin_portal_domain_restrictions: 'on',
  'new-mfa-pages': 'on',
  'show-passkeys-new': 'on',
  'groups-admin-box-new': 'on',
  'msp-all-accounts-new': 'on',
  'temporary-users': 'on',
  'security-center-show-login-flows': 'off',
  'prevent-auth-redirect-on-social-login': 'off',
  'multi-apps-admin-portal': 'off',
  admin_portal_should_load_authorization: 'off',
  admin_portal_use_current_user_tenants_v1_endpoint: 'off',
};

/** Wire shape of GET /flags (SPEC section 7): name → on|off. */
export const flagsResponse = z.record(z.string(), z.enum(['on', 'off']));

/** The flags as served: the defaults, then what tests and the dev tools override (PUT /dev/api/flags/:name). */
export const effectiveFlags = (services: RouteOptions['services']): Record<string, 'on' | 'off'> => ({
  ...featureFlags,
  ...services.lifecycle.passwordLifecycle.flags.overrides(),
});

export const flagsRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'flags');

  route({
    name: 'get',
    method: 'GET',
    url: '/flags',
    summary: 'Feature flags: name → on|off',
    access: 'public',
    response: flagsResponse,
    handler: () => effectiveFlags(services),
  });
};
