// The adapter around the Frontegg SDK: the only module that imports @frontegg/*. Features
// use these thin, typed hooks; when the SDK changes shape, only this folder changes.
export { createBrizoStore, loadPreviewMocks, startSdk, type BrizoStore, type SdkOptions } from './store';
export { SdkProvider } from './provider';
export {
  createRedirectBridge,
  decideRedirect,
  type RedirectBridge,
  type RedirectOptions,
} from './redirect-bridge';
export * from './hooks/types';
export {
  FLAGS_ON_BY_DEFAULT,
  isFeatureOn,
  useFeatureFlag,
  useFeatureFlags,
  type FeatureFlagName,
} from './hooks/feature-flags';
export { useActiveTenant, useAuthState, useLogout, type AuthView } from './hooks/auth';
export { useLoginActions, useLoginState, useLoginStep, type LoginView } from './hooks/login';
export { useHostedLogin, type HostedLogin } from './hooks/hosted-login';
export { useTenants, type TenantOption, type TenantsView } from './hooks/tenants';
// Passwordless hooks are imported from './hooks/passwordless' by the lazily loaded screens only:
// re-exported here they would ride in the login page's entry chunk.
export { usePublicAuthStrategy } from './hooks/public-auth-strategy';
export { useUsernameLogin } from './hooks/username-login';
// The ceremonies' hooks (./hooks/webauthn) are imported by the lazy screens directly.
export { usePasskeysOffered } from './hooks/passkeys';
// Issue 13: the social buttons and the SSO callback pages read './hooks/social-login' and
// './hooks/sso-callbacks' directly (lazy screens); the login page only asks whether to load the buttons.
export { useSocialLoginsOffered } from './hooks/social-logins-offered';
export { DEFAULT_LOOK, useLoginBoxLook, type LoginBoxLook } from './hooks/login-box-look';
export { useSignUp, type SignUpRequest } from './hooks/sign-up';
// MFA and step-up hooks: imported from './hooks/mfa' by the lazily loaded features/mfa only,
// so that they stay out of the login page's entry chunk (a barrel re-export pulls them in).
export type { MfaDevices, MfaFlow, MfaStepName, MfaStrategyName } from './hooks/mfa';
// The signed-in user's own MFA devices (admin portal Privacy: list, enroll, remove each type) and the
// phone number reset: imported from './hooks/mfa-devices' and './hooks/reset-phone-number' by lazy screens.
export type { MfaDeviceList, MfaDevicesApi, MfaDeviceType } from './hooks/mfa-devices';
export { useActivateAccount } from './hooks/activate';
export { useForgotPassword, type PasswordRules } from './hooks/forgot-password';
export {
  useAcceptInvitation,
  useImpersonation,
  usePasswordLifecycle,
  usePasswordRecovery,
  useUnlockAccount,
  type AcceptInvitationStepName,
} from './hooks/lifecycle';
