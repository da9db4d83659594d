import { Button, Switch, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { RestrictionType } from '@brizo/contract/enums';
import { usePolicyImpact } from '../../../components/admin/policy-impact';
import { domainChecks, reviewedSave } from './impact-checks';
import { useDomainRestrictions } from './use-restrictions';
import { RestrictionListCard, RestrictionSettingsCard } from './restriction-cards';
import { useRestrictionsEditor } from './use-restrictions-editor';

const RIGHTS = {
  write: 'fe.secure.write.emailDomainRestrictions',
  remove: 'fe.secure.delete.emailDomainRestrictions',
  field: 'restrictSignupByEmailDomain',
};

const listLabel = (type: RestrictionType) => (type === 'ALLOW' ? 'Allowed domains' : 'Blocked domains');

/**
 * Email-domain restrictions: who may be invited into (or sign up to) this account, by email domain.
 * The API answers every domain at once, so the list has no "Show more". Each change first shows which
 * members' domains it would refuse (issue 14).
 */
export function DomainTab() {
  const view = useDomainRestrictions();
  const settings = useRestrictionsEditor(view, RIGHTS);
  const impact = usePolicyImpact();
  const editor = reviewedSave(
    settings,
    impact,
    () => domainChecks.settings(settings.draft),
    'Save domain settings',
  );
  const [domain, setDomain] = useState('');

  if (editor.placeholder) return editor.placeholder;

  const { draft, setDraft } = editor;
  return (
    <Stack gap="md">
      <RestrictionSettingsCard
        editor={editor}
        enforce={{
          label: 'Restrict email domains',
          description: 'Invitations into this account follow the list below',
          checked: draft.active,
          onChange: (active) => setDraft({ ...draft, active }),
        }}
        list={{
          label: 'Domain list',
          value: draft.listType,
          onChange: (listType) => setDraft({ ...draft, listType }),
        }}
        saveLabel="Save domain settings"
        actions={
          impact.available ? (
            <Button variant="default" onClick={() => impact.show(domainChecks.settings(draft))}>
              Preview impact
            </Button>
          ) : null
        }
      >
        <Switch
          label="Block public email domains"
          description="Refuse personal addresses such as gmail.com or outlook.com"
          checked={draft.blockPublicDomains}
          disabled={!editor.canWrite}
          onChange={(event) => setDraft({ ...draft, blockPublicDomains: event.currentTarget.checked })}
        />
      </RestrictionSettingsCard>
      <RestrictionListCard
        editor={editor}
        title={listLabel(draft.listType)}
        entries={view.restrictions.filter((entry) => entry.type === draft.listType)}
        columns={[{ header: 'Domain', cell: (entry) => entry.domain }]}
        nameOf={(entry) => entry.domain}
        empty={{ title: 'No domains on this list', description: 'Add a domain such as example.com.' }}
        add={{
          label: 'Add domain',
          fields: (
            <TextInput
              label="Email domain"
              placeholder="example.com"
              value={domain}
              required
              autoComplete="off"
              onChange={(event) => setDomain(event.currentTarget.value)}
            />
          ),
          submit: async () => {
            await view.add({ domain: domain.trim(), type: draft.listType });
            setDomain('');
          },
        }}
        removal={{
          title: 'Delete domain restriction',
          question: (entry) => `Delete ${entry?.domain ?? ''} from the list?`,
        }}
        review={{
          add: () =>
            impact.review(domainChecks.add({ domain: domain.trim(), type: draft.listType }), 'Add domain'),
          remove: (entry) => impact.review(domainChecks.remove(entry.id), 'Delete'),
          removeNow: (entry) => view.remove(entry.id),
        }}
      />
      {impact.dialog}
    </Stack>
  );
}
