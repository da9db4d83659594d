import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { RestrictionType } from '@brizo/contract/enums';
import { usePolicyImpact } from '../../../components/admin/policy-impact';
import { ipChecks, reviewedSave } from './impact-checks';
import { useCurrentIp, useIpRestrictions } from './use-restrictions';
import { RestrictionListCard, RestrictionSettingsCard } from './restriction-cards';
import { useRestrictionsEditor } from './use-restrictions-editor';

const RIGHTS = {
  write: 'fe.secure.write.ipRestrictions',
  remove: 'fe.secure.delete.ipRestrictions',
  field: 'ipAddressRestrictions',
};

const listLabel = (strategy: RestrictionType) => (strategy === 'ALLOW' ? 'Allow list' : 'Block list');

/**
 * IP restrictions: an allow or block list enforced at sign-in, refresh and every API call. The
 * administrator tests their own address before saving; each change first shows which members' recent
 * addresses it would refuse, and asks the administrator to confirm one that refuses their own (issue
 * 14); the server still refuses a change that locks them out.
 */
export function IpTab() {
  const [shown, setShown] = useState<RestrictionType>('ALLOW');
  const view = useIpRestrictions(shown);
  const currentIp = useCurrentIp();
  const settings = useRestrictionsEditor(view, RIGHTS);
  const impact = usePolicyImpact();
  const editor = reviewedSave(settings, impact, () => ipChecks.settings(settings.draft), 'Save IP settings');
  const [ip, setIp] = useState('');
  const [description, setDescription] = useState('');
  const [ipTest, setIpTest] = useState<boolean | null>(null);
  useEffect(() => setShown(view.config.strategy), [view.config]);

  if (editor.placeholder) return editor.placeholder;

  const { draft, setDraft } = editor;
  const testIp = () =>
    void editor.check(async () => {
      setIpTest(await view.testCurrentIp());
    });

  return (
    <Stack gap="md">
      <RestrictionSettingsCard
        editor={editor}
        enforce={{
          label: 'Enforce IP restrictions',
          description: 'Users of this account may sign in and call the API only as the list allows',
          checked: draft.isActive,
          onChange: (isActive) => setDraft({ ...draft, isActive }),
        }}
        list={{
          label: 'Restriction list',
          value: draft.strategy,
          onChange: (strategy) => {
            setDraft({ ...draft, strategy });
            setShown(strategy);
          },
        }}
        saveLabel="Save IP settings"
        actions={
          impact.available ? (
            <Button variant="default" onClick={() => impact.show(ipChecks.settings(draft))}>
              Preview impact
            </Button>
          ) : null
        }
      >
        {currentIp ? (
          <Text size="sm" data-testid="current-ip">
            Your current IP address:{' '}
            <Text span fw={600} ff="monospace">
              {currentIp.ip}
            </Text>
            {currentIp.countryCode ? ` (${currentIp.countryCode})` : ''}
          </Text>
        ) : null}
        <Group>
          <Button variant="default" onClick={testIp}>
            Test my IP
          </Button>
          {ipTest === null ? null : (
            <Text size="sm" role="status" c={ipTest ? 'green' : 'red'}>
              {ipTest
                ? `Your current IP address${currentIp ? ` ${currentIp.ip}` : ''} is allowed.`
                : `Your current IP address${currentIp ? ` ${currentIp.ip}` : ''} would be blocked: add it to the allow list first.`}
            </Text>
          )}
        </Group>
      </RestrictionSettingsCard>

      <RestrictionListCard
        editor={editor}
        title={listLabel(draft.strategy)}
        entries={view.restrictions.filter((entry) => entry.strategy === draft.strategy)}
        columns={[
          { header: 'IP address', cell: (entry) => entry.ip },
          { header: 'Description', cell: (entry) => entry.description },
        ]}
        nameOf={(entry) => entry.ip}
        empty={{ title: 'No addresses on this list', description: 'Add an IP address or a CIDR range.' }}
        add={{
          label: `Add to ${listLabel(draft.strategy).toLowerCase()}`,
          fields: (
            <>
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
            </>
          ),
          submit: async () => {
            await view.add({ ip: ip.trim(), description, strategy: draft.strategy, isActive: true });
            setIp('');
            setDescription('');
          },
        }}
        paging={{ hasMore: view.hasMore, showMore: view.showMore }}
        removal={{
          title: 'Delete IP restriction',
          question: (entry) =>
            `Delete ${entry?.ip ?? ''} from the ${listLabel(entry?.strategy ?? 'ALLOW').toLowerCase()}?`,
        }}
        review={{
          add: () =>
            impact.review(
              ipChecks.add({ ip: ip.trim(), strategy: draft.strategy }),
              `Add to ${listLabel(draft.strategy).toLowerCase()}`,
            ),
          remove: (entry) => impact.review(ipChecks.remove(entry.id), 'Delete'),
          removeNow: (entry) => view.remove(entry.id),
        }}
      />
      {impact.dialog}
    </Stack>
  );
}
