import type { SecondFactorMethod } from '../../method.js';
import { securityKeyUserRoutes } from './device-routes.js';
import { securityKeyAuthRoutes } from './routes.js';

/** A security key or the device's own authenticator (WebAuthn) as a second factor. */
export const securityKeys: SecondFactorMethod = {
  factor: 'second',
  key: 'WebAuthn',
  mfaStrategies: ['WebAuthnPlatform', 'WebAuthnCrossPlatform'],
  routes: [
    { prefix: '/auth', routes: securityKeyAuthRoutes },
    { prefix: '/users', routes: securityKeyUserRoutes },
  ],
};
