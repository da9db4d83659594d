import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { useEffect } from 'react';
import {
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorState,
  LoadingState,
  useConfirmation,
  type ColumnDef,
} from '../../../components/admin';
import { useOwnPasskeys, type PasskeyRow } from '../../../sdk/admin/privacy';
import { formatDateTime } from './privacy-rules';

const kindOf = (deviceType: string) =>
  deviceType === 'Platform' ? 'This device (built-in)' : 'Security key or phone';

const passkeyColumns: ColumnDef<PasskeyRow>[] = [
  { id: 'kind', header: 'Passkey', cell: ({ row }) => kindOf(row.original.deviceType) },
  { id: 'createdAt', header: 'Created', cell: ({ row }) => formatDateTime(row.original.createdAt) },
];

/** The user's passkeys: listed, and deleted after a confirmation. */
export function PasskeysCard() {
  const passkeys = useOwnPasskeys();
  const removal = useConfirmation((device: PasskeyRow) => passkeys.remove(device.id));
  const { load } = passkeys;
  useEffect(() => load(), [load]);

  let content;
  if (passkeys.loading && passkeys.devices.length === 0)
    content = <LoadingState label="Loading passkeys..." />;
  else if (passkeys.error && passkeys.devices.length === 0)
    content = <ErrorState message={passkeys.error} onRetry={load} />;
  else if (passkeys.devices.length === 0) {
    content = (
      <EmptyState title="No passkeys" description="Passkeys you create when signing in appear here." />
    );
  } else {
    content = (
      <DataTable
        label="Passkeys"
        columns={passkeyColumns}
        data={passkeys.devices}
        getRowId={(device) => device.id}
        minWidth={0}
        empty={null}
        rowActions={(device) => (
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="subtle"
              color="red"
              aria-label={`Delete passkey ${passkeys.devices.indexOf(device) + 1}`}
              onClick={() => removal.ask(device)}
            >
              Delete
            </Button>
          </Group>
        )}
      />
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="privacy-passkeys-title">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="privacy-passkeys-title">
          Passkeys
        </Title>
        {content}
      </Stack>
      <ConfirmDialog {...removal.dialog} title="Delete passkey" confirmLabel="Delete">
        This passkey will no longer sign you in.
      </ConfirmDialog>
    </Card>
  );
}
