/** Every route path of the app, in one place (SPEC section 2). */
export const paths = {
  // The redirect screen: login gate and post-login landing decision.
  home: '/',
  // Login box.
  login: '/account/login',
  logout: '/account/logout',
  signUp: '/account/sign-up',
  activate: '/account/activate',
  activateWithCode: '/account/activate/code',
  forgotPassword: '/account/forget-password',
  resetPassword: '/account/reset-password',
  // Product pages (the same as the product rules' productPaths: paths.test.ts checks it;
  // spelled out so the login page's bundle does not carry the rules).
  trialStarted: '/trial-started',
  trialEnded: '/trial-ended',
  underReview: '/under-review',
  olo: '/olo',
  // The built-in stand-in for the main application.
  mainApp: '/app',
} as const;

/**
 * The store's route table (SPEC section 2, "Authentication-service routes"): the SDK's
 * defaults, with ours where we serve them. The store redirects to these on its own.
 */
export const authRoutes: Record<string, string> = {
  authenticatedUrl: paths.home,
  loginUrl: paths.login,
  logoutUrl: paths.logout,
  signUpUrl: paths.signUp,
  activateUrl: paths.activate,
  activateWithOTCUrl: paths.activateWithCode,
  forgetPasswordUrl: paths.forgotPassword,
  resetPasswordUrl: paths.resetPassword,
  stepUpUrl: '/account/step-up',
  impersonationUrl: '/account/impersonate',
  acceptInvitationUrl: '/account/invitation/accept',
  acceptInvitationWithOTCUrl: '/account/invitation/code',
  resetPhoneNumberUrl: '/account/reset-phone-number',
  socialLoginCallbackUrl: '/account/social/success',
  oidcRedirectUrl: '/account/oidc/callback',
  samlCallbackUrl: '/account/saml/callback',
  magicLinkCallbackUrl: '/account/login/magic-link',
  hostedLoginRedirectUrl: '/oauth/callback',
  openAppUrl: '/account/redirect',
  unlockAccountUrl: '/account/unlock',
  mfaMobileAuthenticator: '/account/mfa-mobile-authenticator',
};
