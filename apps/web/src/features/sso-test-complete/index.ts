export { SsoTestCompletePage } from './sso-test-complete-page';
