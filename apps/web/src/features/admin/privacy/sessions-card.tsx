import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorState,
  LoadingState,
  PagePicker,
  useConfirmation,
  type ColumnDef,
} from '../../../components/admin';
import { useOwnSessions, type SessionRow } from '../../../sdk/admin/privacy';
import { describeUserAgent, formatDateTime, sessionsPage } from './privacy-rules';

const sessionColumns: ColumnDef<SessionRow>[] = [
  {
    id: 'device',
    header: 'Device',
    cell: ({ row: { original: session } }) => (
      <Group gap="xs">
        <Text size="sm" title={session.userAgent}>
          {describeUserAgent(session.userAgent)}
        </Text>
        {session.current ? (
          <Badge variant="light" color="green">
            This device
          </Badge>
        ) : null}
      </Group>
    ),
  },
  { id: 'ipAddress', header: 'IP address', cell: ({ row }) => row.original.ipAddress || '—' },
  { id: 'createdAt', header: 'Signed in', cell: ({ row }) => formatDateTime(row.original.createdAt) },
];

type Pending = { kind: 'one'; session: SessionRow } | { kind: 'others' };

/** Where the user is signed in; any other session can be signed out, one or all at once. */
export function SessionsCard({ viewOnly }: { viewOnly: boolean }) {
  const sessions = useOwnSessions();
  const revocation = useConfirmation((chosen: Pending) =>
    chosen.kind === 'one' ? sessions.revoke(chosen.session.id) : sessions.revokeOthers(),
  );
  const pending = revocation.target;
  const { load } = sessions;
  useEffect(() => load(), [load]);

  const others = sessions.sessions.filter((session) => !session.current);
  const [requestedPage, setPage] = useState(1);
  const { rows, page, pageCount } = sessionsPage(sessions.sessions, requestedPage);
  let content;
  if (sessions.loading && sessions.sessions.length === 0)
    content = <LoadingState label="Loading sessions..." />;
  else if (sessions.error && sessions.sessions.length === 0)
    content = <ErrorState message={sessions.error} onRetry={load} />;
  else if (sessions.sessions.length === 0) content = <EmptyState title="No active sessions" />;
  else {
    content = (
      <>
        <DataTable
          label="Active sessions"
          columns={sessionColumns}
          data={rows}
          getRowId={(session) => session.id}
          rowTestId={() => 'session-row'}
          minWidth={0}
          empty={null}
          rowActions={(session) =>
            session.current || viewOnly ? null : (
              <Group justify="flex-end">
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Sign out ${describeUserAgent(session.userAgent)} (${session.ipAddress})`}
                  onClick={() => revocation.ask({ kind: 'one', session })}
                >
                  Sign out
                </Button>
              </Group>
            )
          }
        />
        {pageCount > 1 ? (
          <PagePicker
            label="Active sessions"
            page={page}
            pageCount={pageCount}
            onPageChange={setPage}
            summary={`${sessions.sessions.length} sessions · page ${page} of ${pageCount}`}
          />
        ) : null}
      </>
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="privacy-sessions-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="privacy-sessions-title">
            Active sessions
          </Title>
          {viewOnly ? null : (
            <Button
              variant="default"
              color="red"
              disabled={others.length === 0}
              onClick={() => revocation.ask({ kind: 'others' })}
            >
              Sign out all other sessions
            </Button>
          )}
        </Group>
        {sessions.error && sessions.sessions.length > 0 ? <ErrorState message={sessions.error} /> : null}
        {content}
      </Stack>
      <ConfirmDialog
        {...revocation.dialog}
        title={pending?.kind === 'one' ? 'Sign out session' : 'Sign out all other sessions'}
        confirmLabel="Sign out"
      >
        {pending?.kind === 'one'
          ? `Sign out ${describeUserAgent(pending.session.userAgent)}? That browser will have to sign in again.`
          : 'Sign out every other browser and device? This one stays signed in.'}
      </ConfirmDialog>
    </Card>
  );
}
