import {
  Badge,
  Button,
  Card,
  CloseButton,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useId, useState } from 'react';
import {
  ConfirmDialog,
  EmptyState,
  ErrorState,
  FormDialog,
  LoadingState,
  useCan,
  useConfirmation,
  useSubmit,
} from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../sdk/admin/api-error';
import {
  useConnectivityData,
  type ChannelConfig,
  type ConnectivityApi,
  type EventCategory,
  type RecipientChannel,
} from '../../../sdk/admin/connectivity';
import { EventSelect } from './event-picker';
import { eventNameOf, readRecipient } from './webhook-form';

const wording = {
  email: {
    channel: 'email',
    recipient: 'Email address',
    placeholder: 'ops@example.com',
    intro: 'Email the people you choose when an event happens.',
  },
  sms: {
    channel: 'SMS',
    recipient: 'Phone number',
    placeholder: '+15550100199',
    intro: 'Text the phone numbers you choose when an event happens (E.164, with the country code).',
  },
} as const;

/** The recipient list an event's configuration keeps its addresses in (the first; one is made if none). */
const recipientsOf = (config: ChannelConfig) => config.subscriptions[0]?.recipients ?? [];

/**
 * The configuration with `recipients` as its first list; any further list stays as it was. A list left
 * empty goes (the server keeps no list without a recipient).
 */
function withRecipients(config: ChannelConfig, recipients: string[]): ChannelConfig {
  const [first, ...rest] = config.subscriptions;
  const list = { ...(first ?? { name: 'Recipients', enabled: true }), recipients };
  return { ...config, subscriptions: recipients.length > 0 ? [list, ...rest] : rest };
}

/**
 * The email or SMS channel: per event, whether it is sent and to whom. Recipients are checked here
 * (an email address, or a phone number in E.164) before they are saved.
 */
export function RecipientsPanel({
  channel,
  categories,
  onChanged,
}: {
  channel: RecipientChannel;
  categories: EventCategory[];
  onChanged: () => void;
}) {
  const words = wording[channel];
  const view = useConnectivityData((connectivity) => connectivity.recipientConfigs(channel), []);
  const canWrite = useCan('fe.connectivity.write.webhook');
  const canDelete = useCan('fe.connectivity.delete.webhook');
  const [adding, setAdding] = useState(false);

  const saved = async () => {
    await view.reload();
    onChanged();
  };
  const removal = useConfirmation(async (config: ChannelConfig) => {
    await view.api.removeRecipientConfig(channel, config.eventKey);
    await saved();
  });
  const configured = new Set(view.data.map((config) => config.eventKey));

  let body;
  if (!view.loaded) body = <LoadingState />;
  else if (view.error && view.data.length === 0)
    body = <ErrorState message={view.error} onRetry={() => void view.reload()} />;
  else if (view.data.length === 0)
    body = (
      <EmptyState
        title={`No ${words.channel} notifications yet`}
        description={`Choose an event, then who gets it by ${words.channel}.`}
        action={canWrite ? <Button onClick={() => setAdding(true)}>Add event</Button> : undefined}
      />
    );
  else
    body = (
      <Stack gap="sm">
        {view.data.map((config) => (
          <EventRecipients
            key={config.eventKey}
            channel={channel}
            config={config}
            eventName={eventNameOf(categories, config.eventKey)}
            connectivity={view.api}
            canWrite={canWrite}
            onRemove={canDelete ? () => removal.ask(config) : undefined}
            onSaved={saved}
          />
        ))}
      </Stack>
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {words.intro}
        </Text>
        {canWrite && view.data.length > 0 ? <Button onClick={() => setAdding(true)}>Add event</Button> : null}
      </Group>
      {body}
      {adding ? (
        <AddEventDialog
          channel={channel}
          categories={categories}
          configured={configured}
          onClose={() => setAdding(false)}
          onSave={async (config) => {
            await view.api.saveRecipientConfig(channel, config);
            setAdding(false);
            await saved();
          }}
        />
      ) : null}
      <ConfirmDialog
        {...removal.dialog}
        title={`Stop ${words.channel} notifications`}
        confirmLabel="Remove event"
      >
        {`Stop sending ${removal.target ? eventNameOf(categories, removal.target.eventKey) : ''} by ${words.channel}? Its recipients are forgotten.`}
      </ConfirmDialog>
    </Stack>
  );
}

