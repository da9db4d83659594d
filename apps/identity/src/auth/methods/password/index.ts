import type { FirstFactorMethod } from '../../method.js';
import { passwordStrategies } from './login.js';
import { passwordAccountRoutes } from './account-routes.js';
import { passwordLoginRoutes } from './routes.js';

/**
 * An email (or username) and a password. This folder also holds what keeps a password safe: the
 * attempt throttle, the lockout and unlock, breached and expiring passwords, the reset (by mail or by
 * SMS) and the change, whose endpoints (account-routes.ts) are served among the users area's.
 */
export const password: FirstFactorMethod = {
  factor: 'first',
  key: 'EmailAndPassword',
  strategies: passwordStrategies,
  routes: [
    { prefix: '/auth', routes: passwordLoginRoutes },
    { prefix: '/users', routes: passwordAccountRoutes },
  ],
};
