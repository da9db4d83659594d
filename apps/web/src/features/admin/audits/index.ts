export { AuditsSection } from './audits-section';
