export { MainAppPage } from './main-app-page';
