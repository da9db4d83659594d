import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { useCallback } from 'react';
import {
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorState,
  LoadingState,
  useConfirmation,
  type ColumnDef,
} from '../../components/admin';
import { consoleApi, type SigningKey } from '../../sdk/admin/console';
import { useLoaded } from '../../sdk/admin/use-loaded';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/**
 * Where a key stands, read from its dates at the moment the list was loaded: signing, published and
 * about to sign, or retired (still published until the tokens it signed have expired).
 */
function stateOf(key: SigningKey, now: number): { label: string; color: string } {
  if (key.retiredAt && Date.parse(key.retiredAt) <= now) return { label: 'Retired', color: 'gray' };
  if (Date.parse(key.activatesAt) > now) return { label: 'Signs soon', color: 'blue' };
  return { label: 'Signing', color: 'green' };
}

/** Issue 16: the keys signing the access tokens; rotating publishes a new one before it signs. */
export function SigningKeysTab() {
  const load = useCallback(async () => ({ keys: await consoleApi.signingKeys(), at: Date.now() }), []);
  const keys = useLoaded(load);
  const rotation = useConfirmation(async (_rotate: true) => {
    await consoleApi.rotateSigningKey();
    keys.reload();
  });
  const at = keys.value?.at ?? 0;
  const columns: ColumnDef<SigningKey>[] = [
    {
      id: 'kid',
      header: 'Key',
      cell: ({ row }) => (
        <Text size="sm" ff="monospace" miw={200} style={{ wordBreak: 'break-all' }}>
          {row.original.kid}
        </Text>
      ),
    },
    { id: 'alg', header: 'Algorithm', cell: ({ row }) => row.original.alg },
    {
      id: 'state',
      header: 'State',
      cell: ({ row }) => {
        const state = stateOf(row.original, at);
        // Its whole label at any width: the table scrolls sideways instead.
        return (
          <Badge variant="light" color={state.color} miw="max-content">
            {state.label}
          </Badge>
        );
      },
    },
    { id: 'activatesAt', header: 'Signs from', cell: ({ row }) => when(row.original.activatesAt) },
    { id: 'expiresAt', header: 'Leaves the JWKS', cell: ({ row }) => when(row.original.expiresAt) },
    {
      id: 'sealed',
      header: 'Private key',
      cell: ({ row }) => (row.original.sealed ? 'Encrypted at rest' : 'Not encrypted (no SECRETS_KEY)'),
    },
  ];

  const body = () => {
    if (keys.error && !keys.value) return <ErrorState message={keys.error} onRetry={keys.reload} />;
    if (!keys.value) return <LoadingState />;
    if (keys.value.keys.length === 0) return <EmptyState title="No signing key yet" />;
    return (
      <DataTable
        label="Signing keys"
        columns={columns}
        data={keys.value.keys}
        getRowId={(key) => key.kid}
        rowTestId={(id) => `signing-key-${id}`}
        empty={null}
      />
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        The keys that sign access tokens. A new key is published in the JWKS before it starts signing, and an
        old one stays published until the last token it signed has expired, so no token is refused by a
        rotation.
      </Text>
      <Group>
        <Button onClick={() => rotation.ask(true)}>Rotate now</Button>
      </Group>
      {body()}
      <ConfirmDialog title="Rotate the signing key" confirmLabel="Rotate" {...rotation.dialog}>
        A new key is made and published now; it starts signing in a few minutes. Tokens already issued stay
        valid.
      </ConfirmDialog>
    </Stack>
  );
}
