import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdminPortalProvider } from '../../../components/admin';
import type { GroupsConfiguration, GroupsConfigurationView, GroupsView } from '../../../sdk/admin/groups';
import { renderScreen } from '../../../testing/render';
import { GroupsSection } from './groups-section';

const sdk = vi.hoisted(() => ({
  configuration: { enabled: true, rolesEnabled: true } as GroupsConfiguration,
  save: (async () => undefined) as (changes: Partial<GroupsConfiguration>) => Promise<void>,
}));

const groupsView: GroupsView = {
  groups: [
    {
      id: 'g1',
      name: 'Buyers',
      description: 'Buys the food',
      color: '#1971c2',
      roles: [{ id: 'r1', key: 'ReadOnly', name: 'Read Only' }],
      users: [{ id: 'u1', name: 'Ann', email: 'ann@acme.test' }],
    },
  ],
  loaded: true,
  loading: false,
  error: null,
  load: () => undefined,
  roles: [
    { id: 'r1', key: 'ReadOnly', name: 'Read Only' },
    { id: 'r2', key: 'Admin', name: 'Admin' },
  ],
  teamUsers: [{ id: 'u2', name: 'Bob', email: 'bob@acme.test' }],
  loadChoices: () => undefined,
  create: async () => undefined,
  update: async () => undefined,
  remove: async () => undefined,
  addRoles: async () => undefined,
  removeRoles: async () => undefined,
  addUsers: async () => undefined,
  removeUsers: async () => undefined,
};

vi.mock('../../../sdk/admin/groups', () => ({
  useGroups: () => groupsView,
  useGroupsConfiguration: (): GroupsConfigurationView => ({
    configuration: sdk.configuration,
    loaded: true,
    error: null,
    load: () => undefined,
    save: (changes) => sdk.save(changes),
  }),
}));

const ADMIN = ['fe.*'];
const READ_ONLY = ['fe.secure.read.groups'];

function renderSection(permissions: string[], configuration: GroupsConfiguration) {
  sdk.configuration = configuration;
  renderScreen(
    <AdminPortalProvider configuration={{}} viewer={{ permissions, superUser: false }} preview={false}>
      <GroupsSection />
    </AdminPortalProvider>,
  );
  return userEvent.setup();
}

async function openManage(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Roles and members of Buyers' }));
  return screen.findByRole('dialog', { name: 'Group Buyers' });
}

// user-event on a busy two-core machine can pass vitest's 5 s default.
describe('GroupsSection and the groups configuration', { timeout: 20_000 }, () => {
  it('offers an Admin everything while groups and roles on groups are on', async () => {
    const user = renderSection(ADMIN, { enabled: true, rolesEnabled: true });
    expect(screen.queryByText('Groups are turned off')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create group' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit Buyers' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Groups/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /^Roles on groups/ })).toBeEnabled();
    const manage = await openManage(user);
    expect(within(manage).getByRole('button', { name: 'Add role' })).toBeInTheDocument();
    expect(within(manage).getByRole('button', { name: 'Add member' })).toBeInTheDocument();
  });

  it('says plainly that groups are off and offers no create, edit or add; deleting stays', async () => {
    const user = renderSection(ADMIN, { enabled: false, rolesEnabled: true });
    expect(screen.getByText('Groups are turned off')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create group' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Buyers' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Buyers' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /^Groups/ })).not.toBeChecked();
    const manage = await openManage(user);
    expect(within(manage).queryByRole('button', { name: 'Add role' })).not.toBeInTheDocument();
    expect(within(manage).queryByRole('button', { name: 'Add member' })).not.toBeInTheDocument();
    expect(within(manage).getByRole('button', { name: 'Remove member ann@acme.test' })).toBeInTheDocument();
  });

  it('offers no role assignment while roles on groups are off, but still members', async () => {
    const user = renderSection(ADMIN, { enabled: true, rolesEnabled: false });
    expect(screen.getByText('Roles on groups are turned off')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create group' })).toBeInTheDocument();
    const manage = await openManage(user);
    expect(within(manage).queryByRole('button', { name: 'Add role' })).not.toBeInTheDocument();
    expect(within(manage).queryByLabelText('Role to add')).not.toBeInTheDocument();
    expect(within(manage).getByRole('button', { name: 'Add member' })).toBeInTheDocument();
  });

  it('saves a switch as it is turned, showing the saving state, and the refusal when it fails', async () => {
    let settle: (error?: Error) => void = () => undefined;
    const save = vi.fn(
      (_changes: Partial<GroupsConfiguration>) =>
        new Promise<void>((resolve, reject) => {
          settle = (error) => (error ? reject(error) : resolve());
        }),
    );
    sdk.save = save;
    const user = renderSection(ADMIN, { enabled: true, rolesEnabled: true });

    await user.click(screen.getByRole('switch', { name: /^Roles on groups/ }));
    expect(save).toHaveBeenCalledWith({ rolesEnabled: false });
    expect(screen.getByRole('status')).toHaveTextContent('Saving...');
    // Where the switch is going shows at once; neither switch can be turned meanwhile.
    expect(screen.getByRole('switch', { name: /^Roles on groups/ })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /^Groups/ })).toBeDisabled();

    settle(new Error('Insufficient permissions'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Insufficient permissions');
    await waitFor(() => expect(screen.getByRole('switch', { name: /^Roles on groups/ })).toBeChecked());
    expect(screen.getByRole('switch', { name: /^Groups/ })).toBeEnabled();

    await user.click(screen.getByRole('switch', { name: /^Groups/ }));
    expect(save).toHaveBeenLastCalledWith({ enabled: false });
    settle();
    await waitFor(() => expect(screen.queryByText('Saving...')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a Read Only administrator the settings without letting them change', () => {
    renderSection(READ_ONLY, { enabled: false, rolesEnabled: true });
    expect(screen.getByRole('switch', { name: /^Groups/ })).toBeDisabled();
    expect(screen.getByRole('switch', { name: /^Roles on groups/ })).toBeDisabled();
    expect(screen.getByText('Groups are turned off')).toBeInTheDocument();
    expect(
      screen.getByText('Only an administrator who may change groups can change these settings.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Buyers' })).not.toBeInTheDocument();
  });
});
