import { Badge, Button, Card, Group, Modal, Stack, Switch, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useSubmit } from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import {
  identityProviders,
  protocolOf,
  type IdentityProviderLabel,
  type IdentityProviderSource,
  type SsoConfiguration,
  type SsoView,
} from '../../../sdk/admin/sso';
import { DomainsPanel } from './domains-panel';
import { IdentityProviderForm } from './identity-provider-form';
import { LiveTestPanel } from './live-test-panel';
import { RolesPanel } from './roles-panel';
import { ServiceProviderDetails } from './service-provider-details';

/** The connection's name as the overview shows it: protocol and identity provider. */
export function connectionName(configuration: SsoConfiguration): string {
  if (protocolOf(configuration) === 'oidc') return 'OpenID Connect connection';
  const provider = identityProviders.find((item) => item.value === configuration.type);
  return provider && provider.value !== 'saml' ? `SAML connection with ${provider.label}` : 'SAML connection';
}

function Part({ title, children }: { title: string; children: ReactNode }) {
  const id = `sso-part-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={3} fz="md" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * One connection after setup: whether it is on, its identity provider, our details, its domains with
 * their verification, its roles and groups, and the live test with its last result.
 */
export function ConnectionOverview({
  view,
  configuration,
  canWrite,
  canDelete,
  onDelete,
}: {
  view: SsoView;
  configuration: SsoConfiguration;
  canWrite: boolean;
  canDelete: boolean;
  onDelete: () => void;
}) {
  const protocol = protocolOf(configuration);
  const [editing, setEditing] = useState(false);
  const toggling = useSubmit(async (enabled: boolean) => {
    view.keep(await view.api.update(configuration.id, { enabled }));
  });
  const replace = async (source: IdentityProviderSource) => {
    view.keep(await view.api.replaceIdentityProvider(configuration.id, source));
    setEditing(false);
  };
  const name = connectionName(configuration);
  const provider = (protocol === 'saml' ? configuration.type : 'saml') as IdentityProviderLabel;

  return (
    <Card withBorder padding="lg" component="article" aria-label={name}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="sm">
              <Title order={2} fz="lg">
                {name}
              </Title>
              <Badge color={configuration.enabled ? 'teal' : 'gray'} variant="light">
                {configuration.enabled ? 'Enabled' : 'Disabled'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {protocol === 'oidc'
                ? `Issuer: ${configuration.oidcIssuer || 'not set'}`
                : `Sign-on URL: ${configuration.ssoEndpoint || 'not set'}`}
            </Text>
          </Stack>
          <Group gap="sm">
            {canWrite ? (
              <Button variant="default" onClick={() => setEditing(true)}>
                Edit identity provider
              </Button>
            ) : null}
            {canDelete ? (
              <Button variant="subtle" color="red" onClick={onDelete}>
                Delete connection
              </Button>
            ) : null}
          </Group>
        </Group>
        <Switch
          label="Connection enabled"
          description="While it is off, people on its domains sign in the way they did before."
          checked={configuration.enabled}
          disabled={!canWrite || toggling.pending}
          onChange={(event) => void toggling.run(event.currentTarget.checked)}
        />
        <FormAlert message={toggling.error} />
        <Part title="Our details">
          <ServiceProviderDetails
            sso={view.api}
            protocol={protocol}
            provider={provider}
            redirectUri={configuration.redirectUri}
          />
        </Part>
        <Part title="Domains">
          <DomainsPanel view={view} configuration={configuration} canWrite={canWrite} />
        </Part>
        <Part title="Roles">
          <RolesPanel view={view} configuration={configuration} canWrite={canWrite} />
        </Part>
        <Part title="Test the connection">
          <LiveTestPanel sso={view.api} configuration={configuration} canTest={canWrite} />
        </Part>
      </Stack>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close dialog' }}
        opened={editing}
        onClose={() => setEditing(false)}
        title="Edit identity provider"
        size="lg"
        centered
      >
        <IdentityProviderForm
          protocol={protocol}
          configuration={configuration}
          submitLabel="Save identity provider"
          onSave={replace}
          onCancel={() => setEditing(false)}
        />
      </Modal>
    </Card>
  );
}
