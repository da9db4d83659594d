import { useActivateAccountActions, useActivateAccountState } from '@frontegg/react-hooks';
import { useMemo } from 'react';
import { describeError, type ActivateStepName } from './types';

type ResendPayload = Parameters<ReturnType<typeof useActivateAccountActions>['resendActivationEmail']>[0];

export function useActivateAccount() {
  const { step, loading, submitting, error, activationStrategy, resentEmail } = useActivateAccountState();
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
      /**
       * Activation by code (/account/activate/code): the sign-up's token, the mailed code and the
       * password to set. On success the store shows 'success' and moves on after 5 seconds.
       */
      activateWithCode: (
        request: { userId: string; token: string; code: string; password: string },
        onVerified?: (email: string) => void,
      ) => {
        // A fresh failure must read as a change, even when the message is the same as the last one.
        actions.setActivateState({ error: undefined });
        return actions.activateAccountWithCode({
          ...request,
          events: onVerified
            ? { userVerified: (payload: { email: string }) => onVerified(payload.email) }
            : undefined,
        });
      },
      /** True once a new code has been mailed. */
      codeResent: resentEmail,
      /** Mails a new code for the same token. */
      resendCode: (userId: string, token: string) => {
        // The store forwards its payload as the body of /activate/reset. Its type knows only the
        // email of the link flow; our server also takes the code page's userId and token.
        const payload = { userId, token } as unknown as ResendPayload;
        return actions.resendActivationEmail(payload);
      },
      reset: () => actions.resetActivateState(),
    }),
    [step, loading, submitting, error, strategyLoaded, shouldSetPassword, resentEmail, actions],
  );
}
