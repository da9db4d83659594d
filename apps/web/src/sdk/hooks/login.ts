import {
  useLoginActions as useSdkLoginActions,
  useLoginState as useSdkLoginState,
} from '@frontegg/react-hooks';
import { useMemo } from 'react';
import { describeError, type LoginStepName } from './types';

export interface LoginView {
  step: LoginStepName;
  loading: boolean;
  error: string | null;
  email?: string;
}

export function useLoginState(): LoginView {
  const { step, loading, error, email } = useSdkLoginState();
  return { step: step as LoginStepName, loading, error: describeError(error), email };
}

export function useLoginStep(): LoginStepName {
  return useSdkLoginState().step as LoginStepName;
}

export function useLoginActions() {
  const actions = useSdkLoginActions();
  return useMemo(
    () => ({
      /** Checks for SSO, then moves to the step the public auth strategy asks for. */
      preLogin: (email: string) => actions.preLogin({ email }),
      /** Password sign-in; on success the store redirects through onRedirectTo. */
      login: (email: string, password: string) => actions.login({ email, password }),
      /** Back to the identifier step, clearing errors. */
      restart: () => actions.resetLoginState(),
      clearError: () => actions.setLoginState({ error: undefined }),
    }),
    [actions],
  );
}
