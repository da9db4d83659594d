import type { SecondFactorMethod } from '../../method.js';
import { smsMfaAuthRoutes, smsMfaUserRoutes } from './routes.js';

/** A code texted to an enrolled phone. */
export const smsMfa: SecondFactorMethod = {
  factor: 'second',
  key: 'SMS',
  mfaStrategies: ['SMS'],
  routes: [
    { prefix: '/auth', routes: smsMfaAuthRoutes },
    { prefix: '/users', routes: smsMfaUserRoutes },
  ],
};
