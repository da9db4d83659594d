export { RevertEmailPage } from './revert-email-page';
