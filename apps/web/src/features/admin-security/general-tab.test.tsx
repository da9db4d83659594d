import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GeneralSettings } from '../../sdk/hooks/admin-security';
import { renderScreen } from '../../testing/render';
import { GeneralTab } from './general-tab';

const settings: GeneralSettings = {
  enforceMFAType: 'DontForce',
  lockout: { enabled: true, maxAttempts: 5 },
  history: { enabled: false, historySize: 1 },
  rotation: { isActive: false, rotationPeriod: 129_600 },
  captcha: { enabled: false, siteKey: '' },
};
const sdk = vi.hoisted(() => ({ save: vi.fn(async () => undefined), canWrite: true }));
vi.mock('../../sdk/hooks/admin-security', () => ({
  useGeneralSettings: () => ({
    settings,
    loading: false,
    error: null,
    load: () => undefined,
    save: sdk.save,
  }),
}));
vi.mock('../../components/admin', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useCan: () => sdk.canWrite,
  useFieldAppearance: () => (sdk.canWrite ? 'edit' : 'viewOnly'),
}));

describe('GeneralTab', { timeout: 20_000 }, () => {
  it('saves each switched policy with its number, the rotation period in minutes', async () => {
    sdk.canWrite = true;
    renderScreen(<GeneralTab />);
    const user = userEvent.setup();
    // A number only means something while its switch is on.
    expect(screen.getByLabelText('Passwords remembered')).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: /^Password history/ }));
    await user.clear(screen.getByLabelText('Passwords remembered'));
    await user.type(screen.getByLabelText('Passwords remembered'), '4');
    await user.click(screen.getByRole('switch', { name: /^Password rotation/ }));
    await user.clear(screen.getByLabelText('Rotation period (days)'));
    await user.type(screen.getByLabelText('Rotation period (days)'), '30');
    await user.clear(screen.getByLabelText('Failed attempts before lockout'));
    await user.type(screen.getByLabelText('Failed attempts before lockout'), '7');
    await user.click(screen.getByRole('button', { name: 'Save general settings' }));

    await waitFor(() =>
      expect(sdk.save).toHaveBeenCalledWith({
        ...settings,
        lockout: { enabled: true, maxAttempts: 7 },
        history: { enabled: true, historySize: 4 },
        rotation: { isActive: true, rotationPeriod: 30 * 1440 },
      }),
    );
  });

  it('shows the policies but lets a viewer change none of them', () => {
    sdk.canWrite = false;
    renderScreen(<GeneralTab />);
    // A switch's accessible name is its label followed by its description.
    for (const name of [/^User lockout/, /^Password history/, /^Password rotation/]) {
      expect(screen.getByRole('switch', { name })).toBeDisabled();
    }
    expect(screen.getByLabelText('Failed attempts before lockout')).toBeDisabled();
  });
});
