import { Button, Group, Radio, Stack, Stepper, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
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
 * The open step under a heading of its own, so the panels' headings sit below it in the outline
 * (the section's h1, this flow's h2, the step's h3, a panel's h4) and a screen reader announces the step.
 */
function StepContent({ title, children }: { title: string; children: ReactNode }) {
  const id = `sso-setup-step-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Stack gap="md" component="section" aria-labelledby={id} mt="md">
      <Title order={3} fz="md" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

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
    <Stack gap="lg" component="section" aria-labelledby="sso-setup-title">
      <Title order={2} fz="lg" id="sso-setup-title">
        Set up single sign-on
      </Title>
      <Stepper
        active={active}
        onStepClick={(step) => mayGoTo(step) && setActive(step)}
        orientation="vertical"
        size="sm"
        aria-label="Single sign-on setup"
      >
        <Stepper.Step label="Protocol" description="SAML or OpenID Connect">
          <StepContent title="Protocol">
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
          </StepContent>
        </Stepper.Step>
        <Stepper.Step label="Our details" description="Copy them to your identity provider">
          <StepContent title="Our details">
            <ServiceProviderDetails sso={view.api} protocol={protocol} provider={provider} />
          </StepContent>
        </Stepper.Step>
        <Stepper.Step label="Identity provider" description="Its metadata or settings">
          <StepContent title="Identity provider">
            <IdentityProviderForm
              protocol={protocol}
              configuration={configuration}
              submitLabel={configuration ? 'Save identity provider' : 'Create connection'}
              onSave={saveIdentityProvider}
            />
          </StepContent>
        </Stepper.Step>
        <Stepper.Step label="Domains" description="Claim and verify">
          <StepContent title="Domains">
            {configuration ? <DomainsPanel view={view} configuration={configuration} canWrite /> : null}
          </StepContent>
        </Stepper.Step>
        <Stepper.Step label="Roles" description="Default roles and groups">
          <StepContent title="Roles">
            {configuration ? <RolesPanel view={view} configuration={configuration} canWrite /> : null}
          </StepContent>
        </Stepper.Step>
        <Stepper.Step label="Enforcement" description="Require single sign-on">
          <StepContent title="Enforcement">
            <EnforcementPanel view={view} canWrite />
          </StepContent>
        </Stepper.Step>
        <Stepper.Step label="Test" description="Try a sign-in">
          <StepContent title="Test">
            {configuration ? <LiveTestPanel sso={view.api} configuration={configuration} canTest /> : null}
          </StepContent>
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
