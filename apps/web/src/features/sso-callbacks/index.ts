// The pages identity providers send the browser back to (issue 13), each a lazy route (app/router.tsx).
export { OidcCallbackPage } from './oidc-callback-page';
export { SamlCallbackPage } from './saml-callback-page';
export { SocialSuccessPage } from './social-success-page';
