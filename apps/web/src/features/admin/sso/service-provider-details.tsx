import { Anchor, List, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CopyField, ErrorState, LoadingState } from '../../../components/admin';
import { errorMessage } from '../../../sdk/admin/api-error';
import type { IdentityProviderLabel, ServiceProvider, SsoApi, SsoProtocol } from '../../../sdk/admin/sso';
import { paths } from '../../../lib/paths';

/** Where each identity provider asks for our details, in its own words. */
const samlHints: Record<IdentityProviderLabel, string[]> = {
  okta: [
    'In Okta, create an app integration with SAML 2.0.',
    'Paste the ACS URL into "Single sign-on URL" and the entity ID into "Audience URI (SP Entity ID)".',
    'Set "Name ID format" to EmailAddress.',
  ],
  azure: [
    'In Microsoft Entra ID, add an enterprise application and choose SAML single sign-on.',
    'Paste the entity ID into "Identifier (Entity ID)" and the ACS URL into "Reply URL (Assertion Consumer Service URL)".',
  ],
  google: [
    'In the Google Admin console, add a custom SAML app.',
    'Paste the ACS URL into "ACS URL" and the entity ID into "Entity ID"; set "Name ID format" to EMAIL.',
  ],
  saml: [
    'In your identity provider, create a SAML 2.0 application with these details, or give it our metadata file.',
  ],
};

/** The OIDC redirect URI to register at the provider: this app's callback page. */
export const oidcRedirectUri = () => `${window.location.origin}${paths.oidcCallback}`;

/** Our service provider's details, to copy into the identity provider (the setup flow's second step). */
export function ServiceProviderDetails({
  sso,
  protocol,
  provider,
  redirectUri,
}: {
  sso: SsoApi;
  protocol: SsoProtocol;
  provider: IdentityProviderLabel;
  /** The configuration's own redirect URI, once it exists. */
  redirectUri?: string;
}) {
  const [details, setDetails] = useState<ServiceProvider | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (protocol !== 'saml') return;
    let active = true;
    setError(null);
    sso
      .serviceProvider()
      .then((answer) => active && setDetails(answer))
      .catch((failure: unknown) => active && setError(errorMessage(failure)));
    return () => {
      active = false;
    };
  }, [sso, protocol, attempt]);

  if (protocol === 'oidc') {
    return (
      <Stack gap="sm">
        <Text size="sm">
          Create an OpenID Connect web application at your identity provider (authorization code flow) and
          register this redirect URI. Ask for the scopes openid, email and profile.
        </Text>
        <CopyField label="Redirect URI" value={redirectUri || oidcRedirectUri()} />
      </Stack>
    );
  }
  if (error) return <ErrorState message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!details) return <LoadingState label="Loading our service provider details..." />;
  return (
    <Stack gap="sm">
      <List size="sm" spacing={4}>
        {samlHints[provider].map((hint) => (
          <List.Item key={hint}>{hint}</List.Item>
        ))}
      </List>
      <CopyField
        label="ACS URL"
        description="Assertion consumer service: where your identity provider sends people back."
        value={details.acsUrl}
      />
      <CopyField
        label="Entity ID"
        description="Also called audience or identifier."
        value={details.spEntityId}
      />
      <CopyField label="SP metadata URL" value={details.metadataUrl} />
      <Text size="sm">
        <Anchor href={details.metadataUrl} download="sp-metadata.xml">
          Download our SP metadata
        </Anchor>{' '}
        (an XML file many identity providers can import).
      </Text>
    </Stack>
  );
}
