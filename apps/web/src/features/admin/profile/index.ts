export { ProfileSection } from './profile-section';
