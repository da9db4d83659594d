import { useForgotPasswordActions, useForgotPasswordState } from '@frontegg/react-hooks';
import { useMemo } from 'react';
import { describeError, type ForgotPasswordStepName } from './types';

/** The server's password policy (GET /identity/resources/users/v1/passwords/config). */
export interface PasswordRules {
  minLength?: number;
  maxLength?: number;
  allowPassphrases?: boolean;
  minPhraseLength?: number;
  minOptionalTestsToPass?: number;
}

export function useForgotPassword() {
  const { step, loading, error, passwordConfig } = useForgotPasswordState();
  const actions = useForgotPasswordActions();
  return useMemo(
    () => ({
      step: step as ForgotPasswordStepName,
      loading,
      error: describeError(error),
      passwordConfig: (passwordConfig ?? null) as PasswordRules | null,
      sendResetEmail: (email: string) => actions.forgotPassword({ email }),
      resetPassword: (request: { userId: string; token: string; password: string }) =>
        actions.resetPassword(request),
      loadPasswordConfig: (userId?: string) => actions.loadPasswordConfig(userId ? { userId } : undefined),
      reset: () => actions.resetForgotPasswordState(),
    }),
    [step, loading, error, passwordConfig, actions],
  );
}
