import { AppShell, Anchor, Group, Tabs, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { EmptyState } from '../../components/admin';
import { BrandWordmark } from '../../components/brand-wordmark';
import { LoadingScreen } from '../../components/loading-screen';
import { paths } from '../../lib/paths';
import { useRequiredSession } from '../../lib/session';
import { EntitlementsTab } from './entitlements-tab';
import { FeaturesTab } from './features-tab';
import { FlagsTab } from './flags-tab';
import { FunnelTab } from './funnel-tab';
import { OAuthClientsTab } from './oauth-clients-tab';
import { PlansTab } from './plans-tab';
import { ReviewTab } from './review-tab';
import { SigningKeysTab } from './signing-keys-tab';
import { TrialsTab } from './trials-tab';

const tabs = [
  { value: 'funnel', label: 'Funnel' },
  { value: 'review', label: 'Under review' },
  { value: 'trials', label: 'Trials ending' },
  { value: 'plans', label: 'Plans' },
  { value: 'features', label: 'Features' },
  { value: 'flags', label: 'Feature flags' },
  { value: 'entitlements', label: 'Entitlements' },
  { value: 'oauth-clients', label: 'OAuth clients' },
  { value: 'signing-keys', label: 'Signing keys' },
] as const;

/**
 * Issue 15, the superuser console (vendor level): the free-trial funnel, the accounts under review and
 * the trials ending, the plans, features, feature flags and entitlements; issue 16, the hosted login's
 * OAuth clients and the signing keys. Superusers only: anyone else is told it is not available (the
 * server refuses them anyway).
 */
export function ConsolePage() {
  const session = useRequiredSession();
  if (session.status !== 'signedIn') return <LoadingScreen />;
  const isSuperUser = session.user.superUser === true;

  return (
    <AppShell header={{ height: 60 }} padding="lg">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <BrandWordmark size="md" />
            <Text fw={600} visibleFrom="xs">
              Superuser console
            </Text>
          </Group>
          <Anchor component={Link} to={paths.adminPortal} size="sm">
            Admin portal
          </Anchor>
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        {isSuperUser ? (
          <>
            <Title order={1} fz={24} mb="md">
              Superuser console
            </Title>
            <Tabs defaultValue="funnel" keepMounted={false}>
              <Tabs.List mb="md">
                {tabs.map((tab) => (
                  <Tabs.Tab key={tab.value} value={tab.value}>
                    {tab.label}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value="funnel">
                <FunnelTab />
              </Tabs.Panel>
              <Tabs.Panel value="review">
                <ReviewTab />
              </Tabs.Panel>
              <Tabs.Panel value="trials">
                <TrialsTab />
              </Tabs.Panel>
              <Tabs.Panel value="plans">
                <PlansTab />
              </Tabs.Panel>
              <Tabs.Panel value="features">
                <FeaturesTab />
              </Tabs.Panel>
              <Tabs.Panel value="flags">
                <FlagsTab />
              </Tabs.Panel>
              <Tabs.Panel value="entitlements">
                <EntitlementsTab activeTenantId={session.tenant?.tenantId ?? null} />
              </Tabs.Panel>
              <Tabs.Panel value="oauth-clients">
                <OAuthClientsTab />
              </Tabs.Panel>
              <Tabs.Panel value="signing-keys">
                <SigningKeysTab />
              </Tabs.Panel>
            </Tabs>
          </>
        ) : (
          <EmptyState
            title="The superuser console is not available"
            description="It is for the vendor's superusers only."
          />
        )}
      </AppShell.Main>
    </AppShell>
  );
}
