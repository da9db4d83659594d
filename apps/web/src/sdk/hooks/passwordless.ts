import {
  useLoginActions as useSdkLoginActions,
  useLoginState as useSdkLoginState,
} from '@frontegg/react-hooks';
import { AuthStrategyEnum } from '@frontegg/rest-api';
import { useMemo } from 'react';
import { describeError } from './types';
import { useSentForUsername } from './username-login';

/** The passwordless sign-in methods (the SDK's AuthStrategyEnum values). */
export type PasswordlessType = 'MagicLink' | 'Code' | 'SmsCode';

const strategyOf: Record<PasswordlessType, AuthStrategyEnum> = {
  MagicLink: AuthStrategyEnum.MagicLink,
  Code: AuthStrategyEnum.Code,
  SmsCode: AuthStrategyEnum.SmsCode,
};

/** Who the code or link was sent for: the identifier the server looks the code up by. */
export interface PasswordlessIdentifier {
  email?: string;
  phoneNumber?: string;
  username?: string;
}

export interface PasswordlessView {
  loading: boolean;
  error: string | null;
  /** The address the link or code was sent for (set by the store at pre-login). */
  email?: string;
  /** The phone number the code was texted to, when the user typed one (quick SMS login). */
  phoneNumber?: string;
  /** The username typed under a Username* strategy (the store keeps no username). */
  username?: string;
  /** What to post with the code and to send again with: one of the three above. */
  sentFor: PasswordlessIdentifier;
}

export function usePasswordlessState(): PasswordlessView {
  const { loading, error, email, phoneNumber } = useSdkLoginState();
  const lastUsername = useSentForUsername();
  // The store clears email and phone number at a username pre-login, so a username left over
  // from an earlier attempt never outranks them.
  const username = email || phoneNumber ? undefined : lastUsername;
  const sentFor: PasswordlessIdentifier = phoneNumber
    ? { phoneNumber }
    : email
      ? { email }
      : username
        ? { username }
        : {};
  return { loading, error: describeError(error), email, phoneNumber, username, sentFor };
}

export function usePasswordlessActions() {
  const actions = useSdkLoginActions();
  return useMemo(() => {
    /** Quick SMS login: texts a code to the phone number typed, then step loginWithQuickSmsOtc. */
    const sendSmsCodeToPhone = (phoneNumber: string) => {
      // The store forwards its payload as the pre-login body. Its type knows only userId (quick
      // login right after a phone sign-up); our server also takes the phone number typed.
      const payload = { userId: '', phoneNumber };
      return actions.quickSmsPasswordlessPreLogin(payload);
    };
    return {
      /**
       * Sends a link or code again to whoever the first went to; the server paces resends. A
       * username goes to the plain type's pre-login: the server allows it under Username* too.
       */
      sendAgain: (type: PasswordlessType, sentFor: PasswordlessIdentifier) => {
        const { email, phoneNumber, username } = sentFor;
        if (phoneNumber) return sendSmsCodeToPhone(phoneNumber);
        if (email) return actions.passwordlessPreLogin({ type: strategyOf[type], email });
        if (username) return actions.passwordlessPreLogin({ type: strategyOf[type], username });
        return Promise.resolve();
      },
      sendSmsCodeToPhone,
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
    };
  }, [actions]);
}
