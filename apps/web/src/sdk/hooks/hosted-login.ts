import { useAuth, useAuthActions } from '@frontegg/react-hooks';
import { useMemo } from 'react';

export interface HostedLogin {
  /** Whether the app signs in through the identity server's /oauth/authorize (SPEC section 7). */
  isHosted: boolean;
  /** Silent authorization from the session cookie, else off to /oauth/authorize. */
  signIn: () => void;
}

// The /oauth/callback step is ./hosted-login-callback.ts, imported by the lazily loaded callback page.

export function useHostedLogin(): HostedLogin {
  const isHosted = useAuth((auth) => auth.hostedLoginBox === true);
  const actions = useAuthActions();
  return useMemo(
    () => ({
      isHosted,
      signIn: () => void actions.requestHostedLoginAuthorizeV2({ shouldRedirectToLogin: true }),
    }),
    [isHosted, actions],
  );
}
