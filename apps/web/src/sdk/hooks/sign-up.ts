import { useSignUpActions, useSignUpState } from '@frontegg/react-hooks';
import { useMemo } from 'react';
import { describeError, type SignUpStageName } from './types';

export interface SignUpRequest {
  email: string;
  name: string;
  companyName: string;
  /** Sent when the vendor's sign-up strategies ask for it (GET /configurations/v1/sign-up/strategies). */
  phoneNumber?: string;
  username?: string;
  /** Free-form metadata stored with the user (JSON-encoded on the wire). */
  metadata?: Record<string, unknown>;
  /** Issue 4: the token of an account's invite link (/account/sign-up?invitationToken=…). */
  invitationToken?: string;
}

/** Whether the sign-up form shows an identifier field, and whether it must be filled. */
export interface SignUpIdentifierField {
  enabled: boolean;
  required: boolean;
}

export interface SignUpIdentifierFields {
  phoneNumber: SignUpIdentifierField;
  username: SignUpIdentifierField;
}

const off: SignUpIdentifierField = { enabled: false, required: false };

export function useSignUp() {
  const { loading, error, stage, shouldActivate, allowSignUps, strategies } = useSignUpState();
  const { phoneNumber = off, username = off } = strategies;
  const actions = useSignUpActions();
  return useMemo(
    () => ({
      loading,
      error: describeError(error),
      stage: stage as SignUpStageName,
      shouldActivate: shouldActivate ?? false,
      allowSignUps,
      /**
       * The extra identifiers the vendor asks for. With a required phone number the store signs up by
       * phone and goes on to the texted code (login step loginWithSmsOtc); with a required username it
       * signs up by username.
       */
      identifiers: {
        phoneNumber: { enabled: phoneNumber.enabled, required: phoneNumber.required },
        username: { enabled: username.enabled, required: username.required },
      } satisfies SignUpIdentifierFields,
      signUp: ({ metadata, ...request }: SignUpRequest) =>
        actions.signUpUser({ ...request, ...(metadata ? { metadata: JSON.stringify(metadata) } : {}) }),
      // Soft: keeps the loaded allowSignUps settings; the sign-up strategies loaded at start-up are put
      // back too (the store's soft reset forgets them).
      reset: () => {
        const loaded = Object.fromEntries(
          Object.entries(strategies).map(([name, setting]) => [name, { ...setting }]),
        );
        actions.resetSignUpStateSoft();
        actions.setSignUpState({ strategies: loaded });
      },
    }),
    [loading, error, stage, shouldActivate, allowSignUps, strategies, phoneNumber, username, actions],
  );
}
