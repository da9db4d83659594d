export { SsoSection } from './sso-section';
