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
import { useIpRestrictions, type IpRestriction, type RestrictionType } from '../../sdk/hooks/admin-security';
import { runSave, SaveStatus } from './save-status';

const listLabel = (strategy: RestrictionType) => (strategy === 'ALLOW' ? 'Allow list' : 'Block list');

/**
 * IP restrictions: an allow or block list enforced at sign-in, refresh and every API call. The
 * administrator tests their own address before saving; the server refuses a change that locks them out.
 */
export function IpTab() {
  const [shown, setShown] = useState<RestrictionType>('ALLOW');
  const view = useIpRestrictions(shown);
  const mayWrite = useCan('fe.secure.write.ipRestrictions');
  const appearance = useFieldAppearance(
    'security',
    'ipAddressRestrictions',
    'fe.secure.write.ipRestrictions',
  );
  const canWrite = mayWrite && appearance === 'edit';
  const canDelete = useCan('fe.secure.delete.ipRestrictions');
  const [draft, setDraft] = useState(view.config);
  const [ip, setIp] = useState('');
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [ipTest, setIpTest] = useState<boolean | null>(null);
  const [removal, setRemoval] = useState<IpRestriction | null>(null);
  const [removalError, setRemovalError] = useState<string | null>(null);
  const { load } = view;
  useEffect(() => load(), [load]);
  useEffect(() => {
    setDraft(view.config);
    setShown(view.config.strategy);
  }, [view.config]);

  if (view.loading && view.restrictions.length === 0 && !saving) return <LoadingState />;
  if (view.error && !saving && !removal) return <ErrorState message={view.error} onRetry={load} />;

  const report = { setSaving, setError, setSaved };
  const listed = view.restrictions.filter((entry) => entry.strategy === draft.strategy);
  const testIp = () =>
    void view
      .testCurrentIp()
      .then(setIpTest, (caught: unknown) =>
        setError(caught instanceof Error ? caught.message : String(caught)),
      );

  return (
    <Stack gap="md">
      <Card withBorder>
        <Stack gap="sm">
          <Switch
            label="Enforce IP restrictions"
            description="Users of this account may sign in and call the API only as the list allows"
            checked={draft.isActive}
            disabled={!canWrite}
            onChange={(event) => setDraft({ ...draft, isActive: event.currentTarget.checked })}
          />
          <SegmentedControl
            aria-label="Restriction list"
            value={draft.strategy}
            disabled={!canWrite}
            data={[
              { value: 'ALLOW', label: 'Allow list' },
              { value: 'BLOCK', label: 'Block list' },
            ]}
            onChange={(value) => {
              setDraft({ ...draft, strategy: value as RestrictionType });
              setShown(value as RestrictionType);
            }}
          />
          <Group>
            <Button variant="default" onClick={testIp}>
              Test my IP
            </Button>
            {ipTest === null ? null : (
              <Text size="sm" role="status" c={ipTest ? 'green' : 'red'}>
                {ipTest
                  ? 'Your current IP address is allowed.'
                  : 'Your current IP address would be blocked: add it to the allow list first.'}
              </Text>
            )}
          </Group>
          <SaveStatus error={error} saved={saved} />
          <Group>
            <Button
              loading={saving}
              disabled={!canWrite}
              onClick={() => void runSave(() => view.saveConfig(draft), report)}
            >
              Save IP settings
            </Button>
          </Group>
        </Stack>
      </Card>

      <Card withBorder>
        <Stack gap="sm">
          <Text fw={600}>{listLabel(draft.strategy)}</Text>
          {canWrite ? (
            <form
              onSubmit={(event) => {
                event.preventDefault();
                void runSave(async () => {
                  await view.add({ ip: ip.trim(), description, strategy: draft.strategy, isActive: true });
                  setIp('');
                  setDescription('');
                }, report);
              }}
            >
              <Group align="flex-end">
                <TextInput
                  label="IP address or CIDR range"
                  placeholder="203.0.113.0/24"
                  value={ip}
                  required
                  autoComplete="off"
                  onChange={(event) => setIp(event.currentTarget.value)}
                />
                <TextInput
                  label="Description"
                  value={description}
                  autoComplete="off"
                  onChange={(event) => setDescription(event.currentTarget.value)}
                />
                <Button type="submit" loading={saving}>
                  Add to {listLabel(draft.strategy).toLowerCase()}
                </Button>
              </Group>
            </form>
          ) : null}
          {listed.length === 0 ? (
            <EmptyState title="No addresses on this list" description="Add an IP address or a CIDR range." />
          ) : (
            <Table striped aria-label={listLabel(draft.strategy)}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">IP address</Table.Th>
                  <Table.Th scope="col">Description</Table.Th>
                  <Table.Th scope="col">Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {listed.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td>{entry.ip}</Table.Td>
                    <Table.Td>{entry.description}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        disabled={!canDelete}
                        aria-label={`Delete ${entry.ip}`}
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
          {view.hasMore ? (
            <Group justify="center">
              <Button variant="subtle" onClick={view.showMore}>
                Show more
              </Button>
            </Group>
          ) : null}
        </Stack>
      </Card>
      <ConfirmDialog
        opened={removal !== null}
        title="Delete IP restriction"
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
        {`Delete ${removal?.ip ?? ''} from the ${listLabel(removal?.strategy ?? 'ALLOW').toLowerCase()}?`}
      </ConfirmDialog>
    </Stack>
  );
}
