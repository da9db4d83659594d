import { Badge, Button, Code, Group, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type {
  ApiToken,
  ApiTokensView,
  AssignableRolesState,
  NewApiToken,
} from '../../../sdk/admin/api-tokens';
import { ConfirmDialog } from '../confirm-dialog';
import { DataTable, type ColumnDef } from '../data-table';
import { EmptyState, ErrorState, LoadingState, SectionPage } from '../section-page';
import { CreateTokenDialog } from './create-token-dialog';
import { EditTokenDialog } from './edit-token-dialog';
import { SecretDialog } from './secret-dialog';
import { useConfirmation } from '../use-confirmation';

const formatDate = (iso: string) => (iso ? new Date(iso).toLocaleDateString() : '');

/**
 * One API tokens section (personal or tenant): the list, generating a token (its secret shown
 * once), editing a token's description, deleting one after confirmation. Buttons the viewer may
 * not use are not shown.
 */
export function ApiTokensPage({
  title,
  description,
  view,
  canCreate,
  canDelete,
  canEdit = false,
  roles,
}: {
  title: string;
  description: string;
  view: ApiTokensView;
  canCreate: boolean;
  canDelete: boolean;
  /** Whether the viewer may change a token's description (the write permission, as for creating). */
  canEdit?: boolean;
  /** Tenant tokens: the assignable roles (for the dialog and the Roles column). */
  roles?: AssignableRolesState;
}) {
  const { load } = view;
  const [editing, setEditing] = useState<ApiToken | null>(null);
  const deletion = useConfirmation((token: ApiToken) => view.remove(token.clientId));
  const { target: deleting, ask: askDeletion } = deletion;

  useEffect(() => load(), [load]);

  const roleNames = useMemo(
    () => new Map(roles?.status === 'ready' ? roles.roles.map((role) => [role.id, role.name]) : []),
    [roles],
  );

  const columns = useMemo<ColumnDef<ApiToken>[]>(
    () => [
      { id: 'description', header: 'Description', cell: ({ row }) => row.original.description || '—' },
      { id: 'clientId', header: 'Client ID', cell: ({ row }) => <Code>{row.original.clientId}</Code> },
      ...(roles
        ? [
            {
              id: 'roles',
              header: 'Roles',
              cell: ({ row }) => (
                <Group gap={4}>
                  {row.original.roleIds.map((id) => (
                    <Badge key={id} variant="light">
                      {roleNames.get(id) ?? id}
                    </Badge>
                  ))}
                </Group>
              ),
            } satisfies ColumnDef<ApiToken>,
          ]
        : []),
      { id: 'createdAt', header: 'Created', cell: ({ row }) => formatDate(row.original.createdAt) },
      {
        id: 'expires',
        header: 'Expires',
        cell: ({ row }) => (row.original.expires ? formatDate(row.original.expires) : 'Never'),
      },
      ...(canDelete || canEdit
        ? [
            {
              id: 'actions',
              header: () => (
                <Text span fw={600} fz="sm">
                  Actions
                </Text>
              ),
              cell: ({ row }) => (
                <Group gap={4} wrap="nowrap">
                  {canEdit ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-label={`Edit token ${row.original.description || row.original.clientId}`}
                      onClick={() => setEditing(row.original)}
                    >
                      Edit
                    </Button>
                  ) : null}
                  {canDelete ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      aria-label={`Delete token ${row.original.description || row.original.clientId}`}
                      onClick={() => askDeletion(row.original)}
                    >
                      Delete
                    </Button>
                  ) : null}
                </Group>
              ),
            } satisfies ColumnDef<ApiToken>,
          ]
        : []),
    ],
    [askDeletion, canDelete, canEdit, roleNames, roles],
  );

  const create = async (token: NewApiToken) => {
    await view.create(token);
  };

  const generate = canCreate ? <Button onClick={view.openCreate}>Generate token</Button> : null;

  let content;
  if (view.loadError && view.tokens.length === 0)
    content = <ErrorState message={view.loadError} onRetry={load} />;
  else if (view.loading && view.tokens.length === 0) content = <LoadingState label="Loading API tokens..." />;
  else
    content = (
      <DataTable
        label={title}
        columns={columns}
        data={view.tokens}
        getRowId={(token) => token.clientId}
        empty={
          <EmptyState
            title="No API tokens yet"
            description={canCreate ? 'Generate a token to call the API from your own systems.' : undefined}
          />
        }
      />
    );

  return (
    <SectionPage title={title} description={description} actions={generate}>
      {content}
      <CreateTokenDialog
        opened={canCreate && view.createOpened}
        roles={roles}
        onCreate={create}
        onClose={view.closeCreate}
      />
      <SecretDialog created={view.createdSecret} onClose={view.dismissSecret} />
      <EditTokenDialog
        token={canEdit ? editing : null}
        onSave={view.rename}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        {...deletion.dialog}
        title="Delete API token"
        confirmLabel="Delete"
        loading={view.deleting}
      >
        {`Delete the token "${deleting?.description || deleting?.clientId || ''}"? Systems using it can no longer get access tokens.`}
      </ConfirmDialog>
    </SectionPage>
  );
}
