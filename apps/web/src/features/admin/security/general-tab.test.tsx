import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { GeneralSettings } from './use-security-settings';
import { renderScreen } from '../../../testing/render';
import { GeneralTab } from './general-tab';

const settings: GeneralSettings = {
  enforceMFAType: 'DontForce',
  lockout: { enabled: true, maxAttempts: 5 },
  history: { enabled: false, historySize: 1 },
  rotation: { isActive: false, rotationPeriod: 129_600 },
  captcha: { enabled: false, siteKey: '' },
};
const sdk = vi.hoisted(() => ({
  save: vi.fn(async () => undefined),
  saveCaptcha: vi.fn(async () => undefined),
  canWrite: true,
  superUser: false,
  captcha: { enabled: false, siteKey: '', secretKey: '', minScore: 0.5, ignoredEmails: [] as string[] },
}));
vi.mock('./use-security-settings', () => ({
  useCaptchaPolicy: () => ({
    policy: sdk.captcha,
    loading: false,
    error: null,
    load: () => undefined,
    save: sdk.saveCaptcha,
  }),
  useGeneralSettings: () => ({
    settings,
    loading: false,
    error: null,
    load: () => undefined,
    save: sdk.save,
  }),
}));
// Issue 14: the policy impact preview has its own tests (policy-impact.test.tsx); here, as in
// preview mode, there is none and each save goes straight through.
vi.mock('../../../sdk/admin/policy-preview', () => ({ usePolicyPreviewApi: () => null }));
vi.mock('../../../components/admin', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useCan: () => sdk.canWrite,
  useAdminPortal: () => ({
    configuration: {},
    viewer: { permissions: [], superUser: sdk.superUser },
    preview: false,
  }),
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

  it('walk-through: a superuser edits the captcha policy; turning it on asks for both keys', async () => {
    sdk.canWrite = true;
    sdk.superUser = true;
    renderScreen(<GeneralTab />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Captcha on sign-in and sign-up' }));
    await user.click(screen.getByRole('button', { name: 'Save captcha policy' }));
    expect(await screen.findByText('Site key is required')).toBeInTheDocument();
    expect(screen.getByText('Secret key is required')).toBeInTheDocument();
    expect(sdk.saveCaptcha).not.toHaveBeenCalled();

    await user.type(screen.getByRole('textbox', { name: /^Site key/ }), 'site-key-1');
    await user.type(screen.getByLabelText(/^Secret key/), 'secret-key-1');
    await user.type(screen.getByLabelText(/^Emails never asked/), 'qa@brizo.test');
    await user.click(screen.getByRole('button', { name: 'Save captcha policy' }));
    await waitFor(() =>
      expect(sdk.saveCaptcha).toHaveBeenCalledWith({
        enabled: true,
        siteKey: 'site-key-1',
        secretKey: 'secret-key-1',
        minScore: 0.5,
        ignoredEmails: ['qa@brizo.test'],
      }),
    );
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    sdk.superUser = false;
  });

  it('walk-through: an administrator who is no superuser sees the captcha policy disabled', () => {
    sdk.canWrite = true;
    sdk.superUser = false;
    renderScreen(<GeneralTab />);
    expect(screen.getByRole('switch', { name: 'Captcha on sign-in and sign-up' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /^Site key/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save captcha policy' })).toBeDisabled();
  });
});
