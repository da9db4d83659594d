import type { SocialLoginsPlacement } from '@brizo/contract/admin-portal';
import { useAuth, useAuthActions, useCustomLoginActions, useCustomLoginState } from '@frontegg/react-hooks';
import { useCallback, useState } from 'react';
import { apiError, errorMessage } from './api-error';

// The Account settings section's data: the store's accountSettings actions (tab settings) and its
// customLogin actions (tab customLogin). In preview mode the store's mock actions answer both.

/** SPEC section 3 "Account settings" (plus the website the vendor's field appearance names). */
export interface AccountSettings {
  name: string;
  address: string;
  website: string;
  timezone: string;
  dateFormat: string;
  timeFormat: string;
  currency: string;
  logo: string;
  /** The login box scoped to this account, when the server tells it. */
  loginUrl: string;
}

export type AccountSettingsChanges = Omit<AccountSettings, 'loginUrl'>;

/** What a save sends: each changed field, a cleared one as null ("not set"). */
export type AccountSettingsUpdate = Partial<Record<keyof AccountSettingsChanges, string | null>>;

/**
 * Only the fields the administrator changed. Sending the whole form sent the empty currency of a new
 * account, which the server refused ('currency must be an ISO 4217 code'), so a timezone alone could
 * not be saved. Empty: nothing changed.
 */
export function accountSettingsUpdate(
  before: AccountSettingsChanges,
  after: AccountSettingsChanges,
): AccountSettingsUpdate {
  const update: AccountSettingsUpdate = {};
  for (const key of Object.keys(after) as (keyof AccountSettingsChanges)[]) {
    const value = after[key].trim();
    if (value === before[key].trim()) continue;
    update[key] = value === '' && key !== 'name' ? null : value;
  }
  return update;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

export interface AccountSettingsView {
  settings: AccountSettings;
  /** Whether a load has finished (well or not) since this screen opened. */
  loaded: boolean;
  loading: boolean;
  error: string | null;
  load: () => void;
  /** Sends the fields given (null clears one). Rejects with the server's message. */
  save: (changes: AccountSettingsUpdate) => Promise<void>;
}

export function useAccountSettings(): AccountSettingsView {
  const state = useAuth((auth) => auth.accountSettingsState) as unknown as Record<string, unknown>;
  const activeTenantName = useAuth((auth) => auth.tenantsState?.activeTenant?.name);
  const actions = useAuthActions();
  const [loaded, setLoaded] = useState(false);
  const load = useCallback(() => {
    void Promise.resolve(actions.loadAccountSettings()).finally(() => setLoaded(true));
  }, [actions]);
  const save = useCallback(
    (changes: AccountSettingsUpdate) =>
      new Promise<void>((resolve, reject) => {
        actions.saveAccountSettings({
          ...changes,
          callback: (data: unknown, error?: unknown) => {
            if (error || !data) reject(apiError(error));
            else resolve();
          },
        } as Parameters<typeof actions.saveAccountSettings>[0]);
      }),
    [actions],
  );
  return {
    settings: {
      name: text(state.name) || text(activeTenantName),
      address: text(state.address),
      website: text(state.website),
      timezone: text(state.timezone),
      dateFormat: text(state.dateFormat),
      timeFormat: text(state.timeFormat),
      currency: text(state.currency),
      logo: text(state.logo),
      loginUrl: text(state.loginUrl),
    },
    loaded,
    loading: state.loading === true,
    error: errorMessage(state.error),
    load,
    save,
  };
}

/** The tenant's login box customisation (CustomLoginState.tenantMetadata.loginBox). */
export interface CustomLoginBox {
  logo: string;
  primaryColor: string;
  socialLoginsPlacement: SocialLoginsPlacement;
}

export interface CustomLoginView {
  loginBox: CustomLoginBox;
  loading: boolean;
  saving: boolean;
  error: string | null;
  load: () => void;
  /** Sends only what changed; the store answers 'No changes to update' when nothing did. */
  save: (next: CustomLoginBox) => Promise<void>;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const at = (value: unknown, path: string[]): unknown =>
  path.reduce<unknown>((current, key) => (isObject(current) ? current[key] : undefined), value);

export function loginBoxOf(tenantMetadata: unknown): CustomLoginBox {
  const loginBox = at(tenantMetadata, ['loginBox']);
  return {
    logo: text(at(loginBox, ['logo', 'image'])),
    primaryColor: text(at(loginBox, ['palette', 'primary', 'main'])),
    // Below the form unless chosen otherwise: where the product's own login box has them.
    socialLoginsPlacement:
      at(loginBox, ['socialLogins', 'socialLoginsLayout', 'placement']) === 'top' ? 'top' : 'bottom',
  };
}

/** The nested `loginBox` update the store flattens into one action per changed leaf. */
export function loginBoxChanges(current: CustomLoginBox, next: CustomLoginBox): Record<string, unknown> {
  const loginBox: Record<string, unknown> = {};
  if (next.logo !== current.logo) loginBox.logo = { image: next.logo };
  if (next.primaryColor !== current.primaryColor && next.primaryColor) {
    loginBox.palette = { primary: { main: next.primaryColor } };
  }
  if (next.socialLoginsPlacement !== current.socialLoginsPlacement) {
    loginBox.socialLogins = { socialLoginsLayout: { placement: next.socialLoginsPlacement } };
  }
  return Object.keys(loginBox).length > 0 ? { loginBox } : {};
}

export function useCustomLogin(): CustomLoginView {
  const state = useCustomLoginState();
  const actions = useCustomLoginActions();
  const loginBox = loginBoxOf(state.tenantMetadata);
  const load = useCallback(() => actions.loadTenantMetadata(), [actions]);
  const save = useCallback(
    (next: CustomLoginBox) =>
      new Promise<void>((resolve, reject) => {
        actions.updateTenantMetadata({
          ...loginBoxChanges(loginBox, next),
          callback: (ok: unknown, error?: unknown) => {
            if (error || !ok) reject(apiError(error, 'No changes to update'));
            else resolve();
          },
        } as unknown as Parameters<typeof actions.updateTenantMetadata>[0]);
      }),
    // loginBox is derived from the state on every render: compare by value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [actions, loginBox.logo, loginBox.primaryColor, loginBox.socialLoginsPlacement],
  );
  return {
    loginBox,
    loading: state.loading === true,
    saving: state.saving === true,
    error: errorMessage(state.error),
    load,
    save,
  };
}
