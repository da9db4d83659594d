export { NotificationsBell } from './notifications-bell';
