import { Alert, Group, List, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import type { SsoTestReport } from '../../../sdk/admin/sso';

const shown = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(shown).join(', ');
  return JSON.stringify(value);
};

function CheckMark({ passed }: { passed: boolean }) {
  return (
    <ThemeIcon
      size="sm"
      radius="xl"
      color={passed ? 'teal' : 'red'}
      role="img"
      aria-label={passed ? 'Passed' : 'Failed'}
    >
      <span aria-hidden>{passed ? '✓' : '✕'}</span>
    </ThemeIcon>
  );
}

/**
 * A live test's report, in plain words: whether the test sign-in would have worked, each check with
 * its outcome, who the identity provider said signed in, and every attribute (SAML) or claim (OIDC)
 * that came back.
 */
export function TestReport({ report }: { report: SsoTestReport }) {
  const body = report.report;
  const values = body.protocol === 'saml' ? body.attributes : body.claims;
  const valuesTitle = body.protocol === 'saml' ? 'Attributes that came back' : 'Claims that came back';
  const when = new Date(report.createdAt).toLocaleString();
  return (
    <Stack gap="md" aria-label="Test result" role="region">
      <Alert
        color={report.succeeded ? 'teal' : 'red'}
        variant="light"
        title={report.succeeded ? 'The test sign-in worked' : 'The test sign-in failed'}
      >
        <Text size="sm">
          {report.succeeded
            ? `Every check passed (${when}). People on your verified domains can sign in through this connection.`
            : `Some checks failed (${when}). Nobody was signed in. Fix what the failed checks say, then test again.`}
        </Text>
        {body.error ? (
          <Text size="sm" mt="xs">
            {body.error}
          </Text>
        ) : null}
      </Alert>

      <Stack gap="xs">
        <Title order={4} fz="md">
          Checks
        </Title>
        <List spacing="xs" listStyleType="none" aria-label="Checks">
          {body.checks.map((check) => (
            <List.Item key={check.name}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <CheckMark passed={check.passed} />
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {check.name}
                  </Text>
                  {check.detail ? (
                    <Text size="sm" c="dimmed">
                      {check.detail}
                    </Text>
                  ) : null}
                </Stack>
              </Group>
            </List.Item>
          ))}
        </List>
      </Stack>

      {body.profile ? (
        <Stack gap="xs">
          <Title order={4} fz="md">
            Who signed in
          </Title>
          <Table withTableBorder aria-label="Who signed in">
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">Email</Table.Th>
                <Table.Td>{body.profile.email}</Table.Td>
              </Table.Tr>
              {body.profile.name ? (
                <Table.Tr>
                  <Table.Th scope="row">Name</Table.Th>
                  <Table.Td>{body.profile.name}</Table.Td>
                </Table.Tr>
              ) : null}
              <Table.Tr>
                <Table.Th scope="row">Subject</Table.Th>
                <Table.Td ff="monospace">{body.profile.subject}</Table.Td>
              </Table.Tr>
              {body.profile.groups ? (
                <Table.Tr>
                  <Table.Th scope="row">Groups</Table.Th>
                  <Table.Td>{body.profile.groups.join(', ') || 'None'}</Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}

      {values && Object.keys(values).length > 0 ? (
        <Stack gap="xs">
          <Title order={4} fz="md">
            {valuesTitle}
          </Title>
          <Table withTableBorder aria-label={valuesTitle}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {Object.entries(values).map(([name, value]) => (
                <Table.Tr key={name}>
                  <Table.Td ff="monospace">{name}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{shown(value)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ) : null}
    </Stack>
  );
}
