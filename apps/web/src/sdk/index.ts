// The adapter around the Frontegg SDK: the only module that imports @frontegg/*. Features
// use these thin, typed hooks; when the SDK changes shape, only this folder changes.
export { createBrizoStore, isPreviewAvailable, startSdk, type BrizoStore, type SdkOptions } from './store';
export { SdkProvider } from './provider';
export {
  createRedirectBridge,
  decideRedirect,
  type RedirectBridge,
  type RedirectOptions,
} from './redirect-bridge';
export * from './hooks/types';
export { useActiveTenant, useAuthState, useLogout, type AuthView } from './hooks/auth';
export { useLoginActions, useLoginState, useLoginStep, type LoginView } from './hooks/login';
export { useSignUp, type SignUpRequest } from './hooks/sign-up';
export { useActivateAccount } from './hooks/activate';
export { useForgotPassword, type PasswordRules } from './hooks/forgot-password';
