import type { FirstFactorMethod } from '../../method.js';
import { samlLoginRoutes } from './routes.js';
import { SAML_METHOD } from './service.js';

/**
 * Sign-in at a tenant's SAML 2.0 SSO connection. No vendor strategy switches it on: a tenant's
 * connection does, and the SSO pre-login (auth/routes.ts) starts it with services.saml.start(). The
 * assertion consumer and the SP metadata live outside /identity/resources (routes.ts samlEndpointRoutes).
 */
export const saml: FirstFactorMethod = {
  factor: 'first',
  key: SAML_METHOD,
  strategies: [],
  routes: [{ prefix: '/auth', routes: samlLoginRoutes }],
};
