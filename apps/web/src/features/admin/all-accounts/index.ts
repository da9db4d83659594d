export { AllAccountsSection } from './all-accounts-section';
