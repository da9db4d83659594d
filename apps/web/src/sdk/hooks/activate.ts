import { useActivateAccountActions, useActivateAccountState } from '@frontegg/react-hooks';
import { useMemo } from 'react';
import { describeError, type ActivateStepName } from './types';

export function useActivateAccount() {
  const { step, loading, submitting, error, activationStrategy } = useActivateAccountState();
  const actions = useActivateAccountActions();
  const shouldSetPassword = activationStrategy.strategy?.shouldSetPassword;
  const strategyLoaded = activationStrategy.strategy !== undefined;
  return useMemo(
    () => ({
      step: step as ActivateStepName,
      loading,
      submitting,
      error: describeError(error),
      /** Known once the activation link has been checked; undefined before. */
      shouldSetPassword: strategyLoaded ? (shouldSetPassword ?? false) : undefined,
      /** Checks the link (userId + token) and asks whether a password must be set. */
      check: (userId: string, token: string) => actions.preActivateAccount({ userId, token }),
      /** Activates; `onVerified` receives the verified email once the account is active. */
      activate: (
        request: { userId: string; token: string; password?: string },
        onVerified?: (email: string) => void,
      ) =>
        actions.activateAccount({
          ...request,
          events: onVerified
            ? { userVerified: (payload: { email: string }) => onVerified(payload.email) }
            : undefined,
        }),
      reset: () => actions.resetActivateState(),
    }),
    [step, loading, submitting, error, strategyLoaded, shouldSetPassword, actions],
  );
}
