import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiTokensView, AssignableRolesState } from '../../../sdk/admin/api-tokens';
import { renderScreen } from '../../../testing/render';
import { ApiTokensPage } from './api-tokens-page';

const token = {
  clientId: '3f0c7a52-6a3b-4d55-9d1f-2f1b6f3f9a10',
  description: 'Nightly export',
  createdAt: '2026-11-20T10:00:00.000Z',
  expires: null,
  roleIds: ['role-1'],
};

function fakeView(overrides: Partial<ApiTokensView> = {}): ApiTokensView {
  return {
    tokens: [token],
    loading: false,
    loadError: null,
    creating: false,
    deleting: false,
    createdSecret: null,
    createOpened: false,
    openCreate: vi.fn(),
    closeCreate: vi.fn(),
    load: vi.fn(),
    create: vi.fn(async () => undefined),
    remove: vi.fn(async () => undefined),
    rename: vi.fn(async () => undefined),
    dismissSecret: vi.fn(),
    ...overrides,
  };
}

const roles: AssignableRolesState = {
  status: 'ready',
  roles: [{ id: 'role-1', key: 'ReadOnly', name: 'Read Only' }],
};

function setup(view: ApiTokensView, may: boolean, withRoles = false) {
  renderScreen(
    <ApiTokensPage
      title="API tokens"
      description="Tokens"
      view={view}
      canCreate={may}
      canDelete={may}
      canEdit={may}
      {...(withRoles ? { roles } : {})}
    />,
  );
  return userEvent.setup();
}

// user-event types key by key: on a busy two-core machine a dialog test can pass vitest's 5 s default.
describe('ApiTokensPage', { timeout: 20_000 }, () => {
  it('lists the tokens with their role names and no change buttons for a read-only viewer', () => {
    setup(fakeView(), false, true);
    const table = screen.getByRole('table', { name: 'API tokens' });
    expect(within(table).getByText('Nightly export')).toBeInTheDocument();
    expect(within(table).getByText('Read Only')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate token' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete token/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit token/ })).not.toBeInTheDocument();
  });

  it('edits a token’s description: required, then sent; the server’s refusal stays in the dialog', async () => {
    const view = fakeView({
      rename: vi
        .fn<ApiTokensView['rename']>()
        .mockRejectedValueOnce(new Error('API token not found'))
        .mockResolvedValueOnce(undefined),
    });
    const user = setup(view, true);
    await user.click(screen.getByRole('button', { name: 'Edit token Nightly export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit API token' });
    const field = within(dialog).getByLabelText(/Description/);
    expect(field).toHaveValue('Nightly export');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Description is required')).toBeInTheDocument();
    expect(view.rename).not.toHaveBeenCalled();

    await user.type(field, 'Weekly export');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('API token not found');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(view.rename).toHaveBeenLastCalledWith(token.clientId, 'Weekly export');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit API token' })).not.toBeInTheDocument(),
    );
  });

  it('requires a description, then sends the expiry in days without roles for personal tokens', async () => {
    const view = fakeView({ tokens: [], createOpened: true });
    const user = setup(view, true);
    expect(screen.getByText('No API tokens yet')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'Generate API token' });
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByText('Description is required')).toBeInTheDocument();
    expect(view.create).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText(/Description/), 'CI');
    const days = within(dialog).getByLabelText('Expires after (days)');
    await user.clear(days);
    await user.type(days, '7');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(view.create).toHaveBeenCalledWith({ description: 'CI', expiresInDays: 7, roleIds: undefined });
  });

  it('shows the server’s refusal in the dialog', async () => {
    const view = fakeView({
      createOpened: true,
      create: vi.fn(async () => {
        throw new Error('You cannot give a token permissions you do not hold');
      }),
    });
    const user = setup(view, true, true);
    const dialog = await screen.findByRole('dialog', { name: 'Generate API token' });
    await user.type(within(dialog).getByLabelText(/Description/), 'Too much');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'You cannot give a token permissions you do not hold',
    );
  });

  it('opens the create dialog through the store', async () => {
    const view = fakeView();
    const user = setup(view, true);
    await user.click(screen.getByRole('button', { name: 'Generate token' }));
    expect(view.openCreate).toHaveBeenCalled();
  });

  it('shows the new secret once, with copy buttons, until dismissed', async () => {
    const view = fakeView({ createdSecret: { clientId: token.clientId, secret: 's3cr3t-value' } });
    const user = setup(view, true);
    const dialog = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(within(dialog).getByLabelText('Secret')).toHaveValue('s3cr3t-value');
    expect(within(dialog).getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(view.dismissSecret).toHaveBeenCalled();
  });

  it('deletes a token only after confirmation', async () => {
    const view = fakeView();
    const user = setup(view, true);
    await user.click(screen.getByRole('button', { name: 'Delete token Nightly export' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete API token' });
    expect(view.remove).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(view.remove).toHaveBeenCalledWith(token.clientId);
  });
});
