import { Button, Card, Stack, Table, Title, VisuallyHidden } from '@mantine/core';
import { useEffect } from 'react';
import {
  ConfirmDialog,
  EmptyState,
  ErrorState,
  LoadingState,
  useConfirmation,
} from '../../../components/admin';
import { useOwnPasskeys, type PasskeyRow } from '../../../sdk/admin/privacy';
import { formatDateTime } from './privacy-rules';

const kindOf = (deviceType: string) =>
  deviceType === 'Platform' ? 'This device (built-in)' : 'Security key or phone';

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
      <Table aria-label="Passkeys" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Passkey</Table.Th>
            <Table.Th scope="col">Created</Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {passkeys.devices.map((device, index) => (
            <Table.Tr key={device.id}>
              <Table.Td>{kindOf(device.deviceType)}</Table.Td>
              <Table.Td>{formatDateTime(device.createdAt)}</Table.Td>
              <Table.Td ta="right">
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Delete passkey ${index + 1}`}
                  onClick={() => removal.ask(device)}
                >
                  Delete
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
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
