// The web app's pages the identity server sends people to: the links it mails (activation, reset,
// magic link, unlock, invitations, email revert), its own redirects to the login box and the admin
// portal, and the hosted-login callback it registers (SPEC section 2). The web app routes the same
// paths, so a link cannot point at a page that moved.

export const webPaths = {
  login: '/account/login',
  magicLink: '/account/login/magic-link',
  activate: '/account/activate',
  activateWithCode: '/account/activate/code',
  forgotPassword: '/account/forget-password',
  resetPassword: '/account/reset-password',
  unlock: '/account/unlock',
  acceptInvitation: '/account/invitation/accept',
  acceptInvitationWithCode: '/account/invitation/code',
  revertEmail: '/account/revert-email',
  adminPortal: '/admin-portal',
  oauthCallback: '/oauth/callback',
  // Issue 13: where identity providers send the browser back, and the SSO section's live test's end.
  samlCallback: '/account/saml/callback',
  oidcCallback: '/account/oidc/callback',
  socialSuccess: '/account/social/success',
  ssoTestComplete: '/account/sso/test-complete',
} as const;
