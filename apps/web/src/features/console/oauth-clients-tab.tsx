import { Badge, Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useCallback, useState } from 'react';
import {
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorState,
  FormDialog,
  LoadingState,
  RowActions,
  useConfirmation,
  useSubmit,
  type ColumnDef,
} from '../../components/admin';
import { consoleApi, type OAuthClient, type OAuthClientFields } from '../../sdk/admin/console';
import { useLoaded } from '../../sdk/admin/use-loaded';

/** One URI or origin per line, without blanks. */
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

type ListKey = 'redirectUris' | 'postLogoutRedirectUris' | 'allowedOrigins';
type Lists = Record<ListKey, string>;

/** The client's URI lists, each edited as text with one entry per line. */
const LIST_FIELDS: Array<{
  key: ListKey;
  label: string;
  description: string;
  required?: boolean;
  rows: number;
}> = [
  {
    key: 'redirectUris',
    label: 'Redirect URIs',
    description: 'One per line, exactly as the app sends them (https; http only for localhost)',
    required: true,
    rows: 3,
  },
  {
    key: 'postLogoutRedirectUris',
    label: 'Sign-out redirect URIs',
    description: 'One per line: where the hosted sign-out may send people back',
    rows: 2,
  },
  {
    key: 'allowedOrigins',
    label: 'Allowed origins',
    description:
      'One per line, such as https://app.example.com: its pages may call the token and userinfo endpoints',
    rows: 2,
  },
];

/** Registers an app of the hosted login, or changes one: its exact redirect URIs and origins. */
function ClientDialog({
  client,
  onClose,
  onSaved,
}: {
  client: OAuthClient | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [name, setName] = useState(client?.name ?? '');
  const [lists, setLists] = useState(
    () => Object.fromEntries(LIST_FIELDS.map(({ key }) => [key, client?.[key].join('\n') ?? ''])) as Lists,
  );
  const submission = useSubmit(async (fields: OAuthClientFields) => {
    await (client
      ? consoleApi.updateOAuthClient(client.clientId, fields)
      : consoleApi.createOAuthClient(fields));
    onSaved();
  });
  const submit = () =>
    void submission.run({
      name: name.trim(),
      redirectUris: linesOf(lists.redirectUris),
      postLogoutRedirectUris: linesOf(lists.postLogoutRedirectUris),
      allowedOrigins: linesOf(lists.allowedOrigins),
    });
  return (
    <FormDialog
      title={client ? `Edit ${client.name}` : 'Register an app'}
      formLabel="OAuth client"
      closeLabel="Close"
      size="lg"
      submission={submission}
      submitLabel={client ? 'Save app' : 'Register app'}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label="Name"
        required
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
      />
      {LIST_FIELDS.map(({ key, ...field }) => (
        <Textarea
          key={key}
          {...field}
          value={lists[key]}
          onChange={(event) => {
            const text = event.currentTarget.value;
            setLists((current) => ({ ...current, [key]: text }));
          }}
        />
      ))}
    </FormDialog>
  );
}

const list = (values: string[]) =>
  values.length === 0 ? (
    <Text size="sm" c="dimmed">
      None
    </Text>
  ) : (
    <Stack gap={2}>
      {values.map((value) => (
        <Text key={value} size="sm" style={{ wordBreak: 'break-all' }}>
          {value}
        </Text>
      ))}
    </Stack>
  );

const columns: ColumnDef<OAuthClient>[] = [
  {
    id: 'name',
    header: 'App',
    cell: ({ row }) => (
      <Stack gap={2}>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={500}>
            {row.original.name}
          </Text>
          {row.original.builtIn ? (
            <Badge variant="light" color="gray">
              Built in
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed" ff="monospace" data-testid="oauth-client-id">
          {row.original.clientId}
        </Text>
      </Stack>
    ),
  },
  { id: 'redirectUris', header: 'Redirect URIs', cell: ({ row }) => list(row.original.redirectUris) },
  { id: 'allowedOrigins', header: 'Allowed origins', cell: ({ row }) => list(row.original.allowedOrigins) },
];

/** Issue 16: the apps signing in through the hosted login, each with its exact URIs. */
export function OAuthClientsTab() {
  const load = useCallback(() => consoleApi.oauthClients(), []);
  const clients = useLoaded(load);
  const [editing, setEditing] = useState<OAuthClient | 'new' | null>(null);
  const removal = useConfirmation(async (client: OAuthClient) => {
    await consoleApi.deleteOAuthClient(client.clientId);
    clients.reload();
  });

  const body = () => {
    if (clients.error && !clients.value)
      return <ErrorState message={clients.error} onRetry={clients.reload} />;
    if (!clients.value) return <LoadingState />;
    if (clients.value.length === 0) return <EmptyState title="No apps yet" />;
    return (
      <DataTable
        label="OAuth clients"
        columns={columns}
        data={clients.value}
        getRowId={(client) => client.clientId}
        rowTestId={(_id, client) => `oauth-client-${client.name}`}
        empty={null}
        rowActions={(client) => (
          <RowActions
            name={client.name}
            onEdit={() => setEditing(client)}
            // The web app's own client cannot be deleted (the server refuses it too).
            onDelete={client.builtIn ? undefined : () => removal.ask(client)}
          />
        )}
      />
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Apps that sign people in through the hosted login. A sign-in comes back only to a redirect URI
        registered here, character for character.
      </Text>
      <Group>
        <Button onClick={() => setEditing('new')}>Register an app</Button>
      </Group>
      {body()}
      {editing ? (
        <ClientDialog
          client={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            clients.reload();
          }}
        />
      ) : null}
      <ConfirmDialog title="Delete app" confirmLabel="Delete" {...removal.dialog}>
        {`Delete ${removal.target?.name ?? ''}? Its sign-ins stop at once.`}
      </ConfirmDialog>
    </Stack>
  );
}
