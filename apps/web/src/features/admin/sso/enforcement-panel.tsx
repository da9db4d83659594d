import { Alert, Button, Group, List, Stack, Switch, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useSubmit } from '../../../components/admin';
import { usePolicyImpact, type ImpactCheck } from '../../../components/admin/policy-impact';
import { FormAlert } from '../../../components/form-alert';
import type { SsoPolicy, SsoView } from '../../../sdk/admin/sso';

/** One address a line (commas too), trimmed, lower-cased, without repeats. */
export const excludedEmailsOf = (text: string): string[] => [
  ...new Set(
    text
      .split(/[\n,]/)
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  ),
];

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Issue 14: the members a save would send to SSO (the policy impact preview). */
const impactOf = (policy: SsoPolicy): ImpactCheck[] => [
  { title: 'Single sign-on enforcement', request: { kind: 'ssoEnforcement', policy } },
];

/**
 * Whether members on the verified domains must sign in through SSO, and the break-glass addresses that
 * may still use their other sign-in methods, with what enforcing does to passwords said plainly.
 */
export function EnforcementPanel({ view, canWrite }: { view: SsoView; canWrite: boolean }) {
  const [enforced, setEnforced] = useState(view.policy.enforced);
  const [emails, setEmails] = useState(view.policy.excludedEmails.join('\n'));
  const [invalid, setInvalid] = useState<string | null>(null);
  const saving = useSubmit(async (policy: SsoPolicy) => view.keepPolicy(await view.api.setPolicy(policy)));
  const impact = usePolicyImpact();
  const verifiedDomains = view.configurations.flatMap((item) =>
    item.domains.filter((domain) => domain.validated).map((domain) => domain.domain),
  );

  const save = async () => {
    const excludedEmails = excludedEmailsOf(emails);
    const wrong = excludedEmails.find((email) => !emailPattern.test(email));
    if (wrong) {
      setInvalid(`${wrong} is not an email address`);
      return;
    }
    setInvalid(null);
    // Who would lose their other sign-in methods, the administrator saving it included, asked first.
    if ((await impact.review(impactOf({ enforced, excludedEmails }), 'Save enforcement')) === 'cancelled')
      return;
    await saving.run({ enforced, excludedEmails });
  };

  return (
    <Stack gap="md">
      <Switch
        label="Require single sign-on for these domains"
        description={
          verifiedDomains.length > 0
            ? `Applies to ${verifiedDomains.join(', ')}.`
            : 'Applies once a domain is verified.'
        }
        checked={enforced}
        disabled={!canWrite}
        onChange={(event) => {
          setEnforced(event.currentTarget.checked);
          saving.reset();
        }}
      />
      <Alert variant="light" color="blue" title="What happens when single sign-on is required">
        <List size="sm" spacing={4}>
          <List.Item>
            Members with an address on a verified domain can sign in only through your identity provider.
          </List.Item>
          <List.Item>
            Their passwords, passkeys and other sign-in methods are kept but cannot be used while single
            sign-on is required. Turning this off makes them work again.
          </List.Item>
          <List.Item>
            People whose access you remove at the identity provider can no longer sign in.
          </List.Item>
          <List.Item>
            The break-glass addresses below keep their other sign-in methods, so someone can still get in if
            the identity provider is down. Nobody else does, administrators included.
          </List.Item>
        </List>
      </Alert>
      <Textarea
        label="Break-glass addresses"
        description="Email addresses that may sign in without single sign-on, one per line."
        rows={3}
        value={emails}
        readOnly={!canWrite}
        error={invalid ?? undefined}
        onChange={(event) => {
          setEmails(event.currentTarget.value);
          saving.reset();
        }}
      />
      <FormAlert message={saving.error} />
      {canWrite ? (
        <Group gap="sm">
          <Button onClick={() => void save()} loading={saving.pending || impact.checking}>
            Save enforcement
          </Button>
          {impact.available ? (
            <Button
              variant="default"
              onClick={() => impact.show(impactOf({ enforced, excludedEmails: excludedEmailsOf(emails) }))}
            >
              Preview impact
            </Button>
          ) : null}
          {saving.done ? (
            <Text size="sm" c="teal" role="status">
              Enforcement saved.
            </Text>
          ) : null}
        </Group>
      ) : null}
      {impact.dialog}
    </Stack>
  );
}
