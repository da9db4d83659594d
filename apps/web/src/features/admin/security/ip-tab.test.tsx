import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpRestriction } from './use-restrictions';
import { renderScreen } from '../../../testing/render';
import { IpTab } from './ip-tab';

const config = { isActive: true, strategy: 'BLOCK' as const };
const restrictions: IpRestriction[] = [
  { id: 'i1', ip: '203.0.113.0/24', strategy: 'BLOCK', isActive: true, description: 'Test network' },
];
const sdk = vi.hoisted(() => ({
  add: vi.fn(async (_entry: unknown) => undefined),
  remove: vi.fn(async (_id: string) => undefined),
  saveConfig: vi.fn(async (_next: unknown) => undefined),
  testCurrentIp: vi.fn(async () => true),
  showMore: vi.fn(),
  shown: [] as string[],
  load: () => undefined,
}));
const currentIp = { ip: '198.51.100.23', countryCode: 'NL' };
vi.mock('./use-restrictions', () => ({
  useCurrentIp: () => currentIp,
  useIpRestrictions: (shown: string) => {
    sdk.shown.push(shown);
    return {
      config,
      restrictions,
      hasMore: true,
      showMore: sdk.showMore,
      loading: false,
      saving: false,
      error: null,
      load: sdk.load,
      testCurrentIp: sdk.testCurrentIp,
      add: sdk.add,
      remove: sdk.remove,
      saveConfig: sdk.saveConfig,
    };
  },
}));
// Issue 14: the policy impact preview has its own tests (policy-impact.test.tsx); here, as in
// preview mode, there is none and each save goes straight through.
vi.mock('../../../sdk/admin/policy-preview', () => ({ usePolicyPreviewApi: () => null }));
vi.mock('../../../components/admin', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useCan: () => true,
  useFieldAppearance: () => 'edit',
}));

describe('IpTab', { timeout: 20_000 }, () => {
  beforeEach(() => {
    vi.clearAllMocks();
    sdk.shown.length = 0;
  });

  it('shows the saved list, pages it, and asks which list an address leaves', async () => {
    renderScreen(<IpTab />);
    const user = userEvent.setup();
    // The list shown follows the saved strategy.
    await waitFor(() => expect(sdk.shown.at(-1)).toBe('BLOCK'));
    const table = screen.getByRole('table', { name: 'Block list' });
    expect(table).toHaveTextContent('Test network');
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(sdk.showMore).toHaveBeenCalledOnce();

    await user.click(screen.getByRole('button', { name: 'Delete 203.0.113.0/24' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete IP restriction' });
    expect(dialog).toHaveTextContent('Delete 203.0.113.0/24 from the block list?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(sdk.remove).toHaveBeenCalledWith('i1'));
  });

  it('adds an address to the list chosen, which becomes the list shown', async () => {
    renderScreen(<IpTab />);
    const user = userEvent.setup();
    await user.click(screen.getByText('Allow list', { exact: true }));
    await waitFor(() => expect(sdk.shown.at(-1)).toBe('ALLOW'));
    expect(screen.getByText('No addresses on this list')).toBeVisible();
    await user.type(screen.getByLabelText(/^IP address or CIDR range/), '198.51.100.7');
    await user.type(screen.getByLabelText('Description'), 'Office');
    await user.click(screen.getByRole('button', { name: 'Add to allow list' }));
    await waitFor(() =>
      expect(sdk.add).toHaveBeenCalledWith({
        ip: '198.51.100.7',
        description: 'Office',
        strategy: 'ALLOW',
        isActive: true,
      }),
    );
  });

  it("puts a failed IP test in the tab's status line", async () => {
    sdk.testCurrentIp.mockRejectedValueOnce(new Error('Network unreachable'));
    renderScreen(<IpTab />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Test my IP' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network unreachable');
  });

  it("walk-through: shows the administrator's current address, and names it in the test result", async () => {
    renderScreen(<IpTab />);
    expect(screen.getByTestId('current-ip')).toHaveTextContent('Your current IP address: 198.51.100.23 (NL)');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Test my IP' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your current IP address 198.51.100.23 is allowed.',
    );
  });
});
