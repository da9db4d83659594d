import { useCallback, useSyncExternalStore } from 'react';

// The feature flags the SDK loads at start (GET /flags, ../store.ts), and again whenever who is signed
// in changes, as the screens read them: the SDK keeps them in a plain object that tells nobody when they
// arrive, so they are published here too.

/** SPEC section 9: the flags that are on unless the server says otherwise. */
export const FLAGS_ON_BY_DEFAULT: readonly string[] = [
  'admin_portal_ip_restrictions',
  'admin_portal_domain_restrictions',
  'new-mfa-pages',
  'show-passkeys-new',
  'groups-admin-box-new',
  'msp-all-accounts-new',
  'temporary-users',
];

/** The flags SPEC section 9 names. */
export type FeatureFlagName =
  | 'temporary-users'
  | 'admin_portal_ip_restrictions'
  | 'admin_portal_domain_restrictions'
  | 'new-mfa-pages'
  | 'show-passkeys-new'
  | 'groups-admin-box-new'
  | 'msp-all-accounts-new'
  | 'security-center-show-login-flows'
  | 'multi-apps-admin-portal'
  // Issue 13: the social login success page (sdk/hooks/social-login.ts).
  | 'prevent-auth-redirect-on-social-login';

let loaded: Readonly<Record<string, string>> | null = null;
const listeners = new Set<() => void>();

/** What GET /flags answered; null when it failed or has not answered (the defaults hold). */
export function publishFeatureFlags(flags: Record<string, unknown> | null): void {
  loaded = flags
    ? Object.fromEntries(
        Object.entries(flags).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      )
    : null;
  for (const listener of listeners) listener();
}

/** Whether a flag is on: as loaded, else its SPEC default. */
export function isFeatureOn(name: string, flags: Readonly<Record<string, string>> | null = loaded): boolean {
  const value = flags?.[name];
  return value === undefined ? FLAGS_ON_BY_DEFAULT.includes(name) : value === 'on';
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A flag's state, re-rendering when the flags arrive. */
export function useFeatureFlag(name: FeatureFlagName): boolean {
  return useFeatureFlags()(name);
}

/** Every flag's state at once, for a list whose entries each name their flag (the portal's sections). */
export function useFeatureFlags(): (name: FeatureFlagName) => boolean {
  const flags = useSyncExternalStore(subscribe, () => loaded);
  return useCallback((name) => isFeatureOn(name, flags), [flags]);
}
