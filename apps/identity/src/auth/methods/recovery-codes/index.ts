import type { SecondFactorMethod } from '../../method.js';
import { recoveryCodeRoutes } from './routes.js';

/** The code shown once after the first enrollment: signs in instead of a lost factor, or removes them all. */
export const recoveryCodes: SecondFactorMethod = {
  factor: 'second',
  key: 'RecoveryCode',
  // Never enrolled on its own: it comes with the first factor.
  mfaStrategies: [],
  routes: [{ prefix: '/auth', routes: recoveryCodeRoutes }],
};
