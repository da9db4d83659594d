export { PersonalApiTokensSection } from './personal-api-tokens-section';
