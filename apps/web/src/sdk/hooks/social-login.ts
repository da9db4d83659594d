import { socialProviders, type SocialProvider } from '@brizo/contract/enums';
import { decodeSocialLoginState } from '@brizo/contract/social-login';
import { useAuth, useAuthActions } from '@frontegg/react-hooks';
import type { SocialLoginProviders } from '@frontegg/rest-api';
import { useCallback, useMemo } from 'react';
import { releaseSignInCallbackHold } from '../sign-in-callback-hold';
import { isFeatureOn } from './feature-flags';
import { isOfferedSocialLogin } from './social-logins-offered';
import { describeError } from './types';

// Issue 13, social login: the buttons (features/social-login) and /account/social/success
// (features/sso-callbacks). Imported by those lazily loaded screens only (login page bundle budget).
// They read the store through the hooks the login page already uses (useAuth, useAuthActions, ...): the
// login page's chunk holds the whole of @frontegg/react-hooks (vite.config.ts), so any other hook a lazy
// screen calls is carried by the login page (useSocialLoginState and useOnRedirectTo cost it 0.05 kB).

export interface SocialLoginButton {
  provider: SocialProvider;
  /** Absolute: the store prefixes the server's relative address; the server goes on to the provider. */
  authorizationUrl: string;
}

/** The active social logins the store loaded at start, in the server's order; unknown types are left out. */
export function useSocialLoginButtons(): SocialLoginButton[] {
  const configs = useAuth((auth) => auth.socialLoginState.socialLoginsConfigV2);
  return useMemo(
    () =>
      (configs ?? []).flatMap((config) => {
        const provider = config.type as string;
        if (!isOfferedSocialLogin(config) || !socialProviders.includes(provider as SocialProvider)) return [];
        return [
          { provider: provider as SocialProvider, authorizationUrl: config.authorizationUrl as string },
        ];
      }),
    [configs],
  );
}

export type SocialCallbackStart =
  | { kind: 'posting' }
  /** Already signed in, and the flag keeps the existing session: go where signed-in visitors go. */
  | { kind: 'signed-in' }
  /** The state did not come from our server (forged, truncated, another site's). */
  | { kind: 'unknown-state' };

/**
 * /account/social/success: the provider's code goes to the provider's post-login endpoint (POST
 * /identity/resources/auth/v1/user/sso/{provider}/postlogin); the store then refreshes the session and
 * lands the user as after any sign-in (a new user is reported as a sign-up by the store itself).
 *
 * Flag prevent-auth-redirect-on-social-login (SPEC section 9): a visitor who is already signed in is,
 * by default, sent on as signed in and the code is not used (as the store's start-up refresh does on
 * this page); with the flag on, the code is posted anyway, so the provider's account signs in.
 */
export function useSocialLoginCallback() {
  const actions = useAuthActions();
  const { loading, error } = useAuth(({ socialLoginState: state }) => ({
    loading: state.loading,
    error: state.error,
  }));
  const isLoading = useAuth((auth) => auth.isLoading);
  const isAuthenticated = useAuth((auth) => auth.isAuthenticated);
  const callbackPath = useAuth((auth) => auth.routes.socialLoginCallbackUrl);
  const start = useCallback(
    (answer: { code: string; state: string }): SocialCallbackStart => {
      const decoded = decodeSocialLoginState(answer.state);
      if (!decoded) return { kind: 'unknown-state' };
      if (isAuthenticated && !isFeatureOn('prevent-auth-redirect-on-social-login'))
        return { kind: 'signed-in' };
      // A failure left by the providers' list at start-up is not this sign-in's.
      actions.setSocialLoginsState({ error: undefined });
      void actions.loginViaSocialLogin({
        provider: decoded.provider as SocialLoginProviders,
        code: answer.code,
        state: answer.state,
        redirectUri: `${window.location.origin}${callbackPath}`,
      });
      return { kind: 'posting' };
    },
    [actions, isAuthenticated, callbackPath],
  );
  return {
    /** The store has read the session (its start-up refresh would overwrite a sign-in that finished first). */
    isReady: !isLoading,
    /** The page has read the session: the store's redirects go through again (../sign-in-callback-hold.ts). */
    releaseRedirects: releaseSignInCallbackHold,
    start,
    loading,
    error: describeError(error),
  };
}
