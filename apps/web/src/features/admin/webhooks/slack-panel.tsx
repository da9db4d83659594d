import { Alert, Badge, Button, Group, MultiSelect, Stack, Switch, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorState,
  FormDialog,
  LoadingState,
  RowActions,
  useCan,
  useConfirmation,
  useSubmit,
  type ColumnDef,
} from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../sdk/admin/api-error';
import {
  useConnectivityData,
  type ConnectivityApi,
  type EventCategory,
  type SlackConfiguration,
  type SlackSubscription,
} from '../../../sdk/admin/connectivity';
import { EventSelect } from './event-picker';
import { eventNameOf, rememberSlackState, slackAuthorizeUrl } from './webhook-form';

const notConnected: SlackConfiguration = { id: '', connected: false, teamName: null, slackSubscriptions: [] };
const readSlack = (connectivity: ConnectivityApi) => connectivity.slack();

/** One row of the list: an event of a subscription, with the channels it goes to. */
interface SlackRow {
  id: string;
  subscription: SlackSubscription;
  eventKey: string;
  channelIds: string[];
}

const rowsOf = (configuration: SlackConfiguration): SlackRow[] =>
  configuration.slackSubscriptions.flatMap((subscription, index) =>
    subscription.slackEvents.map((event) => ({
      id: `${subscription.id ?? index}:${event.eventKey}`,
      subscription,
      eventKey: event.eventKey,
      channelIds: event.channelIds,
    })),
  );

/** The subscription with `row`'s event sent to `channelIds` (or dropped, when null). */
function withEvent(row: SlackRow, channelIds: string[] | null): SlackSubscription {
  const slackEvents = row.subscription.slackEvents.flatMap((event) =>
    event.eventKey !== row.eventKey ? [event] : channelIds ? [{ ...event, channelIds }] : [],
  );
  return { ...row.subscription, slackEvents };
}

/**
 * Slack: connecting a workspace ("Add to Slack", Slack's OAuth, back here with a code the server
 * exchanges), then which channels each event is posted to.
 */
export function SlackPanel({
  categories,
  code,
  onCodeUsed,
  onChanged,
}: {
  categories: EventCategory[];
  /** Slack's OAuth answer when the administrator just came back from it. */
  code: { code: string; state: string | null; isExpected: boolean } | null;
  onCodeUsed: () => void;
  onChanged: () => void;
}) {
  const view = useConnectivityData(readSlack, notConnected);
  const canWrite = useCan('fe.connectivity.write.webhook');
  const canDelete = useCan('fe.connectivity.delete.webhook');
  const [registration, setRegistration] = useState<{ pending: boolean; error: string | null; done: boolean }>(
    {
      pending: false,
      error: null,
      done: false,
    },
  );
  const registered = useRef<string | null>(null);
  const { api: connectivity, reload } = view;

  // The code is used once, even when the screen renders twice (it is valid for one exchange only).
  useEffect(() => {
    if (!code || registered.current === code.code) return;
    registered.current = code.code;
    onCodeUsed();
    if (!code.isExpected) {
      setRegistration({
        pending: false,
        done: false,
        error: 'Slack answered a request this page did not make. Start again with "Add to Slack".',
      });
      return;
    }
    setRegistration({ pending: true, error: null, done: false });
    connectivity
      .registerSlack(code.code)
      .then(async () => {
        setRegistration({ pending: false, error: null, done: true });
        await reload();
        onChanged();
      })
      .catch((failure: unknown) =>
        setRegistration({ pending: false, error: errorMessage(failure), done: false }),
      );
  }, [code, connectivity, reload, onChanged, onCodeUsed]);

  const status = (
    <div role="status" aria-live="polite">
      {registration.pending ? <Text size="sm">Connecting Slack...</Text> : null}
      {registration.done ? (
        <Text size="sm" c="teal.9">
          Slack is connected.
        </Text>
      ) : null}
    </div>
  );

  let body;
  if (!view.loaded || registration.pending) body = <LoadingState />;
  else if (view.error) body = <ErrorState message={view.error} onRetry={() => void reload()} />;
  else if (!view.data.connected) body = <ConnectSlack connectivity={connectivity} canWrite={canWrite} />;
  else
    body = (
      <SlackSubscriptions
        configuration={view.data}
        categories={categories}
        connectivity={connectivity}
        canWrite={canWrite}
        canDelete={canDelete}
        onSaved={async () => {
          await reload();
          onChanged();
        }}
      />
    );
  return (
    <Stack gap="md">
      {status}
      <FormAlert message={registration.error} />
      {body}
    </Stack>
  );
}

/** Not connected yet: the "Add to Slack" link, built from the application's OAuth scope. */
function ConnectSlack({ connectivity, canWrite }: { connectivity: ConnectivityApi; canWrite: boolean }) {
  const [link, setLink] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!canWrite) return;
    let active = true;
    connectivity
      .slackScope()
      .then((scope) => {
        if (!active) return;
        setLink(slackAuthorizeUrl(scope, rememberSlackState()));
      })
      .catch((failure: unknown) => {
        if (active) setError(errorMessage(failure));
      });
    return () => {
      active = false;
    };
  }, [connectivity, canWrite]);
  return (
    <EmptyState
      title="Slack is not connected"
      description={
        canWrite
          ? 'Connect a Slack workspace, then choose the channels each event is posted to.'
          : 'An administrator who may change webhooks can connect a Slack workspace.'
      }
      action={
        canWrite ? (
          error ? (
            <Alert color="yellow" variant="light" title="Slack cannot be connected">
              {error}
            </Alert>
          ) : (
            <Button component="a" href={link ?? undefined} disabled={!link} loading={!link}>
              Add to Slack
            </Button>
          )
        ) : undefined
      }
    />
  );
}

