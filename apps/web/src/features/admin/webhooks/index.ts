export { WebhooksSection } from './webhooks-section';
