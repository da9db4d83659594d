import { Button, Group, Radio, Stack, Stepper, Text } from '@mantine/core';
import { useState } from 'react';
import {
  identityProviders,
  type IdentityProviderLabel,
  type IdentityProviderSource,
  type SsoProtocol,
  type SsoView,
} from '../../../sdk/admin/sso';
import { DomainsPanel } from './domains-panel';
import { EnforcementPanel } from './enforcement-panel';
import { IdentityProviderForm } from './identity-provider-form';
import { LiveTestPanel } from './live-test-panel';
import { RolesPanel } from './roles-panel';
import { ServiceProviderDetails } from './service-provider-details';

const IDENTITY_PROVIDER_STEP = 2;
const LAST_STEP = 6;

/** The SSO type a configuration is stored with: OIDC, or the SAML identity provider's label. */
const typeOf = (protocol: SsoProtocol, provider: IdentityProviderLabel) =>
  protocol === 'oidc' ? 'oidc' : provider;

/**
 * Setting up single sign-on, one step at a time: the protocol and identity provider, our details to
 * copy there, the identity provider's details here (which creates the connection), domains, roles,
 * enforcement and a live test. Every step after the third changes the saved connection at once, so
 * leaving halfway keeps what was done; the overview shows it.
 */
export function SetupFlow({ view, onDone }: { view: SsoView; onDone: () => void }) {
  const [active, setActive] = useState(0);
  const [protocol, setProtocol] = useState<SsoProtocol>('saml');
  const [provider, setProvider] = useState<IdentityProviderLabel>('okta');
  const [configurationId, setConfigurationId] = useState<string | null>(null);
  const configuration = view.configurations.find((item) => item.id === configurationId) ?? null;

  const saveIdentityProvider = async (source: IdentityProviderSource) => {
    const saved = configuration
      ? await view.api.replaceIdentityProvider(configuration.id, source)
      : await view.api.create(typeOf(protocol, provider), source);
    view.keep(saved);
    setConfigurationId(saved.id);
    setActive(IDENTITY_PROVIDER_STEP + 1);
  };

  const mayGoTo = (step: number) => step <= IDENTITY_PROVIDER_STEP || configuration !== null;
  const nextDisabled = active === IDENTITY_PROVIDER_STEP && configuration === null;

  return (
    <Stack gap="lg">
      <Stepper
        active={active}
        onStepClick={(step) => mayGoTo(step) && setActive(step)}
        orientation="vertical"
        size="sm"
        aria-label="Single sign-on setup"
      >
        <Stepper.Step label="Protocol" description="SAML or OpenID Connect">
          <Stack gap="md">
            <Radio.Group
              label="Protocol"
              description="Choose what your identity provider offers. SAML is the most common."
              value={protocol}
              onChange={(value) => setProtocol(value as SsoProtocol)}
            >
              <Stack gap="xs" mt="xs">
                <Radio value="saml" label="SAML 2.0" disabled={configuration !== null} />
                <Radio value="oidc" label="OpenID Connect" disabled={configuration !== null} />
              </Stack>
            </Radio.Group>
            <Radio.Group
              label="Identity provider"
              value={provider}
              onChange={(value) => setProvider(value as IdentityProviderLabel)}
            >
              <Stack gap="xs" mt="xs">
                {identityProviders.map((item) => (
                  <Radio
                    key={item.value}
                    value={item.value}
                    label={item.label}
                    disabled={configuration !== null}
                  />
                ))}
              </Stack>
            </Radio.Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Our details" description="Copy them to your identity provider">
          <ServiceProviderDetails sso={view.api} protocol={protocol} provider={provider} />
        </Stepper.Step>
        <Stepper.Step label="Identity provider" description="Its metadata or settings">
          <IdentityProviderForm
            protocol={protocol}
            configuration={configuration}
            submitLabel={configuration ? 'Save identity provider' : 'Create connection'}
            onSave={saveIdentityProvider}
          />
        </Stepper.Step>
        <Stepper.Step label="Domains" description="Claim and verify">
          {configuration ? <DomainsPanel view={view} configuration={configuration} canWrite /> : null}
        </Stepper.Step>
        <Stepper.Step label="Roles" description="Default roles and groups">
          {configuration ? <RolesPanel view={view} configuration={configuration} canWrite /> : null}
        </Stepper.Step>
        <Stepper.Step label="Enforcement" description="Require single sign-on">
          <EnforcementPanel view={view} canWrite />
        </Stepper.Step>
        <Stepper.Step label="Test" description="Try a sign-in">
          {configuration ? <LiveTestPanel sso={view.api} configuration={configuration} canTest /> : null}
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between">
        <Button variant="default" onClick={() => setActive((step) => step - 1)} disabled={active === 0}>
          Back
        </Button>
        {active === LAST_STEP ? (
          <Button onClick={onDone}>Finish</Button>
        ) : (
          <Group gap="sm">
            {nextDisabled ? (
              <Text size="sm" c="dimmed">
                Save the identity provider to go on.
              </Text>
            ) : null}
            <Button onClick={() => setActive((step) => step + 1)} disabled={nextDisabled}>
              Next
            </Button>
          </Group>
        )}
      </Group>
    </Stack>
  );
}
