export { SubscriptionSection } from './subscription-section';
