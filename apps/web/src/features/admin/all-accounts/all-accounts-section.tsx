import { ActionIcon, Badge, Box, Button, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  ConfirmDialog,
  EmptyState,
  ErrorState,
  LoadingState,
  SectionPage,
  useCan,
  useConfirmation,
} from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import { useLoaded } from '../../../sdk/admin/use-loaded';
import { subAccountsApi, type AccountLevel, type AccountNode } from '../../../sdk/admin/sub-accounts';
import { AccountNameDialog, HierarchySettingsDialog } from './account-dialogs';
import { AccountUsers } from './account-users';
import { ROOT, useAccountsTree, type AccountsTree } from './use-accounts-tree';

type Action = 'users' | 'create' | 'update' | 'management' | 'settings' | 'delete';

/** What is open: one of SPEC section 2's sub-account dialogs, about one account. */
type Open = { action: Exclude<Action, 'delete' | 'management'>; account: AccountNode | null } | null;

interface Offers {
  write: boolean;
  remove: boolean;
}

const loadRoles = () => subAccountsApi.roles();

/**
 * All accounts (issue 15; SPEC sections 2, 3 and 9): the viewer's sub-accounts as a tree whose levels
 * load when expanded, 50 at a time; a search over every level; each account's dialogs and its users.
 */
export function AllAccountsSection() {
  const tree = useAccountsTree();
  const offers: Offers = {
    write: useCan('fe.account-hierarchy.write.subAccount'),
    remove: useCan('fe.account-hierarchy.delete.subAccount'),
  };
  const roles = useLoaded(loadRoles);
  const [open, setOpen] = useState<Open>(null);
  const [query, setQuery] = useState('');
  const { search, refresh } = tree;
  useEffect(() => {
    const timer = setTimeout(() => search(query), 300);
    return () => clearTimeout(timer);
  }, [query, search]);

  const deletion = useConfirmation(async (account: AccountNode) => {
    await subAccountsApi.remove(account.tenantId);
    await refresh();
  });
  const management = useConfirmation(async (account: AccountNode) => {
    await subAccountsApi.setManagement(account.tenantId, !account.isReseller);
    await refresh();
  });
  const onAction = (action: Action, account: AccountNode) => {
    if (action === 'delete') deletion.ask(account);
    else if (action === 'management') management.ask(account);
    else setOpen({ action, account });
  };
  const close = () => setOpen(null);
  const root = tree.levels.get(ROOT);

  const body = () => {
    if (query.trim()) {
      if (!tree.found) return <LoadingState />;
      return tree.found.accounts.length === 0 ? (
        <Text size="sm">No account matches this search.</Text>
      ) : (
        <AccountList
          level={tree.found}
          parentId="search"
          tree={tree}
          offers={offers}
          onAction={onAction}
          flat
        />
      );
    }
    if (!root) {
      return tree.error ? (
        <ErrorState message={tree.error} onRetry={() => void refresh()} />
      ) : (
        <LoadingState />
      );
    }
    if (root.accounts.length === 0) {
      return (
        <EmptyState
          title="No sub-accounts yet"
          description="Sub-accounts are accounts your account manages."
          action={
            offers.write ? (
              <Button onClick={() => setOpen({ action: 'create', account: null })}>Create sub-account</Button>
            ) : undefined
          }
        />
      );
    }
    return <AccountList level={root} parentId={ROOT} tree={tree} offers={offers} onAction={onAction} />;
  };

  const managed = management.target;
  return (
    <SectionPage
      title="All accounts"
      description="The accounts below yours: their sub-accounts, settings and users."
      actions={
        offers.write ? (
          <Button onClick={() => setOpen({ action: 'create', account: null })}>Create sub-account</Button>
        ) : null
      }
    >
      <TextInput
        label="Search accounts"
        placeholder="Account name"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
      />
      {root && tree.error ? <FormAlert message={tree.error} /> : null}
      {body()}
      {open?.action === 'create' || open?.action === 'update' ? (
        <AccountNameDialog
          mode={open.action}
          initialName={open.action === 'update' ? (open.account?.name ?? '') : ''}
          parentName={open.account?.name ?? 'your account'}
          onClose={close}
          onSave={async (name) => {
            if (open.action === 'create') await subAccountsApi.create(name, open.account?.tenantId ?? ROOT);
            else if (open.account) await subAccountsApi.rename(open.account.tenantId, name);
            await refresh();
          }}
        />
      ) : null}
      {open?.action === 'settings' && open.account ? (
        <HierarchySettingsDialog
          accountName={open.account.name}
          initial={open.account.subAccountAccessType}
          onClose={close}
          onSave={async (accessType) => {
            if (open.account) await subAccountsApi.setAccessType(open.account.tenantId, accessType);
            await refresh();
          }}
        />
      ) : null}
      {open?.action === 'users' && open.account ? (
        <AccountUsers
          account={open.account}
          roles={roles.value ?? []}
          canChange={offers.write}
          onChanged={() => void refresh()}
          onClose={close}
        />
      ) : null}
      <ConfirmDialog {...deletion.dialog} title="Delete account" confirmLabel="Delete account">
        {deletion.target
          ? `Delete the account ${deletion.target.name}? Its users lose access to it. An account with sub-accounts cannot be deleted.`
          : ''}
      </ConfirmDialog>
      <ConfirmDialog
        {...management.dialog}
        danger={false}
        title={managed?.isReseller ? 'Disable management' : 'Enable management'}
        confirmLabel={managed?.isReseller ? 'Disable management' : 'Enable management'}
      >
        {managed
          ? managed.isReseller
            ? `${managed.name} will no longer manage sub-accounts of its own.`
            : `${managed.name} will manage sub-accounts of its own (a reseller).`
          : ''}
      </ConfirmDialog>
    </SectionPage>
  );
}

