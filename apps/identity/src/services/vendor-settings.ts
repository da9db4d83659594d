import type { Db } from '../db/client.js';
import type { SignUpStrategySetting } from '../db/schema/index.js';
import {
  findVendorConfig,
  insertVendorConfigIfMissing,
  type VendorConfigRow,
} from '../db/queries/vendor-config.js';
import type { Clock } from '../lib/time.js';
import { ttlCached } from '../lib/ttl-cache.js';
import { DEFAULT_PASSWORD_POLICY } from '../auth/methods/password/passwords.js';

/** Sign-up strategies of a new vendor configuration, today's behaviour: sign-up by work email only. */
export const DEFAULT_SIGN_UP_STRATEGIES: SignUpStrategySetting[] = [
  { strategy: 'email', isActive: true, isRequired: true },
  { strategy: 'phoneNumber', isActive: false, isRequired: false },
  { strategy: 'username', isActive: false, isRequired: false },
];

export const DEFAULT_VENDOR_CONFIG = {
  allowSignups: true,
  allowNotVerifiedUsersLogin: false,
  mainAuthStrategy: 'EmailAndPassword',
  secondaryAuthStrategies: [],
  passwordPolicy: DEFAULT_PASSWORD_POLICY,
  signUpStrategies: DEFAULT_SIGN_UP_STRATEGIES,
  activationMethod: 'link',
  adminBox: {},
  entitlementsEnabled: false,
} satisfies Omit<VendorConfigRow, 'id' | 'updatedAt'>;

export interface VendorSettings {
  get(): Promise<VendorConfigRow>;
  /** Call after changing the vendor configuration so this process sees it at once. */
  invalidate(): void;
}

/**
 * The vendor configuration is read on every login: it is cached briefly so the login path stays
 * at one user read, and other servers sharing the database see a change within `ttlMs`.
 */
export function createVendorSettings(deps: { db: Db; clock: Clock; ttlMs?: number }): VendorSettings {
  const load = async (): Promise<VendorConfigRow> => {
    const existing = await findVendorConfig(deps.db);
    if (existing) return existing;
    await insertVendorConfigIfMissing(deps.db, DEFAULT_VENDOR_CONFIG);
    const created = await findVendorConfig(deps.db);
    if (!created) throw new Error('vendor configuration could not be created');
    return created;
  };
  return ttlCached(load, deps.clock, deps.ttlMs ?? 5000);
}
