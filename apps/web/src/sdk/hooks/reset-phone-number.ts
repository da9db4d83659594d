import {
  useLoginState as useSdkLoginState,
  useResetPhoneNumberActions,
  useResetPhoneNumberState,
} from '@frontegg/react-hooks';
import { useMemo } from 'react';
import { describeError } from './types';

/** The SDK's reset-phone-number steps (SPEC section 2 "Flow steps"). */
export type ResetPhoneNumberStepName = 'ResetPhoneNumber' | 'VerifyResetPhoneNumber' | 'ChangePhoneNumber';

export interface ResetPhoneNumberFlow {
  step: ResetPhoneNumberStepName;
  loading: boolean;
  error: string | null;
  /** The address the code was mailed to (the store keeps it as the login email). */
  email: string | null;
  /** ResetPhoneNumber: mails a code; the store then stores the reset token and moves on. */
  sendCode: (email: string) => void;
  /** VerifyResetPhoneNumber: the mailed code; the store then stores the change token. */
  verifyCode: (code: string) => void;
  /** ChangePhoneNumber: sets the number, texts a sign-in code to it and opens the login SMS step. */
  changePhoneNumber: (phoneNumber: string) => void;
  /** Back to the first step (another email, or a new code). */
  restart: () => void;
}

/** Imported by the lazily loaded reset-phone-number screens only. */
export function useResetPhoneNumber(): ResetPhoneNumberFlow {
  const state = useResetPhoneNumberState();
  const actions = useResetPhoneNumberActions();
  const { email } = useSdkLoginState();
  return useMemo(
    () => ({
      step: state.step as ResetPhoneNumberStepName,
      loading: state.loading,
      error: describeError(state.error),
      email: email ?? null,
      sendCode: (address) => void actions.resetPhoneNumber({ email: address }),
      verifyCode: (code) =>
        void actions.verifyResetPhoneNumber({
          resetPhoneNumberToken: state.resetPhoneNumberToken ?? '',
          code,
        }),
      changePhoneNumber: (phoneNumber) =>
        void actions.changePhoneNumber({
          phoneNumber,
          changePhoneNumberToken: state.changePhoneNumberToken ?? '',
          email: email ?? '',
        }),
      restart: () => actions.resetResetPhoneNumberState(),
    }),
    [state, actions, email],
  );
}
