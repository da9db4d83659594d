export { UsersSection } from './users-section';
