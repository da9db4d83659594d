import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AdminPortalProvider } from '../../../components/admin';
import type { AccountLevel } from '../../../sdk/admin/sub-accounts';
import { renderScreen } from '../../../testing/render';
import { AllAccountsSection } from './all-accounts-section';

// The adapter's calls answered from an in-memory hierarchy (the server's own rules are tested in
// apps/identity/test/routes/sub-accounts): what the section shows and sends.
const fake = vi.hoisted(() => {
  const node = (tenantId: string, name: string, isParent = false) => ({
    tenantId,
    name,
    createdAt: '2026-11-01T00:00:00.000Z',
    isReseller: false,
    subAccountAccessType: 'defaultOff' as const,
    isParent,
    numberOfUsers: 2,
  });
  const children = new Map<string, ReturnType<typeof node>[]>();
  const reset = () => {
    children.clear();
    children.set('', [
      node('a', 'Harbour', true),
      ...Array.from({ length: 55 }, (_, index) => node(`s${index}`, `Store ${index}`)),
    ]);
    children.set('a', [node('a1', 'Quay')]);
  };
  const created: Array<{ name: string; parent: string }> = [];
  return { node, children, reset, created };
});

vi.mock('../../../sdk/admin/sub-accounts', () => ({
  subAccountsApi: {
    level: async (
      parentId: string,
      options: { offset?: number; filter?: string } = {},
    ): Promise<AccountLevel> => {
      const all = options.filter
        ? [...fake.children.values()]
            .flat()
            .filter((item) => item.name.toLowerCase().includes(options.filter ?? ''))
        : (fake.children.get(parentId) ?? []);
      const offset = options.offset ?? 0;
      const accounts = all.slice(offset, offset + 50);
      return {
        accounts,
        totalItems: all.length,
        loadMoreLink: offset + 50 < all.length ? `/hierarchy/v2?_offset=${offset + 50}` : null,
      };
    },
    more: async (parentId: string): Promise<AccountLevel> => ({
      accounts: (fake.children.get(parentId) ?? []).slice(50),
      totalItems: 0,
      loadMoreLink: null,
    }),
    create: async (name: string, parent: string) => {
      fake.created.push({ name, parent });
      fake.children.set(parent, [...(fake.children.get(parent) ?? []), fake.node(`n${name}`, name)]);
    },
    roles: async () => [{ id: 'r1', key: 'ReadOnly', name: 'Read Only' }],
  },
}));

function renderSection(permissions: string[]) {
  fake.reset();
  renderScreen(
    <AdminPortalProvider configuration={{}} viewer={{ permissions, superUser: false }} preview={false}>
      <AllAccountsSection />
    </AdminPortalProvider>,
  );
  return userEvent.setup();
}

const WRITE = ['fe.account-hierarchy.read.subAccount', 'fe.account-hierarchy.write.subAccount'];

// user-event on a busy two-core machine can pass vitest's 5 s default.
describe('AllAccountsSection (issue 15)', { timeout: 30_000 }, () => {
  it('loads a level 50 at a time and the children of an account when it is expanded', async () => {
    const user = renderSection(WRITE);
    await screen.findByText('Harbour');
    expect(screen.queryByText('Store 50')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Store 54')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    const expand = screen.getByRole('button', { name: 'Sub-accounts of Harbour' });
    expect(expand).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Quay')).not.toBeInTheDocument();
    await user.click(expand);
    expect(await screen.findByText('Quay')).toBeInTheDocument();
    expect(expand).toHaveAttribute('aria-expanded', 'true');
  });

  it('creates a sub-account below an account, refusing an empty name', async () => {
    const user = renderSection(WRITE);
    await screen.findByText('Harbour');
    await user.click(screen.getByRole('button', { name: 'Actions for Harbour' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Create sub-account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a sub-account of Harbour' });
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Pier');
    await user.click(within(dialog).getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(fake.created).toContainEqual({ name: 'Pier', parent: 'a' }));
  });

  it('offers a reader no changes', async () => {
    const user = renderSection(['fe.account-hierarchy.read.subAccount']);
    await screen.findByText('Harbour');
    expect(screen.queryByRole('button', { name: 'Create sub-account' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Harbour' }));
    expect(await screen.findByRole('menuitem', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('searches every level by name', async () => {
    const user = renderSection(WRITE);
    await screen.findByText('Harbour');
    await user.type(screen.getByRole('textbox', { name: 'Search accounts' }), 'quay');
    expect(await screen.findByText('Quay')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Harbour')).not.toBeInTheDocument());
  });
});
