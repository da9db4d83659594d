import { Badge, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { DataTable, ErrorState, LoadingState, type ColumnDef } from '../../../components/admin';
import { errorMessage } from '../../../sdk/admin/api-error';
import type { Directory, ProvisioningApi, ProvisioningLog } from '../../../sdk/admin/provisioning';

const columns: ColumnDef<ProvisioningLog>[] = [
  { id: 'time', header: 'Time', cell: ({ row }) => new Date(row.original.createdAt).toLocaleString() },
  { id: 'method', header: 'Method', cell: ({ row }) => row.original.method },
  {
    id: 'path',
    header: 'Path',
    cell: ({ row }) => (
      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
        {row.original.path}
      </Text>
    ),
  },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <Badge color={row.original.status < 400 ? 'teal' : 'red'} variant="light">
        {row.original.status}
      </Badge>
    ),
  },
  { id: 'summary', header: 'Summary', cell: ({ row }) => row.original.summary },
];

/** A directory's last provisioning calls: what it asked for and how we answered. */
export function DirectoryLogDialog({
  directory,
  directoryApi,
  onClose,
}: {
  directory: Directory;
  directoryApi: ProvisioningApi;
  onClose: () => void;
}) {
  const [logs, setLogs] = useState<ProvisioningLog[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let active = true;
    setError(null);
    directoryApi
      .logs(directory.id)
      .then((answer) => {
        if (active) setLogs(answer);
      })
      .catch((failure: unknown) => {
        if (active) setError(errorMessage(failure));
      });
    return () => {
      active = false;
    };
  }, [directoryApi, directory.id, attempt]);

  let content;
  if (error) content = <ErrorState message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  else if (!logs) content = <LoadingState />;
  else
    content = (
      <DataTable
        label={`Provisioning log of ${directory.connectionName}`}
        columns={columns}
        data={logs}
        getRowId={(log) => log.id}
        minWidth={0}
        empty={
          <Text size="sm">No provisioning calls yet. They show here once the directory starts syncing.</Text>
        }
      />
    );
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      opened
      onClose={onClose}
      title={`Provisioning log of ${directory.connectionName}`}
      size="xl"
      centered
    >
      {content}
    </Modal>
  );
}
