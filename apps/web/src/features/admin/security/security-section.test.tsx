import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminPortalProvider } from '../../../components/admin';
import { publishFeatureFlags } from '../../../sdk/hooks/feature-flags';
import { renderScreen } from '../../../testing/render';
import { SecuritySection } from './security-section';

// The tabs' own contents are tested beside them; here only which tabs the section offers.
vi.mock('./security-center', () => ({ SecurityCenter: () => null }));
vi.mock('./session-tab', () => ({ SessionTab: () => null }));
vi.mock('./general-tab', () => ({ GeneralTab: () => null }));
vi.mock('./ip-tab', () => ({ IpTab: () => null }));
vi.mock('./domain-tab', () => ({ DomainTab: () => null }));

const tabs = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

function renderSection() {
  renderScreen(
    <AdminPortalProvider
      configuration={{}}
      viewer={{ permissions: ['fe.*'], superUser: false }}
      preview={false}
    >
      <SecuritySection />
    </AdminPortalProvider>,
  );
}

describe('Security tabs and their flags (SPEC section 9, issue 15)', () => {
  afterEach(() => publishFeatureFlags(null));

  it('shows the restriction tabs while their flags are on (the default)', () => {
    renderSection();
    expect(tabs()).toEqual([
      'Session management',
      'General settings',
      'IP restrictions',
      'Domain restrictions',
    ]);
  });

  it("hides IP restrictions with 'admin_portal_ip_restrictions' off", () => {
    publishFeatureFlags({ admin_portal_ip_restrictions: 'off' });
    renderSection();
    expect(tabs()).toEqual(['Session management', 'General settings', 'Domain restrictions']);
  });

  it("hides Domain restrictions with 'admin_portal_domain_restrictions' off", () => {
    publishFeatureFlags({ admin_portal_domain_restrictions: 'off' });
    renderSection();
    expect(tabs()).toEqual(['Session management', 'General settings', 'IP restrictions']);
  });
});
