export { UsageSection } from './usage-section';
