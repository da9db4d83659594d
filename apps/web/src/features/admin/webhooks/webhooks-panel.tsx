import { Badge, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import {
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorState,
  LoadingState,
  RowActions,
  useCan,
  useConfirmation,
  type ColumnDef,
} from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../sdk/admin/api-error';
import {
  useConnectivityData,
  type ConnectivityApi,
  type EventCategory,
  type Webhook,
  type WebhookSave,
} from '../../../sdk/admin/connectivity';
import { DeliveryLog } from './delivery-log';
import { lastDeliveryState, stateColor } from './webhook-form';
import { SecretDialog, type ShownSecret } from './secret-dialog';
import { WebhookEditor } from './webhook-editor';

const readWebhooks = (connectivity: ConnectivityApi) => connectivity.webhooks();

/** What saving a webhook sends when only its active switch changes (its secret stays). */
const switched = (webhook: Webhook, isActive: boolean): WebhookSave => ({
  displayName: webhook.displayName,
  description: webhook.description,
  url: webhook.url,
  eventKeys: webhook.eventKeys,
  isActive,
});

/**
 * The tenant's webhooks: name, URL, events, active, the last delivery's state; add, edit, delete, and
 * each one's delivery log. A viewer without the write permission sees all of it and changes nothing.
 */
export function WebhooksPanel({
  categories,
  onChanged,
}: {
  categories: EventCategory[];
  /** After a change the channels overview counts. */
  onChanged: () => void;
}) {
  const view = useConnectivityData(readWebhooks, []);
  const canWrite = useCan('fe.connectivity.write.webhook');
  const canDelete = useCan('fe.connectivity.delete.webhook');
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [logOf, setLogOf] = useState<string | null>(null);
  const [switchError, setSwitchError] = useState<string | null>(null);
  const [switching, setSwitching] = useState<string | null>(null);
  const [shownSecret, setShownSecret] = useState<ShownSecret | null>(null);

  const removal = useConfirmation(async (webhook: Webhook) => {
    await view.api.removeWebhook(webhook._id);
    if (logOf === webhook._id) setLogOf(null);
    await view.reload();
    onChanged();
  });

  const save = async (fields: WebhookSave) => {
    const id = editing === 'new' || editing === null ? undefined : editing._id;
    const saved = await view.api.saveWebhook(fields, id);
    setEditing(null);
    if (saved.generatedSecret) setShownSecret({ name: saved.displayName, secret: saved.generatedSecret });
    await view.reload();
    onChanged();
  };

  const { api: connectivity, reload } = view;
  const onLogActivity = useCallback(() => void reload(), [reload]);
  const columns = useMemo<ColumnDef<Webhook>[]>(() => {
    const setActive = async (webhook: Webhook, isActive: boolean) => {
      setSwitchError(null);
      setSwitching(webhook._id);
      try {
        await connectivity.saveWebhook(switched(webhook, isActive), webhook._id);
        await reload();
        onChanged();
      } catch (failure) {
        setSwitchError(errorMessage(failure));
      } finally {
        setSwitching(null);
      }
    };
    return [
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {row.original.displayName}
            </Text>
            {row.original.description ? (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {row.original.description}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        id: 'url',
        header: 'URL',
        cell: ({ row }) => (
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {row.original.url}
          </Text>
        ),
      },
      { id: 'events', header: 'Events', cell: ({ row }) => row.original.eventKeys.length },
      {
        id: 'active',
        header: 'Active',
        cell: ({ row }) =>
          canWrite ? (
            <Switch
              aria-label={`${row.original.displayName} is active`}
              checked={row.original.isActive}
              disabled={switching === row.original._id}
              onChange={(event) => void setActive(row.original, event.currentTarget.checked)}
            />
          ) : (
            <Badge variant="light" color={row.original.isActive ? 'teal' : 'gray'}>
              {row.original.isActive ? 'Active' : 'Inactive'}
            </Badge>
          ),
      },
      {
        id: 'lastDelivery',
        header: 'Last delivery',
        cell: ({ row }) => {
          const state = lastDeliveryState(row.original);
          return (
            <Badge variant="light" color={stateColor[state]}>
              {state}
            </Badge>
          );
        },
      },
    ];
  }, [canWrite, switching, connectivity, reload, onChanged]);

  const body = () => {
    if (!view.loaded) return <LoadingState label="Loading webhooks..." />;
    if (view.error && view.data.length === 0)
      return <ErrorState message={view.error} onRetry={() => void view.reload()} />;
    if (view.data.length === 0)
      return (
        <EmptyState
          title="No webhooks yet"
          description="A webhook posts the events you choose (a user signed up, a role changed...) to your own URL, signed so you can trust them."
          action={canWrite ? <Button onClick={() => setEditing('new')}>Add webhook</Button> : undefined}
        />
      );
    return (
      <DataTable
        label="Webhooks"
        columns={columns}
        data={view.data}
        getRowId={(webhook) => webhook._id}
        minWidth={820}
        empty={null}
        rowActions={(webhook) => (
          <RowActions
            name={webhook.displayName}
            onEdit={canWrite ? () => setEditing(webhook) : undefined}
            onDelete={canDelete ? () => removal.ask(webhook) : undefined}
          >
            <Button
              size="xs"
              variant="default"
              aria-label={`Delivery log of ${webhook.displayName}`}
              aria-pressed={logOf === webhook._id}
              onClick={() => setLogOf(webhook._id)}
            >
              Log
            </Button>
          </RowActions>
        )}
      />
    );
  };

  const logged = view.data.find((webhook) => webhook._id === logOf) ?? null;
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" maw={560}>
          Each delivery is a JSON POST. Its x-webhook-signature header is an HMAC-SHA256, with the webhook's
          secret, of the x-webhook-timestamp header, a dot and the body: your receiver checks it.
        </Text>
        {canWrite && view.data.length > 0 ? (
          <Button onClick={() => setEditing('new')}>Add webhook</Button>
        ) : null}
      </Group>
      <FormAlert message={switchError} />
      {body()}
      {logged ? (
        <DeliveryLog
          key={logged._id}
          webhook={logged}
          categories={categories}
          connectivity={view.api}
          onClose={() => setLogOf(null)}
          onActivity={onLogActivity}
        />
      ) : null}
      {editing ? (
        <WebhookEditor
          webhook={editing === 'new' ? null : editing}
          categories={categories}
          connectivity={view.api}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <SecretDialog shown={shownSecret} onClose={() => setShownSecret(null)} />
      <ConfirmDialog {...removal.dialog} title="Delete webhook" confirmLabel="Delete webhook">
        {`Delete ${removal.target?.displayName ?? ''}? It stops receiving events at once, and its delivery log is deleted with it.`}
      </ConfirmDialog>
    </Stack>
  );
}
