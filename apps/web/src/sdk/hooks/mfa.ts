import { isOneOf, mfaStrategies, type MfaStepName, type MfaStrategy } from '@brizo/contract/enums';
import {
  useAuthActions,
  useLoginActions as useSdkLoginActions,
  useLoginState as useSdkLoginState,
  useMfaActions,
  useMfaState,
  useStepUpActions,
  useStepUpState,
} from '@frontegg/react-hooks';
import { createApiClient } from '@frontegg/rest-api';
import { useMemo } from 'react';
import { APP_NAME } from '../store';
import { describeError } from './types';

export type { MfaStepName };
export type MfaStrategyName = MfaStrategy;

export interface MfaDevices {
  webauthn: { id: string; name?: string }[];
  phones: { id: string; phoneNumber: string }[];
  authenticators: { id: string }[];
  emails: { email: string }[];
}

/**
 * One MFA flow for the screens: a login with enrolled factors ('verify'), a forced enrollment
 * during login ('enroll'), or a step-up ('stepUp'). The store decides the step.
 */
export interface MfaFlow {
  mode: 'verify' | 'enroll' | 'stepUp';
  step: MfaStepName;
  loading: boolean;
  error: string | null;
  devices: MfaDevices | null;
  strategies: MfaStrategyName[];
  /** Enrollment: the otpauth:// URI to show as a QR code (its `secret` is the manual key). */
  qrCode: string | null;
  recoveryCode: string | null;
  phoneNumber: string | null;
  /** Whether "remember this device" may be offered, and for how many days. */
  rememberDays: number | null;
  email: string | null;
  chooseStep: (step: MfaStepName) => void;
  verifyAuthenticator: (value: string, rememberDevice: boolean) => void;
  enrollAuthenticator: (token: string, rememberDevice: boolean) => void;
  sendEmailCode: () => void;
  verifyEmailCode: (code: string, rememberDevice: boolean) => void;
  sendPhoneNumber: (phoneNumber: string) => void;
  sendSmsCode: (deviceId: string) => void;
  verifySmsCode: (code: string, rememberDevice: boolean, deviceId?: string) => void;
  /** After the recovery code is saved: continue to the application. */
  finishEnrollment: () => void;
  useRecoveryCode: () => void;
  clearError: () => void;
}

const SECONDS_PER_DAY = 86400;