/** One level of the tree: its accounts, each with its children below it when expanded, then "Load more". */
function AccountList({
  level,
  parentId,
  tree,
  offers,
  onAction,
  flat = false,
}: {
  level: AccountLevel;
  parentId: string;
  tree: AccountsTree;
  offers: Offers;
  onAction: (action: Action, account: AccountNode) => void;
  flat?: boolean;
}) {
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {level.accounts.map((account) => {
        const expanded = !flat && tree.expanded.has(account.tenantId);
        const children = tree.levels.get(account.tenantId);
        const childrenId = `children-${account.tenantId}`;
        return (
          <Box component="li" key={account.tenantId} data-testid={`account-${account.name}`}>
            <AccountRow
              account={account}
              expanded={expanded}
              childrenId={childrenId}
              offers={offers}
              onToggle={flat ? undefined : () => tree.toggle(account.tenantId)}
              onAction={onAction}
            />
            {expanded ? (
              <Box id={childrenId} pl="lg" style={{ borderLeft: '1px solid var(--mantine-color-gray-3)' }}>
                {children ? (
                  children.accounts.length === 0 ? (
                    <Text size="sm" c="dimmed" py="xs">
                      No sub-accounts.
                    </Text>
                  ) : (
                    <AccountList
                      level={children}
                      parentId={account.tenantId}
                      tree={tree}
                      offers={offers}
                      onAction={onAction}
                    />
                  )
                ) : (
                  <LoadingState label={`Loading the sub-accounts of ${account.name}...`} />
                )}
              </Box>
            ) : null}
          </Box>
        );
      })}
      {level.loadMoreLink && !flat ? (
        <Box component="li" py="xs">
          <Button
            variant="subtle"
            size="xs"
            loading={tree.loading.has(parentId)}
            onClick={() => tree.loadMore(parentId)}
          >
            Load more
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}

function AccountRow({
  account,
  expanded,
  childrenId,
  offers,
  onToggle,
  onAction,
}: {
  account: AccountNode;
  expanded: boolean;
  childrenId: string;
  offers: Offers;
  onToggle: (() => void) | undefined;
  onAction: (action: Action, account: AccountNode) => void;
}) {
  const items: Array<[Action, string, boolean]> = [
    ['users', 'Users', true],
    ['create', 'Create sub-account', offers.write],
    ['update', 'Edit', offers.write],
    ['management', account.isReseller ? 'Disable management' : 'Enable management', offers.write],
    ['settings', 'Hierarchy settings', offers.write],
    ['delete', 'Delete', offers.remove],
  ];
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      py={6}
      gap="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        {onToggle && account.isParent ? (
          <ActionIcon
            variant="subtle"
            aria-expanded={expanded}
            aria-controls={expanded ? childrenId : undefined}
            aria-label={`Sub-accounts of ${account.name}`}
            onClick={onToggle}
          >
            {expanded ? '▾' : '▸'}
          </ActionIcon>
        ) : (
          <Box w={28} aria-hidden />
        )}
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} truncate>
            {account.name}
          </Text>
          <Text size="xs" c="dimmed">
            {account.numberOfUsers === 1 ? '1 user' : `${account.numberOfUsers} users`}
          </Text>
        </Stack>
        {account.isReseller ? (
          <Badge variant="light" size="sm">
            Manages sub-accounts
          </Badge>
        ) : null}
      </Group>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={`Actions for ${account.name}`}>
            ⋯
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {items
            .filter(([, , allowed]) => allowed)
            .map(([action, text]) => (
              <Menu.Item
                key={action}
                color={action === 'delete' ? 'red' : undefined}
                onClick={() => onAction(action, account)}
              >
                {text}
              </Menu.Item>
            ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
