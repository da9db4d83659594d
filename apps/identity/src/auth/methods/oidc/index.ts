import type { FirstFactorMethod } from '../../method.js';
import { oidcLoginRoutes } from './routes.js';
import { OIDC_METHOD } from './service.js';

/**
 * Sign-in at a tenant's OpenID Connect SSO connection. No vendor strategy switches it on: a tenant's
 * connection does, and the SSO pre-login (auth/routes.ts) starts it with services.oidc.start().
 */
export const oidc: FirstFactorMethod = {
  factor: 'first',
  key: OIDC_METHOD,
  strategies: [],
  routes: [{ prefix: '/auth', routes: oidcLoginRoutes }],
};
