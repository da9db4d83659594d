import { useAuth, useAuthActions } from '@frontegg/react-hooks';
import { useCallback } from 'react';
import { completeHostedLogin, type CallbackOutcome } from '../oauth-state';
import { APP_NAME } from '../store';

export type { CallbackOutcome } from '../oauth-state';

/**
 * The /oauth/callback step: checks the state this tab sent, trades the code for tokens, then goes on
 * like any sign-in. A callback this tab did not ask for, or a refused code, comes back as a failure.
 * Imported by the lazily loaded callback page directly (login page bundle budget).
 */
export function useHostedLoginCallback(): (callback: {
  code: string;
  state: string | null;
}) => Promise<CallbackOutcome> {
  const callbackPath = useAuth((auth) => auth.routes.hostedLoginRedirectUrl);
  const actions = useAuthActions();
  return useCallback(
    (callback) =>
      completeHostedLogin(
        APP_NAME,
        { ...callback, redirectUri: `${window.location.origin}${callbackPath}` },
        actions,
      ),
    [callbackPath, actions],
  );
}
