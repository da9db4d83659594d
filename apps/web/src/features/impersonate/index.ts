export { ImpersonatePage } from './impersonate-page';
