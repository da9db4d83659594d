import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { OAuthClient } from '../../sdk/admin/console';
import { renderScreen } from '../../testing/render';
import { OAuthClientsTab } from './oauth-clients-tab';

// Issue 16: the console's OAuth clients. The server's answers are stand-ins (its routes have their own
// tests): what is under test is what the tab sends and shows.
const api = vi.hoisted(() => ({
  oauthClients: vi.fn(),
  createOAuthClient: vi.fn(),
  updateOAuthClient: vi.fn(),
  deleteOAuthClient: vi.fn(),
}));
vi.mock('../../sdk/admin/console', () => ({ consoleApi: api }));

const builtIn: OAuthClient = {
  clientId: 'brizo-access',
  name: 'Brizo FoodMetrics',
  redirectUris: ['https://id.brizo.example/oauth/callback'],
  postLogoutRedirectUris: [],
  allowedOrigins: [],
  builtIn: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const reports: OAuthClient = {
  ...builtIn,
  clientId: '5d0c6a3e-0000-4000-8000-000000000001',
  name: 'Reports',
  redirectUris: ['https://reports.acme-foods.test/auth/callback'],
  allowedOrigins: ['https://reports.acme-foods.test'],
  builtIn: false,
};

describe("the console's OAuth clients", () => {
  beforeEach(() => {
    for (const call of Object.values(api)) call.mockReset();
    api.oauthClients.mockResolvedValue([builtIn, reports]);
    api.createOAuthClient.mockResolvedValue(reports);
    api.deleteOAuthClient.mockResolvedValue(undefined);
  });

  it('registers an app with one URI per line, and lists what the server answers', async () => {
    renderScreen(<OAuthClientsTab />, { route: '/console' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Register an app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register an app' });
    const paste = async (label: RegExp, text: string) => {
      await user.click(within(dialog).getByLabelText(label));
      await user.paste(text);
    };
    await paste(/^Name/, 'Dashboards');
    await paste(/^Redirect URIs/, 'https://dash.acme-foods.test/cb\n\n  http://localhost:4000/cb  ');
    await paste(/^Allowed origins/, 'https://dash.acme-foods.test');
    await user.click(within(dialog).getByRole('button', { name: 'Register app' }));
    await waitFor(() =>
      expect(api.createOAuthClient).toHaveBeenCalledWith({
        name: 'Dashboards',
        redirectUris: ['https://dash.acme-foods.test/cb', 'http://localhost:4000/cb'],
        postLogoutRedirectUris: [],
        allowedOrigins: ['https://dash.acme-foods.test'],
      }),
    );
    await waitFor(() => expect(api.oauthClients).toHaveBeenCalledTimes(2));
  });

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    api.createOAuthClient.mockRejectedValue(new Error('each redirect URI must be an absolute https URI'));
    renderScreen(<OAuthClientsTab />, { route: '/console' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Register an app' }));
    const dialog = await screen.findByRole('dialog', { name: 'Register an app' });
    await user.click(within(dialog).getByLabelText(/^Name/));
    await user.paste('Plain');
    await user.click(within(dialog).getByLabelText(/^Redirect URIs/));
    await user.paste('http://plain.acme-foods.test/cb');
    await user.click(within(dialog).getByRole('button', { name: 'Register app' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/absolute https URI/);
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Plain');
  });

  it("offers no deletion of the web app's own client, and deletes another after confirmation", async () => {
    renderScreen(<OAuthClientsTab />, { route: '/console' });
    const user = userEvent.setup();
    await screen.findByTestId('oauth-client-Reports');
    expect(screen.queryByRole('button', { name: 'Delete Brizo FoodMetrics' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Delete Reports' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete app' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.deleteOAuthClient).toHaveBeenCalledWith(reports.clientId));
  });
});
