import { Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import {
  ConfirmDialog,
  DataTable,
  ErrorState,
  RowActions,
  useConfirmation,
  type ColumnDef,
} from '../../../components/admin';
import { useLoaded } from '../../../sdk/admin/use-loaded';
import {
  subAccountsApi,
  type AccountNode,
  type AccountRole,
  type AccountUser,
} from '../../../sdk/admin/sub-accounts';
import { AddUsersDialog, EditUserRolesDialog } from './account-dialogs';

const userColumns: ColumnDef<AccountUser>[] = [
  {
    id: 'name',
    header: 'User',
    cell: ({ row: { original: user } }) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {user.name || user.email}
        </Text>
        {user.name ? (
          <Text size="xs" c="dimmed">
            {user.email}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    id: 'roles',
    header: 'Roles',
    cell: ({ row }) => (
      <Group gap={4}>
        {row.original.roles.map((role) => (
          <Badge key={role.id} variant="light">
            {role.name}
          </Badge>
        ))}
      </Group>
    ),
  },
  {
    id: 'access',
    header: 'Sub-accounts',
    cell: ({ row }) => (row.original.subAccountAccessAllowed ? 'Allowed' : 'Not allowed'),
  },
];

/**
 * One account's users, 10 a page by name descending (SPEC section 9), with the add users, remove user
 * and edit user roles dialogs of SPEC section 2.
 */
export function AccountUsers({
  account,
  roles,
  canChange,
  onChanged,
  onClose,
}: {
  account: AccountNode;
  roles: AccountRole[];
  canChange: boolean;
  onChanged: () => void;
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const load = useCallback(() => subAccountsApi.users(account.tenantId, page - 1), [account.tenantId, page]);
  const users = useLoaded(load);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AccountUser | null>(null);
  const changed = () => {
    users.reload();
    onChanged();
  };
  const removal = useConfirmation(async (user: AccountUser) => {
    await subAccountsApi.removeUser(account.tenantId, user.id);
    changed();
  });
  const dialogOpen = adding || editing !== null || removal.target !== null;

  return (
    <>
      <Modal
        opened={!dialogOpen}
        onClose={onClose}
        title={`Users of ${account.name}`}
        size="xl"
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
      >
        <Stack gap="md">
          {canChange ? (
            <Group justify="flex-end">
              <Button onClick={() => setAdding(true)}>Add users</Button>
            </Group>
          ) : null}
          {users.error ? (
            <ErrorState message={users.error} onRetry={users.reload} />
          ) : (
            <DataTable
              label={`Users of ${account.name}`}
              columns={userColumns}
              data={users.value?.users ?? []}
              getRowId={(user) => user.id}
              loading={users.loading}
              page={page}
              pageCount={Math.max(1, users.value?.totalPages ?? 1)}
              onPageChange={setPage}
              minWidth={480}
              empty={<Text size="sm">No users in this account yet.</Text>}
              rowActions={
                canChange
                  ? (user) => (
                      <RowActions name={user.name || user.email}>
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setEditing(user)}
                          aria-label={`Edit roles of ${user.name || user.email}`}
                        >
                          Edit roles
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => removal.ask(user)}
                          aria-label={`Remove ${user.name || user.email}`}
                        >
                          Remove
                        </Button>
                      </RowActions>
                    )
                  : undefined
              }
            />
          )}
        </Stack>
      </Modal>
      {adding ? (
        <AddUsersDialog
          accountName={account.name}
          roles={roles}
          onClose={() => setAdding(false)}
          onSave={async (fields) => {
            await subAccountsApi.addUsers(account.tenantId, fields);
            changed();
          }}
        />
      ) : null}
      {editing ? (
        <EditUserRolesDialog
          accountName={account.name}
          user={editing}
          roles={roles}
          onClose={() => setEditing(null)}
          onSave={async (roleIds) => {
            await subAccountsApi.setUserRoles(account.tenantId, editing.id, roleIds);
            changed();
          }}
        />
      ) : null}
      <ConfirmDialog {...removal.dialog} title="Remove user" confirmLabel="Remove user">
        {removal.target
          ? `Remove ${removal.target.name || removal.target.email} from ${account.name}? They lose its roles and access.`
          : ''}
      </ConfirmDialog>
    </>
  );
}
