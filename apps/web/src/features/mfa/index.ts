// Multi-factor authentication in the login box (loginWithTwoFactor, forceTwoFactor,
// recoverTwoFactor and the MFA steps) and the /account/step-up page. Loaded lazily.
export { MfaLoginStep } from './login-step';
export { MfaStepScreen, mfaStepTitles } from './mfa-step';
export { RecoverTwoFactorStep } from './recover-two-factor';
export { StepUpPage } from './step-up-page';
