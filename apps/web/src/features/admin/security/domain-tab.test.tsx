import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DomainRestriction } from './use-restrictions';
import { renderScreen } from '../../../testing/render';
import { DomainTab } from './domain-tab';

const config = { active: false, listType: 'ALLOW' as const, blockPublicDomains: false };
const restrictions: DomainRestriction[] = [{ id: 'd1', domain: 'partner.example', type: 'ALLOW' }];
const sdk = vi.hoisted(() => ({
  add: vi.fn(async (_entry: unknown) => undefined),
  remove: vi.fn(async (_id: string) => undefined),
  saveConfig: vi.fn(async (_next: unknown) => undefined),
  load: () => undefined,
  canWrite: true,
}));
vi.mock('./use-restrictions', () => ({
  useDomainRestrictions: () => ({
    config,
    restrictions,
    loading: false,
    saving: false,
    error: null,
    load: sdk.load,
    add: sdk.add,
    remove: sdk.remove,
    saveConfig: sdk.saveConfig,
  }),
}));
// Issue 14: the policy impact preview has its own tests (policy-impact.test.tsx); here, as in
// preview mode, there is none and each save goes straight through.
vi.mock('../../../sdk/admin/policy-preview', () => ({ usePolicyPreviewApi: () => null }));
vi.mock('../../../components/admin', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  useCan: () => sdk.canWrite,
  useFieldAppearance: () => (sdk.canWrite ? 'edit' : 'viewOnly'),
}));

describe('DomainTab', { timeout: 20_000 }, () => {
  beforeEach(() => {
    sdk.canWrite = true;
    vi.clearAllMocks();
  });

  it('adds a domain to the list being edited and saves the settings with blockPublicDomains', async () => {
    renderScreen(<DomainTab />);
    const user = userEvent.setup();
    await user.click(screen.getByText('Block list', { exact: true }));
    await user.type(screen.getByRole('textbox', { name: 'Email domain' }), ' blocked.example ');
    await user.click(screen.getByRole('button', { name: 'Add domain' }));
    await waitFor(() => expect(sdk.add).toHaveBeenCalledWith({ domain: 'blocked.example', type: 'BLOCK' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email domain' })).toHaveValue(''));

    await user.click(screen.getByRole('switch', { name: /^Block public email domains/ }));
    await user.click(screen.getByRole('button', { name: 'Save domain settings' }));
    await waitFor(() =>
      expect(sdk.saveConfig).toHaveBeenCalledWith({
        active: false,
        listType: 'BLOCK',
        blockPublicDomains: true,
      }),
    );
    expect(await screen.findByText('Changes saved')).toBeVisible();
  });

  it('deletes a domain after confirming, and keeps the refusal in the dialog', async () => {
    sdk.remove.mockRejectedValueOnce(new Error('Domain restriction not found'));
    renderScreen(<DomainTab />);
    const user = userEvent.setup();
    expect(screen.getByRole('table', { name: 'Allowed domains' })).toHaveTextContent('partner.example');
    await user.click(screen.getByRole('button', { name: 'Delete partner.example' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete domain restriction' });
    expect(dialog).toHaveTextContent('Delete partner.example from the list?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Domain restriction not found')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sdk.remove).toHaveBeenLastCalledWith('d1');
  });

  it('lets a viewer see the list but neither add, delete nor save', () => {
    sdk.canWrite = false;
    renderScreen(<DomainTab />);
    expect(screen.queryByRole('button', { name: 'Add domain' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete partner.example' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save domain settings' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: /^Restrict email domains/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
