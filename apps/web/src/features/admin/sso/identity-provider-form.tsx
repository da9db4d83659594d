import {
  Button,
  Checkbox,
  FileInput,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState } from 'react';
import { useSubmit } from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import type { IdentityProviderSource, SsoConfiguration, SsoProtocol } from '../../../sdk/admin/sso';

type SamlWay = 'file' | 'url' | 'manual';

interface Fields {
  metadataUrl: string;
  ssoEndpoint: string;
  publicCertificate: string;
  oidcIssuer: string;
  oidcClientId: string;
  oidcSecret: string;
}

const samlWays: { value: SamlWay; label: string }[] = [
  { value: 'file', label: 'Upload metadata file' },
  { value: 'url', label: 'Metadata URL' },
  { value: 'manual', label: 'Enter manually' },
];

/** What the form holds, checked before it is sent: the message of the first thing missing, or the source. */
async function sourceOf(
  protocol: SsoProtocol,
  way: SamlWay,
  fields: Fields,
  file: File | null,
  signRequest: boolean,
): Promise<IdentityProviderSource | string> {
  if (protocol === 'oidc') {
    if (!fields.oidcIssuer.trim()) return 'Enter the issuer';
    if (!fields.oidcClientId.trim()) return 'Enter the client ID';
    return {
      kind: 'oidc',
      oidcIssuer: fields.oidcIssuer.trim(),
      oidcClientId: fields.oidcClientId.trim(),
      oidcSecret: fields.oidcSecret,
    };
  }
  if (way === 'file') {
    if (!file) return 'Choose the metadata file your identity provider gave you';
    return { kind: 'metadataXml', metadata: await file.text() };
  }
  if (way === 'url') {
    if (!fields.metadataUrl.trim()) return 'Enter the metadata URL';
    return { kind: 'metadataUrl', url: fields.metadataUrl.trim() };
  }
  if (!fields.ssoEndpoint.trim()) return 'Enter the single sign-on URL';
  if (!fields.publicCertificate.trim()) return 'Paste the signing certificate';
  return {
    kind: 'saml',
    ssoEndpoint: fields.ssoEndpoint.trim(),
    publicCertificate: fields.publicCertificate.trim(),
    signRequest,
  };
}

/**
 * The identity provider, described one of three ways for SAML (its metadata file, its metadata URL,
 * or the sign-on URL and certificate by hand) or by issuer, client ID and secret for OIDC.
 */
export function IdentityProviderForm({
  protocol,
  configuration,
  submitLabel,
  onSave,
  onCancel,
}: {
  protocol: SsoProtocol;
  configuration: SsoConfiguration | null;
  submitLabel: string;
  onSave: (source: IdentityProviderSource) => Promise<void>;
  onCancel?: () => void;
}) {
  const [way, setWay] = useState<SamlWay>(configuration?.metadataUrl ? 'url' : 'file');
  const [file, setFile] = useState<File | null>(null);
  const [signRequest, setSignRequest] = useState(configuration?.signRequest ?? false);
  const [fields, setFields] = useState<Fields>({
    metadataUrl: configuration?.metadataUrl ?? '',
    ssoEndpoint: configuration?.ssoEndpoint ?? '',
    publicCertificate: configuration?.publicCertificate ?? '',
    oidcIssuer: configuration?.oidcIssuer ?? '',
    oidcClientId: configuration?.oidcClientId ?? '',
    oidcSecret: '',
  });
  const [missing, setMissing] = useState<string | null>(null);
  const submission = useSubmit(onSave);
  const field = (name: keyof Fields) => ({
    value: fields[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setFields((current) => ({ ...current, [name]: value }));
    },
  });

  const submit = async () => {
    const source = await sourceOf(protocol, way, fields, file, signRequest);
    if (typeof source === 'string') {
      submission.clear();
      setMissing(source);
      return;
    }
    setMissing(null);
    await submission.run(source);
  };

  return (
    <form
      aria-label="Identity provider"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        {protocol === 'oidc' ? (
          <>
            <TextInput
              label="Issuer"
              description="The provider's issuer URL; its discovery document is read from there."
              placeholder="https://login.example.com"
              autoComplete="off"
              {...field('oidcIssuer')}
            />
            <TextInput label="Client ID" autoComplete="off" {...field('oidcClientId')} />
            <PasswordInput
              label="Client secret"
              description={
                configuration?.oidcSecret
                  ? 'A secret is stored. Leave this empty to keep it.'
                  : 'Stored encrypted; it is never shown again.'
              }
              autoComplete="new-password"
              {...field('oidcSecret')}
            />
          </>
        ) : (
          <>
            <SegmentedControl
              aria-label="How to describe your identity provider"
              data={samlWays}
              value={way}
              onChange={(value) => setWay(value as SamlWay)}
            />
            {way === 'file' ? (
              <FileInput
                label="IdP metadata file"
                description="The XML file your identity provider offers to download."
                placeholder="Choose a file"
                accept=".xml,application/xml,text/xml"
                value={file}
                onChange={setFile}
                clearable
              />
            ) : null}
            {way === 'url' ? (
              <TextInput
                label="Metadata URL"
                description="Read now and again every day, so certificate changes reach us on their own."
                placeholder="https://idp.example.com/metadata"
                autoComplete="off"
                {...field('metadataUrl')}
              />
            ) : null}
            {way === 'manual' ? (
              <>
                <TextInput
                  label="Single sign-on URL"
                  placeholder="https://idp.example.com/sso/saml"
                  autoComplete="off"
                  {...field('ssoEndpoint')}
                />
                <Textarea
                  label="Signing certificate"
                  description="The identity provider's X.509 certificate (PEM)."
                  rows={6}
                  ff="monospace"
                  {...field('publicCertificate')}
                />
                <Checkbox
                  label="Sign the requests we send to the identity provider"
                  checked={signRequest}
                  onChange={(event) => setSignRequest(event.currentTarget.checked)}
                />
              </>
            ) : null}
          </>
        )}
        {missing ? <FormAlert message={missing} /> : <FormAlert message={submission.error} />}
        {submission.done ? (
          <Text size="sm" c="teal" role="status">
            Identity provider saved.
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={submission.pending}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={submission.pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
