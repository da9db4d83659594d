import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { DataTable, ErrorState, useCan, type ColumnDef } from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import { errorMessage } from '../../../sdk/admin/api-error';
import {
  WEBHOOK_LOG_PAGE_SIZE,
  type ConnectivityApi,
  type EventCategory,
  type Webhook,
  type WebhookLog,
  type WebhookLogs,
} from '../../../sdk/admin/connectivity';
import { PayloadBlock } from './payload-block';
import { eventNameOf, logState, stateColor } from './webhook-form';

/** How often an open log reads itself again: deliveries are posted by a background job. */
const REFRESH_MS = 4000;

const timeOf = (log: WebhookLog) =>
  new Date(log.createdAt).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'medium' });
/**
 * An attempt may be sent again when it got no 2xx answer and its delivery has not succeeded since (a
 * failed test's body becomes a new delivery).
 */
const isRetryable = (log: WebhookLog) =>
  !/^2\d\d$/.test(log.statusCode) && log.deliveryStatus !== 'succeeded';

/**
 * A webhook's delivery log, 10 attempts a page, newest first: when, which event, the receiver's status
 * code, how long it took, the attempt's number and the delivery's state. A row opens the request (its
 * payload and headers) and the response; a failed delivery can be sent again.
 */
export function DeliveryLog({
  webhook,
  categories,
  connectivity,
  onClose,
  onActivity,
}: {
  webhook: Webhook;
  categories: EventCategory[];
  connectivity: ConnectivityApi;
  onClose: () => void;
  /** When the log shows a new attempt or a changed state: the list's last delivery is out of date. */
  onActivity: () => void;
}) {
  const titleId = useId();
  const canWrite = useCan('fe.connectivity.write.webhook');
  const [page, setPage] = useState(1);
  const [logs, setLogs] = useState<WebhookLogs | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [opened, setOpened] = useState<WebhookLog | null>(null);
  const [retrying, setRetrying] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [retryError, setRetryError] = useState<string | null>(null);

  // What the log looked like at its last read: the count and each row's state.
  const seen = useRef<string | null>(null);
  const read = useCallback(async () => {
    try {
      const answer = await connectivity.logs(webhook._id, (page - 1) * WEBHOOK_LOG_PAGE_SIZE);
      const shape = `${answer.count}:${answer.rows.map((row) => `${row.id}=${row.deliveryStatus}`).join()}`;
      if (seen.current !== null && seen.current !== shape) onActivity();
      seen.current = shape;
      setLogs(answer);
      setError(null);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }, [connectivity, webhook._id, page, onActivity]);

  useEffect(() => {
    let active = true;
    // Another page is no news about the deliveries.
    seen.current = null;
    const load = () => {
      if (active) void read();
    };
    load();
    const timer = window.setInterval(load, REFRESH_MS);
    return () => {
      active = false;
      window.clearInterval(timer);
    };
  }, [read]);

  const retry = useCallback(
    async (log: WebhookLog) => {
      setRetrying(log.id);
      setNotice(null);
      setRetryError(null);
      try {
        await connectivity.retry(log.id);
        setNotice(
          `The ${eventNameOf(categories, log.eventKey)} delivery was queued again. Its outcome shows here.`,
        );
        await read();
      } catch (failure) {
        setRetryError(errorMessage(failure));
      } finally {
        setRetrying(null);
      }
    },
    [connectivity, categories, read],
  );

  const columns = useMemo<ColumnDef<WebhookLog>[]>(
    () => [
      {
        id: 'time',
        header: 'Time',
        cell: ({ row }) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {timeOf(row.original)}
          </Text>
        ),
      },
      {
        id: 'event',
        header: 'Event',
        cell: ({ row }) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
              {eventNameOf(categories, row.original.eventKey)}
            </Text>
            {row.original.isTest ? (
              <Badge size="xs" variant="outline" color="gray" style={{ flexShrink: 0 }}>
                Test
              </Badge>
            ) : null}
          </Group>
        ),
      },
      {
        id: 'statusCode',
        header: 'Status code',
        cell: ({ row }) => row.original.statusCode || 'No answer',
      },
      { id: 'duration', header: 'Duration', cell: ({ row }) => `${row.original.durationMs} ms` },
      { id: 'attempts', header: 'Attempts', cell: ({ row }) => row.original.attempts },
      {
        id: 'state',
        header: 'State',
        cell: ({ row }) => {
          const state = logState(row.original);
          return (
            <Badge color={stateColor[state]} variant="light">
              {state}
            </Badge>
          );
        },
      },
    ],
    [categories],
  );

  const pageCount = logs ? Math.max(1, Math.ceil(logs.count / WEBHOOK_LOG_PAGE_SIZE)) : 1;
  const rowName = (log: WebhookLog) => `${eventNameOf(categories, log.eventKey)} at ${timeOf(log)}`;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} fz="lg" id={titleId}>
            {`Delivery log of ${webhook.displayName}`}
          </Title>
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => void read()}>
              Refresh
            </Button>
            <Button size="xs" variant="subtle" onClick={onClose} aria-label="Close the delivery log">
              Close
            </Button>
          </Group>
        </Group>
        <div role="status" aria-live="polite">
          {notice ? (
            <Text size="sm" c="teal.9">
              {notice}
            </Text>
          ) : null}
        </div>
        <FormAlert message={retryError} />
        {error && !logs ? <ErrorState message={error} onRetry={() => void read()} /> : null}
        {logs ? (
          <DataTable
            label={`Deliveries of ${webhook.displayName}`}
            columns={columns}
            data={logs.rows}
            getRowId={(log) => log.id}
            minWidth={860}
            page={page}
            pageCount={pageCount}
            onPageChange={setPage}
            empty={
              <Text size="sm" c="dimmed" py="md">
                Nothing was delivered yet. Deliveries show here once one of the webhook's events happens.
              </Text>
            }
            rowActions={(log) => (
              <Group gap="xs" justify="flex-end" wrap="nowrap">
                <Button
                  size="xs"
                  variant="default"
                  aria-label={`Details of ${rowName(log)}`}
                  onClick={() => setOpened(log)}
                >
                  Details
                </Button>
                {canWrite && isRetryable(log) ? (
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={`Retry ${rowName(log)}`}
                    loading={retrying === log.id}
                    onClick={() => void retry(log)}
                  >
                    Retry
                  </Button>
                ) : null}
              </Group>
            )}
          />
        ) : null}
        {!logs && !error ? (
          <Text size="sm" c="dimmed" role="status">
            Loading the log...
          </Text>
        ) : null}
      </Stack>
      <DeliveryDetails log={opened} categories={categories} onClose={() => setOpened(null)} />
    </Card>
  );
}

