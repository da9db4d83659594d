import { Button, Card, Group, SegmentedControl, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  ConfirmDialog,
  EmptyState,
  ErrorState,
  LoadingState,
  useCan,
  useFieldAppearance,
} from '../../components/admin';
import {
  useDomainRestrictions,
  type DomainRestriction,
  type RestrictionType,
} from '../../sdk/hooks/admin-security';
import { runSave, SaveStatus } from './save-status';

const listLabel = (type: RestrictionType) => (type === 'ALLOW' ? 'Allowed domains' : 'Blocked domains');

/** Email-domain restrictions: who may be invited into (or sign up to) this account, by email domain. */
export function DomainTab() {
  const view = useDomainRestrictions();
  const mayWrite = useCan('fe.secure.write.emailDomainRestrictions');
  const appearance = useFieldAppearance(
    'security',
    'restrictSignupByEmailDomain',
    'fe.secure.write.emailDomainRestrictions',
  );
  const canWrite = mayWrite && appearance === 'edit';
  const canDelete = useCan('fe.secure.delete.emailDomainRestrictions');
  const [draft, setDraft] = useState(view.config);
  const [domain, setDomain] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [removal, setRemoval] = useState<DomainRestriction | null>(null);
  const [removalError, setRemovalError] = useState<string | null>(null);
  const { load } = view;
  useEffect(() => load(), [load]);
  useEffect(() => setDraft(view.config), [view.config]);

  if (view.loading && view.restrictions.length === 0 && !saving) return <LoadingState />;
  if (view.error && !saving && !removal) return <ErrorState message={view.error} onRetry={load} />;
  const report = { setSaving, setError, setSaved };
  const listed = view.restrictions.filter((entry) => entry.type === draft.listType);

  return (
    <Stack gap="md">
      <Card withBorder>
        <Stack gap="sm">
          <Switch
            label="Restrict email domains"
            description="Invitations into this account follow the list below"
            checked={draft.active}
            disabled={!canWrite}
            onChange={(event) => setDraft({ ...draft, active: event.currentTarget.checked })}
          />
          <SegmentedControl
            aria-label="Domain list"
            value={draft.listType}
            disabled={!canWrite}
            data={[
              { value: 'ALLOW', label: 'Allow list' },
              { value: 'BLOCK', label: 'Block list' },
            ]}
            onChange={(value) => setDraft({ ...draft, listType: value as RestrictionType })}
          />
          <Switch
            label="Block public email domains"
            description="Refuse personal addresses such as gmail.com or outlook.com"
            checked={draft.blockPublicDomains}
            disabled={!canWrite}
            onChange={(event) => setDraft({ ...draft, blockPublicDomains: event.currentTarget.checked })}
          />
          <SaveStatus error={error} saved={saved} />
          <Group>
            <Button
              loading={saving}
              disabled={!canWrite}
              onClick={() => void runSave(() => view.saveConfig(draft), report)}
            >
              Save domain settings
            </Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Text fw={600}>{listLabel(draft.listType)}</Text>
          {canWrite ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void runSave(async () => {
                  await view.add({ domain: domain.trim(), type: draft.listType });
                  setDomain('');
                }, report);
              }}
            >
              <Group align="flex-end">
                <TextInput
                  label="Email domain"
                  placeholder="example.com"
                  value={domain}
                  required
                  autoComplete="off"
                  onChange={(event) => setDomain(event.currentTarget.value)}
                />
                <Button type="submit" loading={saving}>
                  Add domain
                </Button>
              </Group>
            </form>
          ) : null}
          {listed.length === 0 ? (
            <EmptyState title="No domains on this list" description="Add a domain such as example.com." />
          ) : (
            <Table striped aria-label={listLabel(draft.listType)}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Domain</Table.Th>
                  <Table.Th scope="col">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {listed.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{entry.domain}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        disabled={!canDelete}
                        aria-label={`Delete ${entry.domain}`}
                        onClick={() => setRemoval(entry)}
                      >
                        Delete
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stack>
      </Card>
      <ConfirmDialog
        opened={removal !== null}
        title="Delete domain restriction"
        confirmLabel="Delete"
        loading={saving}
        error={removalError}
        onClose={() => {
          setRemoval(null);
          setRemovalError(null);
        }}
        onConfirm={() => {
          if (!removal) return;
          void runSave(() => view.remove(removal.id), {
            setSaving,
            setSaved: (done) => done && setRemoval(null),
            setError: setRemovalError,
          });
        }}
      >
        {`Delete ${removal?.domain ?? ''} from the list?`}
      </ConfirmDialog>
    </Stack>
  );
}
