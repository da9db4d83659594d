import { webPaths } from '@brizo/contract/web-paths';

/**
 * Every route path of the app, in one place (SPEC section 2). The pages the identity server links to
 * come from the contract, so its mailed links and these routes cannot drift apart.
 */
export const paths = {
  // The redirect screen: login gate and post-login landing decision.
  home: '/',
  // The pages the server links to: the login box, the mailed links, the admin portal (issue 4; its
  // sections are children: src/app/admin-sections.tsx) and the hosted-login callback (SPEC section 2).
  ...webPaths,
  // Login box.
  logout: '/account/logout',
  signUp: '/account/sign-up',
  impersonate: '/account/impersonate',
  stepUp: '/account/step-up',
  resetPhoneNumber: '/account/reset-phone-number',
  // Product pages (the same as the product rules' productPaths: paths.test.ts checks it;
  // spelled out so the login page's bundle does not carry the rules).
  trialStarted: '/trial-started',
  trialEnded: '/trial-ended',
  underReview: '/under-review',
  olo: '/olo',
  // The built-in stand-in for the main application.
  mainApp: '/app',
  // Issue 15: the superuser console (vendor level).
  console: '/console',
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
  stepUpUrl: paths.stepUp,
  impersonationUrl: paths.impersonate,
  acceptInvitationUrl: paths.acceptInvitation,
  acceptInvitationWithOTCUrl: paths.acceptInvitationWithCode,
  resetPhoneNumberUrl: paths.resetPhoneNumber,
  socialLoginCallbackUrl: paths.socialSuccess,
  oidcRedirectUrl: paths.oidcCallback,
  samlCallbackUrl: paths.samlCallback,
  magicLinkCallbackUrl: paths.magicLink,
  hostedLoginRedirectUrl: paths.oauthCallback,
  openAppUrl: '/account/redirect',
  unlockAccountUrl: paths.unlock,
  mfaMobileAuthenticator: '/account/mfa-mobile-authenticator',
};
