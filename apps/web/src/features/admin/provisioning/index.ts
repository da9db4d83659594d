export { ProvisioningSection } from './provisioning-section';
