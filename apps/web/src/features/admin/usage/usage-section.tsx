import { SectionPage } from '../../../components/admin';

// Issue 14: placeholder wired by the lead; the section's helper replaces it.
export function UsageSection() {
  return <SectionPage title="Usage">{null}</SectionPage>;
}
