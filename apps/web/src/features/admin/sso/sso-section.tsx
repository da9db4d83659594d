import { Button, Card, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import {
  ConfirmDialog,
  EmptyState,
  ErrorState,
  LoadingState,
  SectionPage,
  useCan,
  useConfirmation,
} from '../../../components/admin';
import { useSso, type SsoConfiguration } from '../../../sdk/admin/sso';
import { ConnectionOverview, connectionName } from './connection-overview';
import { EnforcementPanel } from './enforcement-panel';
import { SetupFlow } from './setup-flow';

/**
 * Single sign-on (SPEC section 2 "sso"; issue 13): the account's SAML and OIDC connections, set up
 * step by step, then each one's overview, and the account's enforcement. Administrators who may only
 * read see everything without the buttons that change it.
 */
export function SsoSection() {
  const view = useSso();
  const canWrite = useCan('fe.secure.write.samlConfiguration');
  const canDelete = useCan('fe.secure.delete.samlConfiguration');
  const [settingUp, setSettingUp] = useState(false);
  const removal = useConfirmation(async (configuration: SsoConfiguration) => {
    await view.api.remove(configuration.id);
    await view.reload();
  });

  const body = () => {
    if (!view.loaded) return <LoadingState />;
    if (view.error && view.configurations.length === 0)
      return <ErrorState message={view.error} onRetry={view.load} />;
    if (settingUp) return <SetupFlow view={view} onDone={() => setSettingUp(false)} />;
    if (view.configurations.length === 0) {
      return (
        <EmptyState
          title={canWrite ? 'Set up single sign-on' : 'Single sign-on is not set up'}
          description="Let people sign in with your company's identity provider (Okta, Microsoft Entra ID, Google Workspace or any SAML or OpenID Connect provider)."
          action={
            canWrite ? <Button onClick={() => setSettingUp(true)}>Set up single sign-on</Button> : undefined
          }
        />
      );
    }
    return (
      <Stack gap="lg">
        {view.configurations.map((configuration) => (
          <ConnectionOverview
            key={configuration.id}
            view={view}
            configuration={configuration}
            canWrite={canWrite}
            canDelete={canDelete}
            onDelete={() => removal.ask(configuration)}
          />
        ))}
        <Card withBorder padding="lg" component="section" aria-labelledby="sso-enforcement">
          <Stack gap="md">
            <Title order={2} fz="lg" id="sso-enforcement">
              Enforcement
            </Title>
            <EnforcementPanel view={view} canWrite={canWrite} />
          </Stack>
        </Card>
      </Stack>
    );
  };

  return (
    <SectionPage
      title="Single sign-on"
      description="People on your company's domains sign in through your identity provider."
      actions={
        canWrite && !settingUp && view.configurations.length > 0 ? (
          <Button variant="default" onClick={() => setSettingUp(true)}>
            Add another connection
          </Button>
        ) : null
      }
    >
      {body()}
      <ConfirmDialog {...removal.dialog} title="Delete connection" confirmLabel="Delete connection">
        {removal.target
          ? `Delete the ${connectionName(removal.target)} and its domains, roles and group mapping? People on its domains then sign in the way they did before: with their password or another method they set up.`
          : ''}
      </ConfirmDialog>
    </SectionPage>
  );
}
