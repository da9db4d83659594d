import { useEffect } from 'react';
import { ConfirmDialog, ListCard, useConfirmation, type ColumnDef } from '../../../components/admin';
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

  return (
    <ListCard
      titleId="privacy-passkeys-title"
      title="Passkeys"
      state={{
        rows: passkeys.devices,
        loading: passkeys.loading && passkeys.devices.length === 0,
        loadingLabel: 'Loading passkeys...',
        error: passkeys.error,
        onRetry: load,
        empty: { title: 'No passkeys', description: 'Passkeys you create when signing in appear here.' },
      }}
      columns={passkeyColumns}
      getRowId={(device) => device.id}
      deleteLabel={(device) => `Delete passkey ${passkeys.devices.indexOf(device) + 1}`}
      onDelete={removal.ask}
    >
      <ConfirmDialog {...removal.dialog} title="Delete passkey" confirmLabel="Delete">
        This passkey will no longer sign you in.
      </ConfirmDialog>
    </ListCard>
  );
}
