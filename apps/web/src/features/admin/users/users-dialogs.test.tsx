import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AdminPortalProvider } from '../../../components/admin';
import type { TeamMember } from '../../../sdk/admin/users';
import { publishFeatureFlags } from '../../../sdk/hooks/feature-flags';
import { renderScreen } from '../../../testing/render';
import { InviteDialog } from './invite-dialog';
import { RowActions } from './row-actions';

const member: TeamMember = {
  id: 'u1',
  name: 'Ann Lee',
  email: 'ann@acme.test',
  roles: [],
  verified: false,
  isLocked: false,
  isDisabled: false,
  temporaryExpirationDate: '2030-01-01T00:00:00.000Z',
  createdAt: null,
  lastLogin: null,
};

const portal = (permissions: string[], configuration: Record<string, unknown> = {}) =>
  function Portal({ children }: { children: ReactNode }) {
    return (
      <AdminPortalProvider
        configuration={configuration}
        viewer={{ permissions, superUser: false }}
        preview={false}
      >
        {children}
      </AdminPortalProvider>
    );
  };

describe('Users section dialogs', () => {
  it('offers an Admin every action of a row, by keyboard', async () => {
    const onAction = vi.fn();
    const Portal = portal(['fe.*']);
    renderScreen(
      <Portal>
        <RowActions member={member} isSelf={false} onAction={onAction} />
      </Portal>,
    );
    const user = userEvent.setup();
    screen.getByRole('button', { name: 'Actions for ann@acme.test' }).focus();
    await user.keyboard('{Enter}');
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Edit roles',
      'Resend activation email',
      'Make permanent',
      'Lock',
      'Disable',
      'Delete',
    ]);
    const disable = items.find((item) => item.textContent === 'Disable');
    if (!disable) throw new Error('no Disable item');
    await user.click(disable);
    expect(onAction).toHaveBeenCalledWith('disable', member);
  });

  it("issue 15: with the 'temporary-users' flag off a temporary member's row offers no Make permanent", async () => {
    const Portal = portal(['fe.*']);
    const user = userEvent.setup();
    publishFeatureFlags({ 'temporary-users': 'off' });
    try {
      renderScreen(
        <Portal>
          <RowActions member={member} isSelf={false} onAction={vi.fn()} />
        </Portal>,
      );
      await user.click(screen.getByRole('button', { name: 'Actions for ann@acme.test' }));
      const items = await screen.findAllByRole('menuitem');
      expect(items.map((item) => item.textContent)).not.toContain('Make permanent');
      expect(items.map((item) => item.textContent)).toContain('Edit roles');
    } finally {
      publishFeatureFlags(null);
    }
  });

  it('gives a Read Only administrator no enabled action, and an admin none against themselves', () => {
    const ReadOnly = portal(['fe.secure.read.users']);
    renderScreen(
      <ReadOnly>
        <RowActions member={member} isSelf={false} onAction={vi.fn()} />
      </ReadOnly>,
    );
    expect(screen.getByRole('button', { name: 'Actions for ann@acme.test' })).toBeDisabled();
  });

  it('invites with the fields the vendor shows, and keeps a bad email on its input', async () => {
    const onInvite = vi.fn().mockResolvedValue(undefined);
    const onClose = vi.fn();
    const Portal = portal(['fe.*'], {
      themeV2: {
        adminPortal: {
          pages: {
            users: {
              inviteUserModal: {
                inviteByEmail: { fieldsProperties: { phoneNumber: { appearance: 'edit' } } },
              },
            },
          },
        },
      },
    });
    renderScreen(
      <Portal>
        <InviteDialog
          roles={[{ id: 'r1', key: 'Admin', name: 'Admin' }]}
          onInvite={onInvite}
          onClose={onClose}
        />
      </Portal>,
    );
    const user = userEvent.setup();
    expect(screen.getByLabelText('Phone number')).toBeInTheDocument();
    expect(screen.queryByLabelText('Username')).toBeNull();
    await user.type(screen.getByLabelText(/Email/), 'nope');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Must be a valid email.')).toBeInTheDocument();
    expect(onInvite).not.toHaveBeenCalled();
    await user.clear(screen.getByLabelText(/Email/));
    await user.type(screen.getByLabelText(/Email/), 'new@acme.test');
    await user.type(screen.getByLabelText('Name'), 'New Person');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() =>
      expect(onInvite).toHaveBeenCalledWith({ email: 'new@acme.test', name: 'New Person', roleIds: [] }),
    );
    expect(onClose).toHaveBeenCalled();
  }, 30_000);

  it("walk-through: with the 'temporary-users' flag off the invite offers no temporary user", () => {
    const Portal = portal(['fe.*']);
    const dialog = (
      <Portal>
        <InviteDialog roles={[]} onInvite={vi.fn()} onClose={vi.fn()} />
      </Portal>
    );
    const { unmount } = renderScreen(dialog);
    expect(screen.getByRole('switch', { name: /^Temporary user/ })).toBeInTheDocument();
    unmount();
    publishFeatureFlags({ 'temporary-users': 'off' });
    try {
      renderScreen(dialog);
      expect(screen.queryByRole('switch', { name: /^Temporary user/ })).toBeNull();
    } finally {
      publishFeatureFlags(null);
    }
  });
});