export function useMfaFlow(isStepUp = false): MfaFlow {
  const login = useSdkLoginState();
  const mfa = useMfaState();
  const stepUp = useStepUpState();
  const loginActions = useSdkLoginActions();
  const stepUpActions = useStepUpActions();
  const authActions = useAuthActions();
  const mfaActions = useMfaActions();

  return useMemo(() => {
    const mode: MfaFlow['mode'] = isStepUp ? 'stepUp' : login.step === 'forceTwoFactor' ? 'enroll' : 'verify';
    const mfaToken = (isStepUp ? stepUp.mfaToken : mfa.mfaToken) ?? '';
    const otcToken = mfa.otcToken ?? '';
    const state = isStepUp ? stepUp : login;
    const rememberDays =
      !isStepUp && login.allowRememberMfaDevice && login.mfaDeviceExpiration
        ? Math.round(login.mfaDeviceExpiration / SECONDS_PER_DAY)
        : null;
    const setLoading = isStepUp ? stepUpActions.setStepUpState : loginActions.setLoginState;
    return {
      mode,
      step: mfa.step as MfaStepName,
      loading: Boolean(state.loading),
      error: describeError(state.error ?? mfa.error),
      devices: ((isStepUp ? stepUp.mfaDevices : mfa.mfaDevices) ?? null) as MfaDevices | null,
      strategies: (mfa.mfaStrategies ?? []).filter((strategy) => isOneOf(mfaStrategies, strategy)),
      qrCode: mfa.qrCode ?? null,
      recoveryCode: mfa.recoveryCode ?? null,
      phoneNumber: mfa.phoneNumber ?? null,
      rememberDays,
      email: login.email ?? null,
      chooseStep: (step) => {
        setLoading({ error: undefined });
        mfaActions.setMfaState({ step: step as never, error: undefined });
      },
      verifyAuthenticator: (value, rememberDevice) =>
        isStepUp
          ? void stepUpActions.stepUpWithAuthenticator({ mfaToken, value })
          : void loginActions.loginWithMfa({ mfaToken, value, rememberDevice }),
      enrollAuthenticator: (token, rememberDevice) =>
        void loginActions.enrollMFAAuthenticatorAppForLogin({ mfaToken, token, rememberDevice }),
      sendEmailCode: () =>
        isStepUp
          ? void stepUpActions.preVerifyMFAEmailCodeForStepUp({ mfaToken })
          : void loginActions.preVerifyMFAEmailCodeForLogin({ mfaToken }),
      verifyEmailCode: (code, rememberDevice) => {
        if (isStepUp) return void stepUpActions.verifyMFAEmailCodeForStepUp({ mfaToken, otcToken, code });
        if (mode === 'enroll')
          return void enrollEmailCodeForLogin(
            { mfaToken, otcToken, code, rememberDevice },
            { loginActions, authActions, mfaActions },
          );
        return void loginActions.verifyMFAEmailCodeForLogin({ mfaToken, otcToken, code, rememberDevice });
      },
      sendPhoneNumber: (phoneNumber) => void loginActions.preEnrollMFASMSForLogin({ mfaToken, phoneNumber }),
      sendSmsCode: (deviceId) =>
        isStepUp
          ? void stepUpActions.preVerifyMFASMSForStepUp({ mfaToken, deviceId })
          : void loginActions.preVerifyMFASMSForLogin({ mfaToken, deviceId }),
      verifySmsCode: (code, rememberDevice, deviceId) => {
        if (isStepUp)
          return void stepUpActions.verifyMFASMSForStepUp({
            mfaToken,
            deviceId: deviceId ?? '',
            otcToken,
            code,
          });
        if (!deviceId)
          return void loginActions.enrollMFASMSForLogin({ mfaToken, otcToken, code, rememberDevice });
        return void loginActions.verifyMFASMSForLogin({ mfaToken, deviceId, otcToken, code, rememberDevice });
      },
      finishEnrollment: () => {
        authActions.setAuthState({ isAuthenticated: true });
        void loginActions.afterAuthNavigation();
      },
      useRecoveryCode: () =>
        loginActions.setLoginState({ step: 'recoverTwoFactor' as never, error: undefined }),
      clearError: () => setLoading({ error: undefined }),
    };
  }, [isStepUp, login, mfa, stepUp, loginActions, stepUpActions, authActions, mfaActions]);
}

interface EmailEnrollmentActions {
  loginActions: ReturnType<typeof useSdkLoginActions>;
  authActions: ReturnType<typeof useAuthActions>;
  mfaActions: ReturnType<typeof useMfaActions>;
}

/**
 * Email-code enrollment during a forced login. The store's verifyMFAEmailCodeForLogin treats it as a
 * verification and goes straight on to the application, so the recovery code the server answers with
 * was never shown (SPEC section 4: "After enrollment: recoveryCode"). Like the store does after the
 * other enrollments, the user is kept and the recoveryCode step shows; 'Continue' goes on.
 */
async function enrollEmailCodeForLogin(
  body: { mfaToken: string; otcToken: string; code: string; rememberDevice: boolean },
  { loginActions, authActions, mfaActions }: EmailEnrollmentActions,
): Promise<void> {
  loginActions.setLoginState({ loading: true, error: undefined });
  try {
    const answer = await createApiClient(APP_NAME).auth.verifyMFAEmailCodeV2(body);
    const recoveryCode = (answer.user as { recoveryCode?: string }).recoveryCode;
    if (!recoveryCode) {
      await loginActions.handleVerifyMFAResponse(answer);
    } else {
      mfaActions.setMfaState({
        step: 'recoveryCode' as never,
        recoveryCode,
        error: undefined,
        saving: false,
      });
      authActions.setUser(answer.user);
      authActions.setTenantsState({
        tenants: answer.tenants ?? [],
        activeTenant: answer.activeTenant,
        loading: false,
      });
      // As the store does for every signed-in user.
      if (answer.user.id) localStorage.setItem('userId', answer.user.id);
    }
    loginActions.setLoginState({ loading: false, error: undefined });
  } catch (error) {
    loginActions.setLoginState({ loading: false, error: describeError(error) ?? undefined });
  }
}

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

/** /account/step-up: generate the step-up session (maxAge from the query when given). */
export function useStepUpSession() {
  const actions = useStepUpActions();
  return useMemo(
    () => ({ generate: (maxAge?: number) => void actions.generateStepUpSession({ maxAge }) }),
    [actions],
  );
}
