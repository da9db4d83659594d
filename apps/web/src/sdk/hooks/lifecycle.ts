// Account lifecycle (issue 3): breached and expiring passwords after login, unlock, password
// recovery strategies. Thin wrappers over the store's own actions; the screens live in
// features/password-lifecycle and features/unlock.
import {
  useAcceptInvitationActions,
  useAcceptInvitationState,
  useAuthActions,
  useAuthUserOrNull,
  useForgotPasswordActions,
  useForgotPasswordState,
  useImpersonateActions,
  useImpersonateState,
  useLoginActions as useSdkLoginActions,
  useLoginState as useSdkLoginState,
  useProfileActions,
  useUnlockAccountActions,
  useUnlockAccountState,
} from '@frontegg/react-hooks';
import { useMemo } from 'react';
import { describeError, type ForgotPasswordStepName } from './types';

/** What the login step knows about a password that must change (SPEC section 4 "Password outcomes"). */
export function usePasswordLifecycle() {
  const state = useSdkLoginState();
  const login = useSdkLoginActions();
  const forgot = useForgotPasswordActions();
  const profile = useProfileActions();
  const { email, userId, resetPasswordToken, loading, error } = state;
  // The login answer's fields (passwordExpiresIn, minutes) are merged into the store's user.
  const user = useAuthUserOrNull() as { passwordExpiresIn?: number } | null;
  return useMemo(
    () => ({
      email: email ?? '',
      loading,
      error: describeError(error),
      /** passwordRotationExpired: the one-time token the login answered, for the new password. */
      resetPasswordToken: resetPasswordToken ?? null,
      userId: userId ?? null,
      passwordExpiresIn: user?.passwordExpiresIn,
      /** breachedPassword: mails a reset link; the store then shows breachedPasswordSuccess. */
      sendBreachedPasswordReset: (address: string) => login.resetBreachedPassword({ email: address }),
      /** passwordRotationExpired: sets the new password with the login's reset token. */
      setNewPassword: (request: { userId: string; token: string; password: string }) =>
        new Promise<void>((resolve, reject) => {
          void forgot.resetPassword({
            ...request,
            callback: (ok?: boolean | null, failure?: unknown) => (ok ? resolve() : reject(failure)),
          });
        }),
      /** passwordRotationNotification: change now (current password required)... */
      changePassword: (request: { password: string; newPassword: string }) =>
        new Promise<void>((resolve, reject) => {
          void profile.changePassword({
            ...request,
            callback: (ok?: boolean | null, failure?: unknown) => (ok ? resolve() : reject(failure)),
          });
        }),
      /** ...or later: go where a finished login goes. */
      continueAfterLogin: () => login.afterAuthNavigation(),
      signIn: (address: string, password: string) => login.login({ email: address, password }),
      restart: () => login.resetLoginState(),
    }),
    [email, userId, resetPasswordToken, loading, error, user, login, forgot, profile],
  );
}

/** /account/unlock: the store posts the token, shows success, and goes to login after 5 s. */
export function useUnlockAccount() {
  const { loading, error, unlockAccountSuccess } = useUnlockAccountState();
  const actions = useUnlockAccountActions();
  return useMemo(
    () => ({
      loading,
      error: describeError(error),
      succeeded: unlockAccountSuccess,
      unlock: (token: string) => actions.unlockAccount({ token }),
    }),
    [loading, error, unlockAccountSuccess, actions],
  );
}

/** Forgot password by recovery strategy (email, sms or the selector), SPEC section 4. */
export function usePasswordRecovery() {
  const state = useForgotPasswordState();
  const actions = useForgotPasswordActions();
  const { step, loading, error, activeStrategies, sessionId, userId, token } = state as typeof state & {
    activeStrategies?: { strategy: string; isActive: boolean }[];
    sessionId?: string;
    userId?: string;
    token?: string;
  };
  return useMemo(
    () => ({
      step: step as ForgotPasswordStepName,
      loading,
      error: describeError(error),
      hasSmsSession: !!sessionId,
      /** After the texted code: what resetPasswordPage sets the new password with. */
      resetLink: userId && token ? { userId, token } : null,
      strategies: (activeStrategies ?? []).filter((entry) => entry.isActive).map((entry) => entry.strategy),
      start: (email: string) =>
        actions.determinePasswordRecoveryStrategy({ identifier: email, identifierType: 'email' as never }),
      sendEmail: () => actions.sendPasswordRecoveryEmail(),
      sendSms: () => actions.sendPasswordRecoverySms(),
      verifySms: (otcToken: string) => actions.verifyPasswordViaSms({ otcToken }),
      chooseSms: () =>
        actions.setForgotPasswordState({ step: 'resetPasswordViaSms' as never, error: undefined }),
    }),
    [step, loading, error, sessionId, userId, token, activeStrategies, actions],
  );
}

export type AcceptInvitationStepName = 'validate' | 'invalid' | 'pending' | 'success' | 'failed';

/** /account/invitation/accept and /account/invitation/code (SPEC section 2 "Accept invitation"). */
export function useAcceptInvitation() {
  const { step, error } = useAcceptInvitationState();
  const actions = useAcceptInvitationActions();
  return useMemo(
    () => ({
      step: step as AcceptInvitationStepName,
      error: describeError(error),
      accept: (userId: string, token: string) => actions.acceptInvitation({ userId, token }),
      acceptWithCode: (userId: string, token: string, code: string) =>
        actions.acceptInvitationWithOTC({ userId, token, code }),
      reset: () => actions.resetAcceptInvitationState(),
    }),
    [step, error, actions],
  );
}

/** /account/impersonate: a signed-in superuser becomes another user (steps impersonating, success). */
export function useImpersonation() {
  const { step, loading, error } = useImpersonateState();
  const actions = useImpersonateActions();
  const auth = useAuthActions();
  const user = useAuthUserOrNull() as { accessToken?: string; superUser?: boolean } | null;
  const actorToken = user?.accessToken ?? null;
  return useMemo(
    () => ({
      step: step as 'impersonating' | 'success',
      loading,
      error: describeError(error),
      canImpersonate: !!actorToken && !!user?.superUser,
      impersonate: (impersonatedUserId: string) => {
        if (!actorToken) return;
        void actions.impersonate({
          impersonatedUserId,
          actorToken,
          // The server set the new session's cookie: load it before the store navigates (1 s).
          callback: () => undefined,
        });
      },
      /** Reads the new session (the store keeps the superuser until it refreshes). */
      loadImpersonatedSession: () => auth.requestAuthorize(false),
    }),
    [step, loading, error, actorToken, user?.superUser, actions, auth],
  );
}