/** One event's configuration: sent or not, and its recipients, each removable, with a field to add one. */
function EventRecipients({
  channel,
  config,
  eventName,
  connectivity,
  canWrite,
  onRemove,
  onSaved,
}: {
  channel: RecipientChannel;
  config: ChannelConfig;
  eventName: string;
  connectivity: ConnectivityApi;
  canWrite: boolean;
  onRemove?: () => void;
  onSaved: () => Promise<void>;
}) {
  const words = wording[channel];
  const titleId = useId();
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const recipients = recipientsOf(config);

  const change = async (send: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await send();
      await onSaved();
      return true;
    } catch (failure) {
      setError(errorMessage(failure));
      return false;
    } finally {
      setPending(false);
    }
  };
  const add = async () => {
    const read = readRecipient(channel, typed);
    if ('error' in read) {
      setInvalid(read.error);
      return;
    }
    if (recipients.includes(read.recipient)) {
      setInvalid(`${read.recipient} already gets this event`);
      return;
    }
    const done = await change(() =>
      connectivity.saveRecipientConfig(channel, withRecipients(config, [...recipients, read.recipient])),
    );
    if (done) setTyped('');
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <div>
            <Title order={3} fz="md" id={titleId}>
              {eventName}
            </Title>
            <Text size="xs" c="dimmed">
              {config.eventKey}
            </Text>
          </div>
          <Group gap="sm">
            {canWrite ? (
              <Switch
                label="Enabled"
                aria-label={`Send ${eventName} by ${words.channel}`}
                checked={config.enabled}
                disabled={pending}
                onChange={(event) => {
                  const enabled = event.currentTarget.checked;
                  void change(() =>
                    connectivity.setRecipientConfigEnabled(channel, config.eventKey, enabled),
                  );
                }}
              />
            ) : (
              <Badge variant="light" color={config.enabled ? 'teal' : 'gray'}>
                {config.enabled ? 'Enabled' : 'Disabled'}
              </Badge>
            )}
            {onRemove ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={onRemove}
                aria-label={`Remove ${eventName}`}
              >
                Remove
              </Button>
            ) : null}
          </Group>
        </Group>
        {recipients.length === 0 ? (
          <Text size="sm" c="dimmed">
            No recipients yet.
          </Text>
        ) : (
          <Group gap="xs" role="list" aria-label={`Recipients of ${eventName}`}>
            {recipients.map((recipient) => (
              <Badge
                key={recipient}
                role="listitem"
                variant="light"
                color="gray"
                size="lg"
                tt="none"
                rightSection={
                  canWrite ? (
                    <CloseButton
                      size="xs"
                      aria-label={`Remove ${recipient} from ${eventName}`}
                      disabled={pending}
                      onClick={() =>
                        void change(() =>
                          connectivity.saveRecipientConfig(
                            channel,
                            withRecipients(
                              config,
                              recipients.filter((item) => item !== recipient),
                            ),
                          ),
                        )
                      }
                    />
                  ) : undefined
                }
              >
                {recipient}
              </Badge>
            ))}
          </Group>
        )}
        {canWrite ? (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void add();
            }}
          >
            <Group align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                label={`Add a recipient to ${eventName}`}
                placeholder={words.placeholder}
                type={channel === 'email' ? 'email' : 'tel'}
                autoComplete="off"
                style={{ flex: 1, minWidth: 0 }}
                value={typed}
                error={invalid}
                onChange={(event) => {
                  setTyped(event.currentTarget.value);
                  setInvalid(undefined);
                }}
              />
              <Button type="submit" variant="default" mt={25} loading={pending}>
                Add
              </Button>
            </Group>
          </form>
        ) : null}
        <FormAlert message={error} />
      </Stack>
    </Card>
  );
}

/** Starts sending an event on the channel, to a first recipient. */
function AddEventDialog({
  channel,
  categories,
  configured,
  onSave,
  onClose,
}: {
  channel: RecipientChannel;
  categories: EventCategory[];
  configured: ReadonlySet<string>;
  onSave: (config: ChannelConfig) => Promise<void>;
  onClose: () => void;
}) {
  const words = wording[channel];
  const [eventKey, setEventKey] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<{ event?: string; recipient?: string }>({});
  const submission = useSubmit(onSave);
  const submit = async () => {
    const read = readRecipient(channel, typed);
    const next = {
      event: eventKey ? undefined : 'Choose an event',
      recipient: 'error' in read ? read.error : undefined,
    };
    setErrors(next);
    if (!eventKey || 'error' in read) {
      submission.clear();
      return;
    }
    await submission.run({
      eventKey,
      enabled: true,
      subscriptions: [{ name: 'Recipients', enabled: true, recipients: [read.recipient] }],
    });
  };
  return (
    <FormDialog
      title={`Add ${words.channel} notification`}
      closeLabel="Close dialog"
      noValidate
      submission={submission}
      submitLabel="Add event"
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <EventSelect
        categories={categories}
        exclude={configured}
        value={eventKey}
        error={errors.event}
        onChange={(value) => {
          setEventKey(value);
          setErrors((current) => ({ ...current, event: undefined }));
        }}
      />
      <TextInput
        label={words.recipient}
        placeholder={words.placeholder}
        type={channel === 'email' ? 'email' : 'tel'}
        autoComplete="off"
        required
        value={typed}
        error={errors.recipient}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          setErrors((current) => ({ ...current, recipient: undefined }));
        }}
      />
    </FormDialog>
  );
}
