import {
  useLoginActions as useSdkLoginActions,
  useLoginState as useSdkLoginState,
} from '@frontegg/react-hooks';
import { AuthStrategyEnum } from '@frontegg/rest-api';
import { useMemo } from 'react';
import { describeError } from './types';

/** The passwordless sign-in methods (the SDK's AuthStrategyEnum values). */
export type PasswordlessType = 'MagicLink' | 'Code' | 'SmsCode';

const strategyOf: Record<PasswordlessType, AuthStrategyEnum> = {
  MagicLink: AuthStrategyEnum.MagicLink,
  Code: AuthStrategyEnum.Code,
  SmsCode: AuthStrategyEnum.SmsCode,
};

export interface PasswordlessView {
  loading: boolean;
  error: string | null;
  /** The address the link or code was sent for (set by the store at pre-login). */
  email?: string;
  /** The phone number the code was texted to, when the user typed one (quick SMS login). */
  phoneNumber?: string;
}

export function usePasswordlessState(): PasswordlessView {
  const { loading, error, email, phoneNumber } = useSdkLoginState();
  return { loading, error: describeError(error), email, phoneNumber };
}

/** Who the code was sent for: the identifier the server looks the code up by. */
export interface PasswordlessIdentifier {
  email?: string;
  phoneNumber?: string;
}

export function usePasswordlessActions() {
  const actions = useSdkLoginActions();
  return useMemo(
    () => ({
      /** Sends a link or code (again) for an email; the server paces resends. */
      sendToEmail: (type: PasswordlessType, email: string) =>
        actions.passwordlessPreLogin({ type: strategyOf[type], email }),
      /** Quick SMS login: texts a code to the phone number typed, then step loginWithQuickSmsOtc. */
      sendSmsCodeToPhone: (phoneNumber: string) => {
        // The store forwards its payload as the pre-login body. Its type knows only userId (quick
        // login right after a phone sign-up); our server also takes the phone number typed.
        const payload = { userId: '', phoneNumber };
        return actions.quickSmsPasswordlessPreLogin(payload);
      },
      /**
       * Signs in with a mailed link's token, or a code plus the identifier it was sent for. On
       * success the store navigates (after magicLinkPostLoginSuccess's 5 s for a magic link).
       */
      postLogin: (
        type: PasswordlessType,
        token: string,
        identifier: PasswordlessIdentifier = {},
        onFailure?: () => void,
      ) =>
        actions.passwordlessPostLogin({
          type: strategyOf[type],
          token,
          ...identifier,
          callback: (succeeded) => {
            if (!succeeded) onFailure?.();
          },
        }),
    }),
    [actions],
  );
}
