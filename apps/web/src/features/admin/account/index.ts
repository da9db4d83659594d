export { AccountSection } from './account-section';
