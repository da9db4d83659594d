import { Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { ErrorState, LoadingState } from '../../../components/admin';
import { useSecurityCenter, type Recommendation } from './use-security-center';
import { SecurityCenterTables } from './security-center-tables';

const severityColor: Record<Recommendation['severity'], string> = {
  SEVERE: 'red',
  WARNING: 'orange',
  INFO: 'blue',
};

/** How a recommendation code reads (the codes of the security center, SPEC section 3). */
const recommendationText = (code: string): string =>
  ({
    FORCE_MFA: 'Require multi-factor authentication',
    BREACHED_PASSWORDS_EXIST: 'Some users sign in with a breached password',
    ENABLE_USER_LOCKOUT: 'Turn on user lockout',
    STRENGTHEN_USER_LOCKOUT: 'Lock accounts after fewer failed attempts',
    ENABLE_PASSWORD_HISTORY: 'Turn on password history',
    STRENGTHEN_PASSWORD_HISTORY: 'Remember more previous passwords',
    ENABLE_FORCE_RELOGIN: 'Turn on force re-login',
    ENABLE_IDLE_SESSION: 'Turn on the idle session timeout',
    ENABLE_SESSION_CONCURRENCY: 'Limit concurrent sessions',
    ENABLE_IP_RESTRICTIONS: 'Restrict access by IP address',
    CHANGE_IP_TO_ALLOWLIST: 'Use an IP allow list instead of a block list',
    ENABLE_DOMAIN_RESTRICTIONS: 'Restrict invitations by email domain',
    CHANGE_DOMAIN_TO_ALLOWLIST: 'Use a domain allow list instead of a block list',
    CONFIGURE_SSO: 'Configure single sign-on',
  })[code] ?? code;

/** The security center: the score, what would raise it, and the users behind its findings. */
export function SecurityCenter() {
  const view = useSecurityCenter();
  const { load } = view;
  useEffect(() => load(), [load]);

  if (view.loading && view.recommendations.length === 0)
    return <LoadingState label="Computing the security score..." />;
  if (view.error && view.recommendations.length === 0)
    return <ErrorState message={view.error} onRetry={load} />;

  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz={18}>
            Security center
          </Title>
          <Text fw={700} aria-label={`Security score ${view.score} out of 100`}>
            Score: {view.score} / 100
          </Text>
        </Group>
        {view.recommendations.length === 0 ? (
          <Text c="dimmed">No recommendations: every policy is in place.</Text>
        ) : (
          <List spacing="xs" aria-label="Recommendations">
            {view.recommendations.map((item) => (
              <List.Item key={item.code}>
                <Group gap="xs">
                  <Badge color={severityColor[item.severity]} variant="light">
                    {item.severity}
                  </Badge>
                  <Badge variant="outline">{item.category}</Badge>
                  <Text size="sm">{recommendationText(item.code)}</Text>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
        <SecurityCenterTables />
      </Stack>
    </Card>
  );
}
