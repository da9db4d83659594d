import { useSignUpActions, useSignUpState } from '@frontegg/react-hooks';
import { useMemo } from 'react';
import { describeError, type SignUpStageName } from './types';

export interface SignUpRequest {
  email: string;
  name: string;
  companyName: string;
  /** Free-form metadata stored with the user (JSON-encoded on the wire). */
  metadata?: Record<string, unknown>;
}

export function useSignUp() {
  const { loading, error, stage, shouldActivate, allowSignUps } = useSignUpState();
  const actions = useSignUpActions();
  return useMemo(
    () => ({
      loading,
      error: describeError(error),
      stage: stage as SignUpStageName,
      shouldActivate: shouldActivate ?? false,
      allowSignUps,
      signUp: ({ metadata, ...request }: SignUpRequest) =>
        actions.signUpUser({ ...request, ...(metadata ? { metadata: JSON.stringify(metadata) } : {}) }),
      // Soft: keeps the loaded allowSignUps settings.
      reset: () => actions.resetSignUpStateSoft(),
    }),
    [loading, error, stage, shouldActivate, allowSignUps, actions],
  );
}
