import { Button, Checkbox, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import {
  ConfirmDialog,
  CopyField,
  DataTable,
  EmptyState,
  ErrorState,
  LoadingState,
  RowActions,
  SectionPage,
  useCan,
  useConfirmation,
  type ColumnDef,
} from '../../../components/admin';
import {
  directorySources,
  useProvisioning,
  type Directory,
  type ShownToken,
} from '../../../sdk/admin/provisioning';
import { AddDirectoryDialog } from './add-directory-dialog';
import { DirectoryLogDialog } from './directory-log-dialog';
import { TokenDialog } from './token-dialog';

const sourceLabel = (source: string) =>
  directorySources.find((item) => item.value === source)?.label ?? 'Other';

const columns: ColumnDef<Directory>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <Text size="sm" fw={500}>
        {row.original.connectionName}
      </Text>
    ),
  },
  { id: 'source', header: 'Source', cell: ({ row }) => sourceLabel(row.original.source) },
  {
    id: 'users',
    header: 'Users provisioned',
    cell: ({ row }) => (row.original.userCount === null ? 'Unknown' : row.original.userCount),
  },
  {
    id: 'lastSync',
    header: 'Last sync',
    cell: ({ row }) => (row.original.lastSync ? new Date(row.original.lastSync).toLocaleString() : 'Never'),
  },
];

/**
 * Provisioning (SPEC section 2 "provisioning"; issue 13): the directories (Okta, Microsoft Entra ID,
 * ...) that create, update and deactivate the account's users over SCIM 2.0, each with its bearer
 * token (shown once), its SCIM base URL and its last provisioning calls.
 */
export function ProvisioningSection() {
  const view = useProvisioning();
  const canWrite = useCan('fe.secure.write.provisioningConfiguration');
  const canDelete = useCan('fe.secure.delete.provisioningConfiguration');
  const [adding, setAdding] = useState(false);
  const [shown, setShown] = useState<ShownToken | null>(null);
  const [logOf, setLogOf] = useState<Directory | null>(null);
  const [deleteAll, setDeleteAll] = useState(false);
  const removal = useConfirmation(async (directory: Directory) => {
    await view.api.remove(directory.id, deleteAll);
    view.load();
  });
  const rotation = useConfirmation(async (directory: Directory) => {
    setShown(await view.api.rotateToken(directory));
  });

  const add = async ({ name, source }: { name: string; source: Directory['source'] }) => {
    const created = await view.api.create(name, source);
    setAdding(false);
    setShown(created);
    view.load();
  };

  const body = () => {
    if (!view.loaded) return <LoadingState />;
    if (view.error && view.directories.length === 0)
      return <ErrorState message={view.error} onRetry={view.load} />;
    if (view.directories.length === 0) {
      return (
        <EmptyState
          title="No directories yet"
          description="Connect Okta, Microsoft Entra ID or another SCIM directory: it then creates, updates and deactivates your users for you."
          action={canWrite ? <Button onClick={() => setAdding(true)}>Add directory</Button> : undefined}
        />
      );
    }
    return (
      <Stack gap="md">
        <DataTable
          label="Directories"
          columns={columns}
          data={view.directories}
          getRowId={(directory) => directory.id}
          empty={null}
          rowActions={(directory) => (
            <RowActions
              name={directory.connectionName}
              onDelete={
                canDelete
                  ? () => {
                      setDeleteAll(false);
                      removal.ask(directory);
                    }
                  : undefined
              }
            >
              <Button
                size="xs"
                variant="default"
                onClick={() => setLogOf(directory)}
                aria-label={`Provisioning log of ${directory.connectionName}`}
              >
                Log
              </Button>
              {canWrite ? (
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => rotation.ask(directory)}
                  aria-label={`Rotate the token of ${directory.connectionName}`}
                >
                  Rotate token
                </Button>
              ) : null}
            </RowActions>
          )}
        />
        <Stack gap="xs">
          {view.directories.map((directory) => (
            <CopyField
              key={directory.id}
              label={`SCIM base URL of ${directory.connectionName}`}
              value={directory.scimBaseUrl}
            />
          ))}
        </Stack>
      </Stack>
    );
  };

  return (
    <SectionPage
      title="Provisioning"
      description="Directories that keep your users and groups in sync over SCIM."
      actions={
        canWrite && view.directories.length > 0 ? (
          <Button onClick={() => setAdding(true)}>Add directory</Button>
        ) : null
      }
    >
      {body()}
      {adding ? <AddDirectoryDialog onSave={add} onClose={() => setAdding(false)} /> : null}
      <TokenDialog shown={shown} onClose={() => setShown(null)} />
      {logOf ? (
        <DirectoryLogDialog directory={logOf} directoryApi={view.api} onClose={() => setLogOf(null)} />
      ) : null}
      <ConfirmDialog {...removal.dialog} title="Delete directory" confirmLabel="Delete directory">
        <Stack gap="sm">
          <Text size="sm">
            {`Delete ${removal.target?.connectionName ?? ''}? It can no longer provision users, and its token stops working.`}
          </Text>
          <Checkbox
            label="Also remove the users this directory provisioned"
            description="Without this, they stay in the account and keep signing in."
            checked={deleteAll}
            onChange={(event) => setDeleteAll(event.currentTarget.checked)}
          />
        </Stack>
      </ConfirmDialog>
      <ConfirmDialog {...rotation.dialog} title="Rotate token" confirmLabel="Rotate token">
        {`Make a new token for ${rotation.target?.connectionName ?? ''}? The current token stops working at once: provisioning pauses until you paste the new one into the directory.`}
      </ConfirmDialog>
    </SectionPage>
  );
}