/** One attempt: what was posted (payload and headers) and what came back. */
function DeliveryDetails({
  log,
  categories,
  onClose,
}: {
  log: WebhookLog | null;
  categories: EventCategory[];
  onClose: () => void;
}) {
  // The dialog keeps its content while it fades out.
  const last = useRef(log);
  if (log) last.current = log;
  const current = log ?? last.current;
  const headers = current
    ? Object.entries(current.requestHeaders)
        .map(([name, value]) => `${name}: ${value}`)
        .join('\n')
    : '';
  return (
    <Modal
      opened={log !== null}
      onClose={onClose}
      title={current ? `Delivery of ${eventNameOf(categories, current.eventKey)}` : 'Delivery'}
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      size="xl"
      centered
    >
      {current ? (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2 }} spacing="xs">
            <Fact label="Time" value={timeOf(current)} />
            <Fact label="Event key" value={current.eventKey} />
            <Fact label="URL" value={current.url} />
            <Fact label="Status code" value={current.statusCode || 'No answer'} />
            <Fact label="Duration" value={`${current.durationMs} ms`} />
            <Fact label="Attempts" value={String(current.attempts)} />
            <Fact label="State" value={logState(current)} />
            {current.error ? <Fact label="Error" value={current.error} /> : null}
          </SimpleGrid>
          <PayloadBlock label="Request payload" text={current.body} />
          <PayloadBlock label="Request headers" text={headers} empty="None recorded" />
          <PayloadBlock label="Response body" text={current.responseBody} />
        </Stack>
      ) : null}
    </Modal>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {value}
      </Text>
    </div>
  );
}
