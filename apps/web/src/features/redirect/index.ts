export { RedirectPage } from './redirect-page';
