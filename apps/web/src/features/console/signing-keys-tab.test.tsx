import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SigningKey } from '../../sdk/admin/console';
import { renderScreen } from '../../testing/render';
import { SigningKeysTab } from './signing-keys-tab';

// Issue 16: the console's signing keys. The server's answers are stand-ins (its routes have their own
// tests): what is under test is what the tab shows and sends.
const api = vi.hoisted(() => ({ signingKeys: vi.fn(), rotateSigningKey: vi.fn() }));
vi.mock('../../sdk/admin/console', () => ({ consoleApi: api }));

describe("the console's signing keys", () => {
  const hour = 3_600_000;
  const key = (kid: string, activatesIn: number, retired: boolean): SigningKey => ({
    kid,
    alg: 'ES256',
    createdAt: new Date(Date.now() - 2 * hour).toISOString(),
    activatesAt: new Date(Date.now() + activatesIn).toISOString(),
    retiredAt: retired ? new Date(Date.now() - hour).toISOString() : null,
    expiresAt: retired ? new Date(Date.now() + hour).toISOString() : null,
    sealed: true,
  });

  beforeEach(() => {
    for (const call of Object.values(api)) call.mockReset();
    api.signingKeys.mockResolvedValue([key('old', -2 * hour, true), key('current', -hour, false)]);
    api.rotateSigningKey.mockResolvedValue(key('next', 10 * 60_000, false));
  });

  it('tells which key signs and which is retired, and rotates after confirmation', async () => {
    renderScreen(<SigningKeysTab />, { route: '/console' });
    const user = userEvent.setup();
    expect(within(await screen.findByTestId('signing-key-current')).getByText('Signing')).toBeVisible();
    expect(within(screen.getByTestId('signing-key-old')).getByText('Retired')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Rotate now' }));
    const confirm = await screen.findByRole('dialog', { name: 'Rotate the signing key' });
    await user.click(within(confirm).getByRole('button', { name: 'Rotate' }));
    await waitFor(() => expect(api.rotateSigningKey).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(api.signingKeys).toHaveBeenCalledTimes(2));
  });
});
