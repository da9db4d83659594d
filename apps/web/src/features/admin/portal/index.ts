export { AdminPortalIndex } from './admin-portal-index';
export { AdminPortalLayout } from './admin-portal-layout';