function SlackSubscriptions({
  configuration,
  categories,
  connectivity,
  canWrite,
  canDelete,
  onSaved,
}: {
  configuration: SlackConfiguration;
  categories: EventCategory[];
  connectivity: ConnectivityApi;
  canWrite: boolean;
  canDelete: boolean;
  onSaved: () => Promise<void>;
}) {
  const channels = useConnectivityData((api) => api.slackChannels(), []);
  const [editing, setEditing] = useState<SlackRow | 'new' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const rows = rowsOf(configuration);
  const channelName = useMemo(() => {
    const names = new Map(channels.data.map((channel) => [channel.id, channel.name]));
    return (id: string) => `#${names.get(id) ?? id}`;
  }, [channels.data]);

  const removal = useConfirmation(async (row: SlackRow) => {
    const rest = withEvent(row, null);
    if (rest.slackEvents.length === 0 && row.subscription.id)
      await connectivity.removeSlackSubscription(row.subscription.id);
    else await connectivity.saveSlackSubscription(rest);
    await onSaved();
  });
  const setActive = async (row: SlackRow, isActive: boolean) => {
    setError(null);
    try {
      await connectivity.saveSlackSubscription({ ...row.subscription, isActive });
      await onSaved();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  const columns: ColumnDef<SlackRow>[] = [
    { id: 'event', header: 'Event', cell: ({ row }) => eventNameOf(categories, row.original.eventKey) },
    {
      id: 'channels',
      header: 'Channels',
      cell: ({ row }) => row.original.channelIds.map(channelName).join(', ') || 'None',
    },
    {
      id: 'active',
      header: 'Active',
      cell: ({ row }) =>
        canWrite ? (
          <Switch
            aria-label={`Post ${eventNameOf(categories, row.original.eventKey)} to Slack`}
            checked={row.original.subscription.isActive}
            onChange={(event) => void setActive(row.original, event.currentTarget.checked)}
          />
        ) : (
          <Badge variant="light" color={row.original.subscription.isActive ? 'teal' : 'gray'}>
            {row.original.subscription.isActive ? 'Active' : 'Inactive'}
          </Badge>
        ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          Connected to <strong>{configuration.teamName ?? 'a Slack workspace'}</strong>.
        </Text>
        {canWrite ? <Button onClick={() => setEditing('new')}>Add Slack subscription</Button> : null}
      </Group>
      <FormAlert message={error ?? channels.error} />
      <DataTable
        label="Slack subscriptions"
        columns={columns}
        data={rows}
        getRowId={(row) => row.id}
        minWidth={0}
        empty={
          <Text size="sm" c="dimmed" py="md">
            No event is posted to Slack yet.
          </Text>
        }
        rowActions={(row) => (
          <RowActions
            name={eventNameOf(categories, row.eventKey)}
            onEdit={canWrite ? () => setEditing(row) : undefined}
            onDelete={canDelete ? () => removal.ask(row) : undefined}
          />
        )}
      />
      {editing ? (
        <SlackSubscriptionDialog
          row={editing === 'new' ? null : editing}
          categories={categories}
          channels={channels.data}
          onClose={() => setEditing(null)}
          onSave={async (eventKey, channelIds) => {
            await connectivity.saveSlackSubscription(
              editing === 'new'
                ? { isActive: true, slackEvents: [{ eventKey, channelIds }] }
                : withEvent(editing, channelIds),
            );
            setEditing(null);
            await onSaved();
          }}
        />
      ) : null}
      <ConfirmDialog {...removal.dialog} title="Stop posting to Slack" confirmLabel="Remove subscription">
        {`Stop posting ${removal.target ? eventNameOf(categories, removal.target.eventKey) : ''} to Slack?`}
      </ConfirmDialog>
    </Stack>
  );
}

/** An event and the channels it is posted to. */
function SlackSubscriptionDialog({
  row,
  categories,
  channels,
  onSave,
  onClose,
}: {
  row: SlackRow | null;
  categories: EventCategory[];
  channels: { id: string; name: string }[];
  onSave: (eventKey: string, channelIds: string[]) => Promise<void>;
  onClose: () => void;
}) {
  const [eventKey, setEventKey] = useState<string | null>(row?.eventKey ?? null);
  const [channelIds, setChannelIds] = useState<string[]>(row?.channelIds ?? []);
  const [errors, setErrors] = useState<{ event?: string; channels?: string }>({});
  const submission = useSubmit(({ key, ids }: { key: string; ids: string[] }) => onSave(key, ids));
  const submit = async () => {
    const next = {
      event: eventKey ? undefined : 'Choose an event',
      channels: channelIds.length > 0 ? undefined : 'Choose at least one channel',
    };
    setErrors(next);
    if (!eventKey || channelIds.length === 0) {
      submission.clear();
      return;
    }
    await submission.run({ key: eventKey, ids: channelIds });
  };
  return (
    <FormDialog
      title={
        row ? `Edit the Slack channels of ${eventNameOf(categories, row.eventKey)}` : 'Add Slack subscription'
      }
      closeLabel="Close dialog"
      noValidate
      submission={submission}
      submitLabel="Save"
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <EventSelect
        categories={categories}
        disabled={row !== null}
        value={eventKey}
        error={errors.event}
        onChange={setEventKey}
      />
      <MultiSelect
        size="md"
        label="Channels"
        placeholder={channelIds.length === 0 ? 'Choose channels' : undefined}
        searchable
        required
        data={channels.map((channel) => ({ value: channel.id, label: `#${channel.name}` }))}
        value={channelIds}
        error={errors.channels}
        onChange={setChannelIds}
      />
    </FormDialog>
  );
}
