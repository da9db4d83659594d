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
import { useMemo } from 'react';
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
      // Step-up has no login form: its code goes to the user's email factor.
      email: (isStepUp ? stepUp.mfaDevices?.emails?.[0]?.email : login.email) || null,
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
        // The enrollment's own request loads when used: the step-up page goes without it (issue 17).
        if (mode === 'enroll')
          return void import('./mfa-email-enrollment').then(({ enrollEmailCodeForLogin }) =>
            enrollEmailCodeForLogin(
              { mfaToken, otcToken, code, rememberDevice },
              { loginActions, authActions, mfaActions },
            ),
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

/** /account/step-up: generate the step-up session (maxAge from the query when given). */
export function useStepUpSession() {
  const actions = useStepUpActions();
  return useMemo(
    () => ({ generate: (maxAge?: number) => void actions.generateStepUpSession({ maxAge }) }),
    [actions],
  );
}
