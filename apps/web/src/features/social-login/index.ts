// Social login buttons (issue 13). Loaded lazily by the login and sign-up pages: the login page's
// entry chunk must not carry them (bundle budget, docs/decisions/0003).
export { SocialLoginButtons } from './social-login-buttons';
