export { SecuritySection } from './security-section';
