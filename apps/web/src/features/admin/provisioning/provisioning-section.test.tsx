import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminPortalProvider } from '../../../components/admin';
import { fakeApi } from '../../../testing/fake-api';
import { renderScreen } from '../../../testing/render';
import { ProvisioningSection } from './provisioning-section';

vi.mock('../../../sdk/admin/portal', () => ({ usePreviewMode: () => false }));

const BASE = '/directory/resources/v1/configurations/scim2';
const directory = {
  id: 'dir1',
  tenantId: 't1',
  connectionName: 'Okta people',
  source: 'okta',
  syncToUserManagement: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastSync: null,
  scimBaseUrl: 'http://localhost:3000/frontegg/directory/resources/scim/dir1',
};

function server(initial: unknown[]) {
  let directories = initial;
  const api = fakeApi({
    [`GET ${BASE}`]: () => directories,
    'GET /directory/resources/scim/temp/dir1/Users/count': { count: 42 },
    'GET /directory/resources/scim/temp/dir2/Users/count': { count: 0 },
  });
  return { ...api, answerList: (next: unknown[]) => (directories = next) };
}

function renderSection(permissions: string[]) {
  renderScreen(
    <AdminPortalProvider configuration={{}} viewer={{ permissions, superUser: false }} preview={false}>
      <ProvisioningSection />
    </AdminPortalProvider>,
  );
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe('the Provisioning section', { timeout: 30_000 }, () => {
  it('lists the directories with their source, users provisioned, last sync and SCIM base URL', async () => {
    server([directory]);
    renderSection(['fe.*']);
    const row = await screen.findByRole('row', { name: /Okta people/ });
    expect(row).toHaveTextContent('Okta');
    expect(await within(row).findByText('42')).toBeInTheDocument();
    expect(row).toHaveTextContent('Never');
    expect(screen.getByRole('textbox', { name: 'SCIM base URL of Okta people' })).toHaveValue(
      directory.scimBaseUrl,
    );
    expect(screen.getByRole('button', { name: 'Copy SCIM base URL of Okta people' })).toBeInTheDocument();
  });

  it('adds a directory and shows its bearer token once, with the SCIM base URL', async () => {
    const api = server([]);
    api.on({
      [`POST ${BASE}`]: () => {
        api.answerList([{ ...directory, id: 'dir2', connectionName: 'Entra', source: 'azure-ad' }]);
        return {
          id: 'dir2',
          connectionName: 'Entra',
          token: 'scim-token-secret',
          scimBaseUrl: 'http://localhost:3000/frontegg/directory/resources/scim/dir2',
        };
      },
    });
    const user = renderSection(['fe.*']);
    await user.click(await screen.findByRole('button', { name: 'Add directory' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add directory' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Entra');
    await user.click(within(dialog).getByRole('radio', { name: 'Microsoft Entra ID' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add directory' }));

    const shown = await screen.findByRole('dialog', { name: 'Connect Entra' });
    expect(api.sent(`POST ${BASE}`)[0]?.body).toEqual({
      connectionName: 'Entra',
      source: 'azure-ad',
      syncToUserManagement: true,
    });
    expect(within(shown).getByRole('textbox', { name: 'Bearer token' })).toHaveValue('scim-token-secret');
    expect(within(shown).getByRole('button', { name: 'Copy Bearer token' })).toBeInTheDocument();
    expect(within(shown).getByRole('textbox', { name: 'SCIM base URL' })).toHaveValue(
      'http://localhost:3000/frontegg/directory/resources/scim/dir2',
    );
    expect(shown).toHaveTextContent('It is shown only this once');

    await user.click(within(shown).getByRole('button', { name: 'I have copied the token' }));
    await screen.findByRole('row', { name: /Entra/ });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue('scim-token-secret')).not.toBeInTheDocument();
  });

  it('deletes a directory, removing its users only when asked (deleteAll)', async () => {
    const api = server([directory]);
    api.on({ [`DELETE ${BASE}/dir1`]: {} });
    const user = renderSection(['fe.*']);

    await user.click(await screen.findByRole('button', { name: 'Delete Okta people' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete directory' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete directory' }));
    await waitFor(() => expect(api.sent(`DELETE ${BASE}/dir1`)).toHaveLength(1));
    expect(api.sent(`DELETE ${BASE}/dir1`)[0]?.body).toEqual({ deleteAll: false });

    await user.click(await screen.findByRole('button', { name: 'Delete Okta people' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete directory' });
    const removeUsers = within(dialog).getByRole('checkbox', {
      name: /Also remove the users this directory provisioned/,
    });
    expect(removeUsers).not.toBeChecked();
    await user.click(removeUsers);
    await user.click(within(dialog).getByRole('button', { name: 'Delete directory' }));
    await waitFor(() => expect(api.sent(`DELETE ${BASE}/dir1`)).toHaveLength(2));
    expect(api.sent(`DELETE ${BASE}/dir1`)[1]?.body).toEqual({ deleteAll: true });
  });

  it("rotates a directory's token after asking and shows the new one once", async () => {
    const api = server([directory]);
    api.on({ [`POST ${BASE}/dir1/token`]: { id: 'dir1', token: 'rotated-token' } });
    const user = renderSection(['fe.*']);
    await user.click(await screen.findByRole('button', { name: 'Rotate the token of Okta people' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate token' });
    expect(confirm).toHaveTextContent('The current token stops working at once');
    await user.click(within(confirm).getByRole('button', { name: 'Rotate token' }));
    const shown = await screen.findByRole('dialog', { name: 'Connect Okta people' });
    expect(within(shown).getByRole('textbox', { name: 'Bearer token' })).toHaveValue('rotated-token');
  });

  it("shows a directory's last provisioning calls", async () => {
    const api = server([directory]);
    api.on({
      [`GET ${BASE}/dir1/logs`]: {
        items: [
          {
            id: 'l1',
            method: 'POST',
            path: '/Users',
            status: 201,
            summary: 'Created ann@acme.test',
            createdAt: '2026-01-02T10:00:00.000Z',
          },
          {
            id: 'l2',
            method: 'POST',
            path: '/Users',
            status: 409,
            summary: 'userName already exists',
            createdAt: '2026-01-02T10:01:00.000Z',
          },
        ],
      },
    });
    const user = renderSection(['fe.secure.read.provisioningConfiguration']);
    await user.click(await screen.findByRole('button', { name: 'Provisioning log of Okta people' }));
    const log = await screen.findByRole('table', { name: 'Provisioning log of Okta people' });
    expect(await within(log).findByRole('row', { name: /Created ann@acme.test/ })).toHaveTextContent('201');
    expect(within(log).getByRole('row', { name: /userName already exists/ })).toHaveTextContent('409');
  });

  it('shows a Read Only administrator the directories without adding, rotating or deleting', async () => {
    server([directory]);
    renderSection(['fe.secure.read.provisioningConfiguration']);
    await screen.findByRole('row', { name: /Okta people/ });
    expect(screen.queryByRole('button', { name: 'Add directory' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rotate the token of Okta people' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Okta people' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Provisioning log of Okta people' })).toBeInTheDocument();
  });
});
