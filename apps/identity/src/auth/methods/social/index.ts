import type { FirstFactorMethod } from '../../method.js';
import { socialLoginRoutes, socialProvidersRoutes } from './routes.js';

/**
 * Social login (SPEC section 9 "Social providers"): a first factor switched on per provider by the
 * vendor's configuration (GET /identity/resources/sso/v2 lists the active ones), not by an auth strategy.
 */
export const social: FirstFactorMethod = {
  factor: 'first',
  key: 'social',
  strategies: [],
  routes: [
    { prefix: '/auth', routes: socialLoginRoutes },
    { prefix: '/sso', routes: socialProvidersRoutes },
  ],
};
