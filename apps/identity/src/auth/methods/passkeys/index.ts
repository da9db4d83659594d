import type { FirstFactorMethod } from '../../method.js';
import { passkeyDeviceRoutes } from './device-routes.js';
import { passkeyLoginRoutes } from './routes.js';
import { PASSKEYS_STRATEGY } from './service.js';

/** A passkey signs in on its own, beside the main strategy (the SDK's secondary strategy Passkeys). */
export const passkeys: FirstFactorMethod = {
  factor: 'first',
  key: PASSKEYS_STRATEGY,
  strategies: [PASSKEYS_STRATEGY],
  routes: [
    { prefix: '/auth', routes: passkeyLoginRoutes },
    { prefix: '/users/webauthn/v1/devices', routes: passkeyDeviceRoutes },
  ],
};
