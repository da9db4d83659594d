import {
  useLoginActions as useSdkLoginActions,
  useMfaState,
  useStepUpActions,
  useStepUpState,
} from '@frontegg/react-hooks';
import { WebAuthnDeviceType } from '@frontegg/rest-api';
import { useMemo } from 'react';
import { local } from '../../lib/storage';

// Passkeys and security keys through the store: its actions call the server and (for options)
// decode the base64url challenge and credential ids into the ArrayBuffers navigator.credentials
// wants. The browser ceremony itself is the features' business (lib/webauthn.ts). Imported by the
// lazily loaded screens directly, not through ../index.ts: the login page's entry chunk stays
// without it.

/** Client storage the store reads to decide on the passkey prompt (SPEC section 4). */
const PREFERRED_LOGIN_METHOD_KEY = 'preferred-login-method';
const PASSKEYS_PROMPT_DISMISSED_KEY = 'dont-show-again-prompt-passkeys';

/** Remembers that this browser signs in with a passkey: the store then never prompts for one. */
export function rememberPasskeyLogin(): void {
  local.setItem(PREFERRED_LOGIN_METHOD_KEY, 'Passkeys');
}

/** "Don't show again" on the passkey prompt. */
export function dismissPasskeyPromptForGood(): void {
  local.setItem(PASSKEYS_PROMPT_DISMISSED_KEY, 'true');
}

export function usePasskeyActions() {
  const actions = useSdkLoginActions();
  return useMemo(
    () => ({
      /** Sign-in options, decoded for navigator.credentials.get(); null when the server refused. */
      signInOptions: () =>
        new Promise<PublicKeyCredentialRequestOptions | null>((resolve) => {
          void actions.webAuthnPrelogin({
            // The store decodes challenge and ids into ArrayBuffers before calling back: the
            // declared type still says strings.
            callback: (options) => resolve(options as unknown as PublicKeyCredentialRequestOptions | null),
          });
        }),
      /** Signs in with the browser's assertion; on success the store navigates on. */
      signIn: (credential: Credential) =>
        new Promise<boolean>((resolve) => {
          void actions.webAuthnPostLogin({ publicKey: credential, callback: (ok) => resolve(ok === true) });
        }),
      /** Options to create a passkey for the signed-in user, decoded for navigator.credentials.create(). */
      newPasskeyOptions: () =>
        new Promise<PublicKeyCredentialCreationOptions | null>((resolve) => {
          void actions.webAuthnCreateNewDeviceSession({
            callback: (options) => resolve(options as unknown as PublicKeyCredentialCreationOptions | null),
          });
        }),
      /** Sends the new credential to the server to keep. */
      saveNewPasskey: (credential: Credential) =>
        new Promise<boolean>((resolve) => {
          void actions.webAuthnVerifyNewDeviceSession({
            publicKey: credential,
            callback: (ok) => resolve(ok === true),
          });
        }),
      /** Leaves the login box for where the user was going (after the passkey prompt). */
      continueToApp: () => actions.afterAuthNavigation(),
      /** A failure of the browser side, shown like a server error. */
      showError: (message: string | undefined) => actions.setLoginState({ error: message }),
    }),
    [actions],
  );
}

/** Options of a security-key ceremony, decoded by the store, and the token naming the ceremony. */
export interface SecurityKeyCeremony<Options> {
  options: Options;
  webauthnToken: string;
}

/**
 * A security key (or this device's authenticator) as the second factor: enrollment during a
 * forced login, verification at login or step-up. On success the store moves on by itself
 * (recoveryCode after an enrollment, the application after a verification).
 */
export function useSecurityKeyActions(isStepUp = false) {
  const loginActions = useSdkLoginActions();
  const stepUpActions = useStepUpActions();
  const mfaToken = useMfaState().mfaToken ?? '';
  const stepUpToken = useStepUpState().mfaToken ?? '';
  return useMemo(() => {
    const token = isStepUp ? stepUpToken : mfaToken;
    return {
      enrollmentOptions: () =>
        new Promise<SecurityKeyCeremony<PublicKeyCredentialCreationOptions> | null>((resolve) => {
          void loginActions.preEnrollMFAWebAuthnForLogin({
            mfaToken: token,
            callback: (result) =>
              resolve(result as unknown as SecurityKeyCeremony<PublicKeyCredentialCreationOptions> | null),
          });
        }),
      enroll: (
        ceremony: {
          webauthnToken: string;
          credential: Credential & { authenticatorAttachment: string | null };
        },
        rememberDevice: boolean,
      ) =>
        new Promise<boolean>((resolve) => {
          void loginActions.enrollMFAWebAuthnForLogin({
            mfaToken: token,
            webauthnToken: ceremony.webauthnToken,
            deviceType:
              ceremony.credential.authenticatorAttachment === 'platform'
                ? WebAuthnDeviceType.Platform
                : WebAuthnDeviceType.CrossPlatform,
            publicKey: ceremony.credential,
            rememberDevice,
            callback: (ok) => resolve(ok === true),
          });
        }),
      verificationOptions: (deviceId: string) =>
        new Promise<SecurityKeyCeremony<PublicKeyCredentialRequestOptions> | null>((resolve) => {
          const callback = (result: unknown) =>
            resolve(result as SecurityKeyCeremony<PublicKeyCredentialRequestOptions> | null);
          if (isStepUp)
            void stepUpActions.preVerifyMFAWebAuthnForStepUp({ deviceId, mfaToken: token, callback });
          else void loginActions.preVerifyMFAWebAuthnForLogin({ deviceId, mfaToken: token, callback });
        }),
      verify: (
        deviceId: string,
        ceremony: { webauthnToken: string; credential: Credential },
        rememberDevice: boolean,
      ) =>
        new Promise<boolean>((resolve) => {
          const payload = {
            deviceId,
            mfaToken: token,
            webauthnToken: ceremony.webauthnToken,
            publicKey: ceremony.credential,
            rememberDevice,
            callback: (ok: boolean | null) => resolve(ok === true),
          };
          if (isStepUp) void stepUpActions.verifyMFAWebAuthnForStepUp(payload);
          else void loginActions.verifyMFAWebAuthnForLogin(payload);
        }),
      /** A failure of the browser side, shown like a server error. */
      showError: (message: string | undefined) =>
        isStepUp
          ? stepUpActions.setStepUpState({ error: message })
          : loginActions.setLoginState({ error: message }),
    };
  }, [isStepUp, mfaToken, stepUpToken, loginActions, stepUpActions]);
}
