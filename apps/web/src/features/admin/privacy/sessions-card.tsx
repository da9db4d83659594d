import {
  Badge,
  Button,
  Card,
  Group,
  ScrollArea,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  ConfirmDialog,
  EmptyState,
  ErrorState,
  LoadingState,
  PagePicker,
  useConfirmation,
} from '../../../components/admin';
import { useOwnSessions, type SessionRow } from '../../../sdk/admin/privacy';
import { describeUserAgent, formatDateTime, sessionsPage } from './privacy-rules';

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
        <ScrollArea
          type="auto"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Active sessions (scrolls sideways)' }}
        >
          <Table aria-label="Active sessions" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Device</Table.Th>
                <Table.Th scope="col">IP address</Table.Th>
                <Table.Th scope="col">Signed in</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((session) => (
                <Table.Tr key={session.id} data-testid="session-row">
                  <Table.Td>
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
                  </Table.Td>
                  <Table.Td>{session.ipAddress || '—'}</Table.Td>
                  <Table.Td>{formatDateTime(session.createdAt)}</Table.Td>
                  <Table.Td ta="right">
                    {session.current || viewOnly ? null : (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Sign out ${describeUserAgent(session.userAgent)} (${session.ipAddress})`}
                        onClick={() => revocation.ask({ kind: 'one', session })}
                      >
                        Sign out
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
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
