import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/time.js';
import type { MfaService } from '../second-factor/service.js';
import type { MfaPolicyService } from '../second-factor/policy.js';
import type { SessionService } from '../../services/sessions.js';
import type { VendorSettings } from '../../services/vendor-settings.js';
import type { SsoEnforcement } from '../../services/sso/enforcement.js';
import { createWebAuthnCeremonies, relyingPartyFromConfig } from './ceremonies.js';
import { createMfaWebAuthnService } from '../methods/security-keys/service.js';
import { createPasskeyService } from '../methods/passkeys/service.js';

/** Passkeys and security keys: the shared ceremonies and what each use makes of them. */
export function createWebAuthnServices(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  sessions: SessionService;
  vendorSettings: VendorSettings;
  mfa: MfaService;
  mfaPolicies: MfaPolicyService;
  /** Issue 13: a tenant enforcing SSO refuses its domains' passkeys. */
  ssoEnforcement?: SsoEnforcement;
}) {
  const { db, config, clock, sessions, vendorSettings, mfa, mfaPolicies } = deps;
  const ceremonies = createWebAuthnCeremonies({ db, clock, relyingParty: relyingPartyFromConfig(config) });
  return {
    ceremonies,
    passkeys: createPasskeyService({
      db,
      clock,
      ceremonies,
      sessions,
      vendorSettings,
      ssoEnforcement: deps.ssoEnforcement,
    }),
    mfa: createMfaWebAuthnService({ db, clock, ceremonies, mfa, policies: mfaPolicies }),
  };
}

export type WebAuthnServices = ReturnType<typeof createWebAuthnServices>;
