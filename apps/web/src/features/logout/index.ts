export { LogoutPage } from './logout-page';
