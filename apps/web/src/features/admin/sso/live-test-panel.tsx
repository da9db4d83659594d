import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import type { SsoApi, SsoConfiguration, SsoTestReport } from '../../../sdk/admin/sso';
import { TestReport } from './test-report';
import { useLiveTest } from './use-live-test';

/**
 * Test the connection live: a test sign-in at the identity provider, in a window of its own, that
 * signs nobody in and reports every check. Without the right to change SSO, the last result only.
 */
export function LiveTestPanel({
  sso,
  configuration,
  canTest,
}: {
  sso: SsoApi;
  configuration: SsoConfiguration;
  canTest: boolean;
}) {
  const test = useLiveTest(sso, configuration.id);
  const [last, setLast] = useState<SsoTestReport | null>(null);
  useEffect(() => {
    let active = true;
    sso
      .listTestReports(configuration.id)
      .then((reports) => {
        if (active) setLast(reports[0] ?? null);
      })
      // The last result is a courtesy: the panel works without it.
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [sso, configuration.id]);

  const { state } = test;
  const report = state.status === 'done' ? state.report : last;
  return (
    <Stack gap="md">
      <Text size="sm">
        A test sign-in opens your identity provider in a new window. Sign in there as any user of this
        connection: nobody is signed in here, and the result shows below with every check explained.
      </Text>
      {canTest ? (
        <Group gap="sm">
          <Button
            onClick={test.start}
            loading={state.status === 'starting'}
            disabled={state.status === 'waiting' || state.status === 'blocked'}
          >
            {report ? 'Test again' : 'Test connection'}
          </Button>
          {state.status === 'waiting' || state.status === 'blocked' ? (
            <Button variant="default" onClick={test.cancel}>
              Stop waiting
            </Button>
          ) : null}
        </Group>
      ) : null}
      {state.status === 'waiting' ? (
        <Group gap="sm" role="status" aria-live="polite">
          <Loader size="xs" />
          <Text size="sm">Waiting for the test sign-in to finish in the other window...</Text>
        </Group>
      ) : null}
      {state.status === 'blocked' ? (
        <Alert color="yellow" variant="light" title="Your browser blocked the test window">
          <Text size="sm">
            Allow pop-ups for this site, or{' '}
            <Anchor href={state.address} target="_blank" rel="opener">
              open the test sign-in
            </Anchor>{' '}
            yourself. The result shows here when it finishes.
          </Text>
        </Alert>
      ) : null}
      {state.status === 'failed' ? <FormAlert message={state.message} /> : null}
      {report ? <TestReport report={report} /> : null}
      {!report && !canTest ? (
        <Text size="sm" c="dimmed">
          This connection has not been tested yet.
        </Text>
      ) : null}
    </Stack>
  );
}
