import { Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorState,
  useCan,
  useConfirmation,
  type ColumnDef,
} from '../../../components/admin';
import type { SecurityCenterTableKind } from '../../../sdk/admin/security';
import { useSecurityCenter, useSecurityCenterTable, type SecurityCenterUser } from './use-security-center';

const day = (value: string | null) => (value ? new Date(value).toLocaleDateString() : 'Never');

const columns: ColumnDef<SecurityCenterUser>[] = [
  { id: 'name', header: 'Name', cell: ({ row }) => row.original.name || '—' },
  { id: 'email', header: 'Email', cell: ({ row }) => row.original.email },
  { id: 'lastLogin', header: 'Last login', cell: ({ row }) => day(row.original.lastLogin) },
  { id: 'createdAt', header: 'Created', cell: ({ row }) => day(row.original.createdAt) },
];

const tables: {
  kind: SecurityCenterTableKind;
  label: string;
  emptyTitle: string;
  emptyDescription: string;
}[] = [
  {
    kind: 'breachedPasswords',
    label: 'Breached passwords',
    emptyTitle: 'No breached passwords',
    emptyDescription: 'No user of this account signs in with a password found in a known breach.',
  },
  {
    kind: 'unenrolledMfa',
    label: 'Not enrolled in MFA',
    emptyTitle: 'Everyone is enrolled in MFA',
    emptyDescription: 'Every user of this account has set up multi-factor authentication.',
  },
  {
    kind: 'inactive',
    label: 'Inactive users',
    emptyTitle: 'No inactive users',
    emptyDescription: 'Every user of this account has signed in within the last 90 days.',
  },
];

function UsersTable({ kind, label, emptyTitle, emptyDescription }: (typeof tables)[number]) {
  const table = useSecurityCenterTable(kind);
  const { loadPage } = table;
  useEffect(() => loadPage(0), [loadPage]);

  if (table.error && table.users.length === 0)
    return <ErrorState message={table.error} onRetry={() => loadPage(table.pageOffset)} />;
  return (
    <Stack gap="xs">
      {kind === 'breachedPasswords' ? <BulkReset disabled={table.users.length === 0} /> : null}
      <DataTable
        label={label}
        columns={columns}
        data={table.users}
        getRowId={(user) => user.id}
        page={table.pageOffset + 1}
        pageCount={table.totalPages}
        onPageChange={(page) => loadPage(page - 1)}
        loading={table.loading}
        empty={<EmptyState title={emptyTitle} description={emptyDescription} />}
      />
    </Stack>
  );
}

/** The bulk reset of breached passwords: each such user gets an email to choose a new one. */
function BulkReset({ disabled }: { disabled: boolean }) {
  const { resetBreachedPasswords } = useSecurityCenter();
  const canWrite = useCan('fe.secure.write.securityPolicy');
  const [sent, setSent] = useState(false);
  // The question is about every user on the breached list, so there is one target.
  const reset = useConfirmation(async (_everyone: 'breached') => {
    await resetBreachedPasswords();
    setSent(true);
  });
  return (
    <Group>
      <Button
        color="red"
        variant="light"
        disabled={!canWrite || disabled}
        onClick={() => reset.ask('breached')}
      >
        Send password reset
      </Button>
      {sent ? (
        <Text size="sm" role="status">
          Password reset emails sent.
        </Text>
      ) : null}
      <ConfirmDialog {...reset.dialog} title="Reset breached passwords" confirmLabel="Send emails">
        Every user whose password is on the breached list gets an email to choose a new one.
      </ConfirmDialog>
    </Group>
  );
}

/** The security center's three user tables, one tab each. */
export function SecurityCenterTables() {
  const [active, setActive] = useState<string | null>('breachedPasswords');
  return (
    <Tabs value={active} onChange={setActive} keepMounted={false}>
      <Tabs.List aria-label="Security center users">
        {tables.map((table) => (
          <Tabs.Tab key={table.kind} value={table.kind}>
            {table.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {tables.map((table) => (
        <Tabs.Panel key={table.kind} value={table.kind} pt="sm">
          <UsersTable {...table} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
