import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { VendorFlag } from '../../sdk/admin/console';
import { renderScreen } from '../../testing/render';
import { FlagsTab } from './flags-tab';

// Issue 15: the console's feature flags: switched on or off in the list, their treatments and rules edited
// in a dialog whose rule values follow the operation. The server's answers are stand-ins (its routes have
// their own tests): what is under test is what the tab sends.
const api = vi.hoisted(() => ({ flags: vi.fn(), updateFlag: vi.fn() }));
vi.mock('../../sdk/admin/console', () => ({ consoleApi: api }));

const flag: VendorFlag = {
  key: 'multi-apps-admin-portal',
  description: 'Applications in the admin portal',
  on: true,
  offTreatment: 'false',
  defaultTreatment: 'false',
  rules: [],
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe("the console's feature flags", () => {
  beforeEach(() => {
    api.flags.mockReset().mockResolvedValue([flag]);
    api.updateFlag.mockReset().mockResolvedValue(flag);
  });

  it('switches a flag off for everyone', async () => {
    renderScreen(<FlagsTab />, { route: '/console' });
    const toggle = await screen.findByRole('switch', { name: 'multi-apps-admin-portal on' });
    await userEvent.setup().click(toggle);
    await waitFor(() =>
      expect(api.updateFlag).toHaveBeenCalledWith('multi-apps-admin-portal', { on: false }),
    );
  });

  it("saves a rule whose values are the operation's list, and refuses a condition without an attribute", async () => {
    renderScreen(<FlagsTab />, { route: '/console' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit multi-apps-admin-portal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Feature flag multi-apps-admin-portal' });
    await user.click(within(dialog).getByRole('button', { name: 'Add rule' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save flag' }));
    expect(api.updateFlag).not.toHaveBeenCalled();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(/attribute/i);

    await user.type(within(dialog).getByLabelText('Attribute'), 'jwt.email');
    await user.type(
      within(dialog).getByLabelText('Values, separated by commas'),
      'ann@acme.test, bob@acme.test',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save flag' }));
    await waitFor(() =>
      expect(api.updateFlag).toHaveBeenCalledWith('multi-apps-admin-portal', {
        offTreatment: 'false',
        defaultTreatment: 'false',
        rules: [
          expect.objectContaining({
            treatment: 'true',
            conditions: [
              {
                attribute: 'jwt.email',
                op: 'in_list',
                value: { list: ['ann@acme.test', 'bob@acme.test'] },
                negate: false,
              },
            ],
          }),
        ],
      }),
    );
  });
});
