import { SectionPage } from '../../../components/admin';

// Issue 14: placeholder wired by the lead; the section's helper replaces it.
export function WebhooksSection() {
  return <SectionPage title="Webhooks">{null}</SectionPage>;
}
