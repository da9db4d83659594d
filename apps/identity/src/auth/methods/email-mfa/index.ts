import type { SecondFactorMethod } from '../../method.js';
import { emailMfaAuthRoutes, emailMfaUserRoutes } from './routes.js';

/** A code mailed to the account's address. */
export const emailMfa: SecondFactorMethod = {
  factor: 'second',
  key: 'EmailCode',
  mfaStrategies: ['EmailCode'],
  routes: [
    { prefix: '/auth', routes: emailMfaAuthRoutes },
    { prefix: '/users', routes: emailMfaUserRoutes },
  ],
};
