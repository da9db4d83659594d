import type { SecondFactorMethod } from '../../method.js';
import { totpAuthRoutes, totpUserRoutes } from './routes.js';

/** An authenticator app's time-based code (RFC 6238). */
export const totp: SecondFactorMethod = {
  factor: 'second',
  key: 'AuthenticatorApp',
  mfaStrategies: ['AuthenticatorApp'],
  routes: [
    { prefix: '/auth', routes: totpAuthRoutes },
    { prefix: '/users', routes: totpUserRoutes },
  ],
};
