import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { errorMessage } from '../../../sdk/admin/api-error';
import type { AuditColumn, AuditsApi, AuditsQuery, ExportProgress } from '../../../sdk/admin/audits';

export type ExportState =
  | { status: 'idle' }
  | { status: 'running'; progress: ExportProgress }
  | { status: 'done'; progress: ExportProgress }
  | { status: 'failed'; message: string };

const numbers = new Intl.NumberFormat();
const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${numbers.format(Math.ceil(bytes / 1024))} kB`
    : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** The CSV export of the filtered view: rows and bytes counted as they arrive, then the file saved. */
export function useAuditExport(api: AuditsApi) {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const start = (query: AuditsQuery, columns: AuditColumn[]) => {
    setState({ status: 'running', progress: { bytes: 0, rows: 0 } });
    api
      .exportCsv(query, columns, (progress) => setState({ status: 'running', progress }))
      .then((progress) => setState({ status: 'done', progress }))
      .catch((failure: unknown) =>
        setState({ status: 'failed', message: errorMessage(failure) ?? 'The export failed' }),
      );
  };
  return { state, start, dismiss: () => setState({ status: 'idle' }) };
}

export function ExportButton({ running, onClick }: { running: boolean; onClick: () => void }) {
  return (
    <Button onClick={onClick} loading={running} disabled={running}>
      Export CSV
    </Button>
  );
}

/** Where the export stands; `total` (when counted exactly) gives the bar its end. */
export function ExportStatus({
  state,
  total,
  onDismiss,
}: {
  state: ExportState;
  total: number | null;
  onDismiss: () => void;
}) {
  if (state.status === 'idle') return null;
  if (state.status === 'failed')
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        title="The export failed"
        withCloseButton
        onClose={onDismiss}
      >
        {state.message}
      </Alert>
    );
  const { rows, bytes } = state.progress;
  const running = state.status === 'running';
  const rowsText = `${numbers.format(rows)} ${rows === 1 ? 'row' : 'rows'}`;
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          {running
            ? `Exporting: ${rowsText}${total ? ` of ${numbers.format(total)}` : ''} received (${size(bytes)})`
            : `Exported ${rowsText} (${size(bytes)}): the file is in your downloads.`}
        </Text>
        {running ? null : (
          <Button size="compact-sm" variant="subtle" onClick={onDismiss}>
            Dismiss
          </Button>
        )}
      </Group>
      {running ? (
        <Progress
          aria-label="Export progress"
          value={total ? Math.min(100, (rows / total) * 100) : 100}
          animated={!total}
          striped={!total}
        />
      ) : null}
    </Stack>
  );
}
