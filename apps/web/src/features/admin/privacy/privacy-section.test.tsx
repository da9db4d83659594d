import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminPortalProvider } from '../../../components/admin';
import { publishFeatureFlags } from '../../../sdk/hooks/feature-flags';
import { renderScreen } from '../../../testing/render';
import { PrivacySection } from './privacy-section';

// The cards are stand-ins: here only whether the section offers the passkeys card.
vi.mock('./mfa-card', () => ({ MfaCard: () => <p>MFA card</p> }));
vi.mock('./sessions-card', () => ({ SessionsCard: () => <p>Sessions card</p> }));
vi.mock('./password-card', () => ({ PasswordCard: () => <p>Password card</p> }));
vi.mock('./passkeys-card', () => ({ PasskeysCard: () => <p>Passkeys card</p> }));

function renderSection() {
  renderScreen(
    <AdminPortalProvider configuration={{}} viewer={{ permissions: [], superUser: false }} preview={false}>
      <PrivacySection />
    </AdminPortalProvider>,
  );
}

describe("Privacy's passkeys and 'show-passkeys-new' (SPEC section 9, issue 15)", () => {
  afterEach(() => publishFeatureFlags(null));

  it('offers the passkeys card while the flag is on (the default)', () => {
    renderSection();
    expect(screen.getByText('Passkeys card')).toBeInTheDocument();
  });

  it('offers no passkeys with the flag off, the rest unchanged', () => {
    publishFeatureFlags({ 'show-passkeys-new': 'off' });
    renderSection();
    expect(screen.queryByText('Passkeys card')).toBeNull();
    expect(screen.getByText('Password card')).toBeInTheDocument();
  });
});
