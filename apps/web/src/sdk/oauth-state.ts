import { HOSTED_LOGIN_VERIFIER_KEY } from '@frontegg/redux-store';
import { createApiClient } from '@frontegg/rest-api';
import { local, session } from '../lib/storage';
import type { KeyValueStorage } from '../product';
import { describeError } from './hooks/types';
import { OAUTH_STATE_KEY } from './oauth-state-key';

// Hosted login's CSRF defence (RFC 6749 10.12): the SDK sends PKCE but no `state`. Every redirect
// to /oauth/authorize gets a random one, kept in this tab only (./store.ts); the callback must bring
// it back, once. Loaded with the callback page only.

/**
 * Whether the callback's `state` is the one this tab sent. Single use: the remembered state is
 * forgotten whatever the answer, so a replayed callback fails.
 */
export function checkAuthorizationState(
  returned: string | null,
  storage: KeyValueStorage = session,
): boolean {
  const expected = storage.getItem(OAUTH_STATE_KEY);
  storage.removeItem(OAUTH_STATE_KEY);
  return expected !== null && returned !== null && returned === expected;
}

export interface CallbackActions {
  afterAuthenticationStateUpdate: (response: never, update: Record<string, unknown>) => void;
  afterAuthNavigation: () => Promise<void>;
  setAuthState: (state: Record<string, unknown>) => void;
}

export type CallbackOutcome =
  { ok: true } | { ok: false; reason: 'state' | 'exchange'; message: string | null };

/**
 * The /oauth/callback step: checks the state, trades the code for tokens with the PKCE verifier, then
 * lands the user like any sign-in. Unlike the store's own handleHostedLoginCallback, a refused code
 * is reported to the page instead of sending the user back to the login box without a word.
 */
export async function completeHostedLogin(
  appName: string,
  callback: { code: string; state: string | null; redirectUri: string },
  actions: CallbackActions,
  storage: { tab: KeyValueStorage; browser: KeyValueStorage } = { tab: session, browser: local },
): Promise<CallbackOutcome> {
  if (!checkAuthorizationState(callback.state, storage.tab)) {
    actions.setAuthState({ isLoading: false });
    return { ok: false, reason: 'state', message: null };
  }
  const verifier = storage.browser.getItem(HOSTED_LOGIN_VERIFIER_KEY);
  // A verifier proves one authorization only.
  storage.browser.removeItem(HOSTED_LOGIN_VERIFIER_KEY);
  try {
    // The type leaves out grant_type, which the token endpoint needs (the store sends it too).
    const body = {
      code: callback.code,
      redirect_uri: callback.redirectUri,
      code_verifier: verifier ?? '',
      grant_type: 'authorization_code',
    };
    const response = await createApiClient(appName).auth.exchangeOAuthTokensV2(body);
    actions.afterAuthenticationStateUpdate(response as never, { isAuthenticated: true, isLoading: false });
  } catch (error) {
    actions.setAuthState({ isLoading: false });
    return { ok: false, reason: 'exchange', message: describeError(error) };
  }
  await actions.afterAuthNavigation();
  return { ok: true };
}
