import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AccountApplication } from '../../../sdk/admin/applications';
import type { TeamMember } from '../../../sdk/admin/users';
import { renderScreen } from '../../../testing/render';
import { ApplicationsDialog } from './applications-dialog';

const member: TeamMember = {
  id: 'u1',
  name: 'Ann Lee',
  email: 'ann@acme.test',
  roles: [],
  verified: true,
  isLocked: false,
  isDisabled: false,
  temporaryExpirationDate: null,
  createdAt: null,
  lastLogin: null,
};

const app = (id: string, name: string, managed: boolean): AccountApplication => ({
  id,
  name,
  description: '',
  accessType: managed ? 'MANAGED_ACCESS' : 'FREE_ACCESS',
  appURL: 'https://app.test',
  loginURL: '',
  logoURL: '',
  isDefault: !managed,
  isActive: true,
  type: 'web',
  frontendStack: 'react',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  integrationFinishedAt: null,
  managed,
});

const applications = [
  app('a1', 'Brizo FoodMetrics', false),
  app('a2', 'Menu reports', true),
  app('a3', 'Trends API', true),
];

describe('Manage applications (issue 15)', () => {
  it("saves the member's managed apps; free apps are everyone's and stay ticked", async () => {
    const onSave = vi.fn().mockResolvedValue(undefined);
    const onClose = vi.fn();
    renderScreen(
      <ApplicationsDialog
        member={member}
        applications={applications}
        assigned={['a2']}
        onSave={onSave}
        onClose={onClose}
      />,
    );
    const free = screen.getByRole('checkbox', { name: /Brizo FoodMetrics/ });
    expect(free).toBeChecked();
    expect(free).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Menu reports/ })).toBeChecked();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: /Menu reports/ }));
    await user.click(screen.getByRole('checkbox', { name: /Trends API/ }));
    await user.click(screen.getByRole('button', { name: 'Save applications' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith(['a3']);
  });

  it('keeps the dialog open with the refusal when saving fails', async () => {
    const onSave = vi
      .fn()
      .mockRejectedValue(new Error('Users can be assigned only to managed applications of their account'));
    const onClose = vi.fn();
    renderScreen(
      <ApplicationsDialog
        member={member}
        applications={applications}
        assigned={[]}
        onSave={onSave}
        onClose={onClose}
      />,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save applications' }));
    expect(
      await screen.findByText('Users can be assigned only to managed applications of their account'),
    ).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
