import { Switch, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { RestrictionType } from '@brizo/contract/enums';
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
 * The API answers every domain at once, so the list has no "Show more".
 */
export function DomainTab() {
  const view = useDomainRestrictions();
  const editor = useRestrictionsEditor(view, RIGHTS);
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
      />
    </Stack>
  );
}
