import { useLoginActions as useSdkLoginActions } from '@frontegg/react-hooks';
import { AuthStrategyEnum } from '@frontegg/rest-api';
import { useMemo, useSyncExternalStore } from 'react';
import { usePublicAuthStrategy } from './public-auth-strategy';

// The store's login state keeps the email or phone number a code was sent for, never a username:
// after a username pre-login the code step would have nothing to sign in with (issue 3).
let sentForUsername: string | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const rememberUsername = (username: string | undefined) => {
  sentForUsername = username;
  listeners.forEach((listener) => listener());
};

/** The username of the last passwordless pre-login, if it was a username (not an email). */
export const useSentForUsername = () => useSyncExternalStore(subscribe, () => sentForUsername);

/**
 * Sign-in by username (SPEC section 4: UsernameAndPassword, UsernameAndMagicLink, UsernameAndCode,
 * UsernameAndSms). The store's pre-login treats a username like an email and, for the passwordless
 * ones, would stop at the password step: those go straight to their pre-login instead.
 */
export function useUsernameLogin() {
  const strategy = usePublicAuthStrategy();
  const actions = useSdkLoginActions();
  return useMemo(() => {
    const type = strategy as AuthStrategyEnum | undefined;
    return {
      /** The identifier step takes a username (or an email) under these strategies. */
      acceptsUsername: type?.startsWith('Username') ?? false,
      /** A username, or an email (which has an @). */
      start: (identifier: string) => {
        const who = identifier.includes('@') ? { email: identifier } : { username: identifier };
        if (type === AuthStrategyEnum.UsernameAndPassword || !type) return actions.preLogin(who);
        rememberUsername(who.username);
        return actions.passwordlessPreLogin({ type, ...who });
      },
      login: (username: string, password: string) => actions.login({ username, password }),
    };
  }, [strategy, actions]);
}
