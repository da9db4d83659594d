import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog, CopyField, useConfirmation, useSubmit } from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import type { ApiError } from '../../../sdk/admin/api-error';
import type { SsoConfiguration, SsoDomain, SsoView } from '../../../sdk/admin/sso';

type Outcome =
  | { domainId: string; verified: true }
  | { domainId: string; verified: false; message: string; code?: string };

/** What a failed verification means and what to do next, in plain words. */
function failureText(domain: string, outcome: { message: string; code?: string }): string {
  if (outcome.code === 'ER-SSO-DOMAIN-NOT-VERIFIED')
    return `We did not find the TXT record on ${domain} yet. Check that its name and value are exactly as shown, then try again: DNS changes can take from a few minutes to a few hours to appear.`;
  return outcome.message;
}

function DomainRow({
  domain,
  outcome,
  canWrite,
  verifying,
  onVerify,
  onRemove,
}: {
  domain: SsoDomain;
  outcome: Outcome | null;
  canWrite: boolean;
  verifying: boolean;
  onVerify: () => void;
  onRemove: () => void;
}) {
  return (
    <Card withBorder padding="md" component="li" aria-label={domain.domain}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Text fw={600}>{domain.domain}</Text>
            <Badge color={domain.validated ? 'teal' : 'yellow'} variant="light">
              {domain.validated ? 'Verified' : 'Not verified'}
            </Badge>
          </Group>
          {canWrite ? (
            <Group gap="xs">
              {domain.validated ? null : (
                <Button
                  size="xs"
                  onClick={onVerify}
                  loading={verifying}
                  aria-label={`Verify ${domain.domain}`}
                >
                  Verify
                </Button>
              )}
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={onRemove}
                aria-label={`Remove ${domain.domain}`}
              >
                Remove
              </Button>
            </Group>
          ) : null}
        </Group>
        {domain.validated ? null : (
          <>
            <Text size="sm">
              Add this TXT record at your DNS provider, then select Verify. Leave it in place: it proves the
              domain stays yours.
            </Text>
            <CopyField
              label={`TXT record name for ${domain.domain}`}
              description="Some DNS providers call it host; @ means the domain itself."
              value={domain.domain}
            />
            <CopyField label={`TXT record value for ${domain.domain}`} value={domain.txtRecord} />
          </>
        )}
        {outcome?.verified ? (
          <Alert color="teal" variant="light" role="status" title={`${domain.domain} is verified`}>
            People with an @{domain.domain} address now sign in through this connection while it is enabled.
          </Alert>
        ) : null}
        {outcome && !outcome.verified ? (
          <Alert color="red" variant="light" role="alert" title={`${domain.domain} is not verified yet`}>
            {failureText(domain.domain, outcome)}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

/**
 * The email domains a connection claims: each is added, then verified by a DNS TXT record whose exact
 * name and value are shown to copy. Only verified domains send people to the identity provider.
 */
export function DomainsPanel({
  view,
  configuration,
  canWrite,
}: {
  view: SsoView;
  configuration: SsoConfiguration;
  canWrite: boolean;
}) {
  const [domain, setDomain] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [verifyingId, setVerifyingId] = useState<string | null>(null);
  const adding = useSubmit(
    async (name: string) => {
      await view.api.addDomain(configuration.id, name);
      await view.reload();
    },
    {
      'ER-SSO-INVALID-DOMAIN': 'domain',
      'ER-SSO-PUBLIC-EMAIL-DOMAIN': 'domain',
      'ER-SSO-DOMAIN-EXISTS': 'domain',
    } as const,
  );
  const removal = useConfirmation(async (target: SsoDomain) => {
    await view.api.removeDomain(configuration.id, target.id);
    await view.reload();
  });

  const verify = async (target: SsoDomain) => {
    setVerifyingId(target.id);
    setOutcome(null);
    try {
      await view.api.verifyDomain(configuration.id, target.id);
      setOutcome({ domainId: target.id, verified: true });
      await view.reload();
    } catch (failure) {
      const error = failure as ApiError;
      setOutcome({ domainId: target.id, verified: false, message: error.message, code: error.errorCode });
    } finally {
      setVerifyingId(null);
    }
  };

  const add = async () => {
    const name = domain.trim().toLowerCase();
    if (!name) return;
    if (await adding.run(name)) setDomain('');
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        People whose email address is on a verified domain sign in through this connection. Verifying proves
        your organisation owns the domain.
      </Text>
      {configuration.domains.length === 0 ? (
        <Text size="sm" c="dimmed">
          No domains yet.
        </Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Domains">
          {configuration.domains.map((item) => (
            <DomainRow
              key={item.id}
              domain={item}
              outcome={outcome?.domainId === item.id ? outcome : null}
              canWrite={canWrite}
              verifying={verifyingId === item.id}
              onVerify={() => void verify(item)}
              onRemove={() => removal.ask(item)}
            />
          ))}
        </Stack>
      )}
      {canWrite ? (
        <form
          aria-label="Add a domain"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <Group align="flex-start" gap="sm">
            <TextInput
              label="Domain"
              placeholder="example.com"
              autoComplete="off"
              value={domain}
              error={adding.fieldErrors.domain}
              onChange={(event) => setDomain(event.currentTarget.value)}
              style={{ flex: 1 }}
            />
            <Button type="submit" mt={25} loading={adding.pending} disabled={!domain.trim()}>
              Add domain
            </Button>
          </Group>
          <FormAlert message={adding.error} />
        </form>
      ) : null}
      <ConfirmDialog {...removal.dialog} title="Remove domain" confirmLabel="Remove domain">
        {`Remove ${removal.target?.domain ?? ''}? People on it then sign in the way they did before this connection.`}
      </ConfirmDialog>
    </Stack>
  );
}
