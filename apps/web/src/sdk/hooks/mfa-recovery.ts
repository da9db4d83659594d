import {
  useLoginActions as useSdkLoginActions,
  useLoginState as useSdkLoginState,
} from '@frontegg/react-hooks';
import { useMemo } from 'react';
import { describeError } from './types';

// The login's recoverTwoFactor step: a module of its own (not in mfa.ts), so that the step-up page goes
// without it (issue 17).

/** recoverTwoFactor: a recovery code removes the factors; the user signs in again. */
export function useMfaRecovery() {
  const { loading, error, email } = useSdkLoginState();
  const actions = useSdkLoginActions();
  return useMemo(
    () => ({
      loading: Boolean(loading),
      error: describeError(error),
      email: email ?? '',
      recover: (request: { email: string; recoveryCode: string }, done?: (ok: boolean) => void) =>
        void actions.recoverMfa({ ...request, callback: (ok) => done?.(Boolean(ok)) }),
      back: () => actions.setLoginState({ step: 'loginWithTwoFactor' as never, error: undefined }),
    }),
    [loading, error, email, actions],
  );
}
