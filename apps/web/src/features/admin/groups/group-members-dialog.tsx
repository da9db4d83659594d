import { Button, Group, List, Modal, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSubmit } from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import type { GroupItem, GroupsView } from '../../../sdk/admin/groups';
import type { GroupOffers } from './group-offers';

interface Entry {
  id: string;
  label: string;
}

/** One relation of a group (its roles, or its members): the list, a remove button each, and an add control. */
function RelationPanel({
  title,
  noun,
  empty,
  held,
  choices,
  canAdd,
  canRemove,
  onAdd,
  onRemove,
}: {
  title: string;
  noun: 'role' | 'member';
  empty: string;
  held: Entry[];
  choices: Entry[];
  canAdd: boolean;
  canRemove: boolean;
  onAdd: (id: string) => Promise<void>;
  onRemove: (entry: Entry) => void;
}) {
  const [chosen, setChosen] = useState('');
  const adding = useSubmit(onAdd);
  return (
    <Stack gap="xs">
      <Title order={2} fz="md">
        {title}
      </Title>
      {held.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <List spacing={4} listStyleType="none" aria-label={`${title} of the group`}>
          {held.map((entry) => (
            <List.Item key={entry.id}>
              <Group gap="sm">
                <Text size="sm">{entry.label}</Text>
                {canRemove ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${noun} ${entry.label}`}
                    onClick={() => onRemove(entry)}
                  >
                    Remove
                  </Button>
                ) : null}
              </Group>
            </List.Item>
          ))}
        </List>
      )}
      {canAdd ? (
        <Group align="flex-end" gap="sm">
          <NativeSelect
            label={`${noun === 'role' ? 'Role' : 'Member'} to add`}
            data={[
              { value: '', label: `Choose a ${noun === 'role' ? 'role' : 'user'}` },
              ...choices.map(({ id, label }) => ({ value: id, label })),
            ]}
            value={chosen}
            onChange={(event) => setChosen(event.currentTarget.value)}
          />
          <Button
            disabled={!chosen}
            loading={adding.pending}
            onClick={() => void adding.run(chosen).then((ok) => ok && setChosen(''))}
          >
            {`Add ${noun}`}
          </Button>
        </Group>
      ) : null}
      <FormAlert message={adding.error} />
    </Stack>
  );
}

/**
 * A group's roles and members: add and remove them, as `offers` allows (permissions and the groups
 * configuration). A removal is asked for by the section, which confirms it first.
 */
export function GroupMembersDialog({
  group,
  view,
  offers,
  onClose,
  onRemove,
}: {
  group: GroupItem;
  view: GroupsView;
  offers: GroupOffers;
  onClose: () => void;
  onRemove: (removal: { kind: 'role' | 'user'; id: string; label: string }) => void;
}) {
  const { loadChoices } = view;
  useEffect(() => loadChoices(), [loadChoices]);

  const roles = group.roles.map((role) => ({ id: role.id, label: role.name }));
  const users = group.users.map((user) => ({ id: user.id, label: user.email }));
  return (
    <Modal opened onClose={onClose} title={`Group ${group.name}`} size="lg" centered>
      <Stack gap="lg">
        <RelationPanel
          title="Roles"
          noun="role"
          empty="No roles: members get nothing from this group yet."
          held={roles}
          choices={view.roles
            .filter((role) => !roles.some((held) => held.id === role.id))
            .map((role) => ({ id: role.id, label: role.name }))}
          canAdd={offers.addRoles}
          canRemove={offers.removeRoles}
          onAdd={(roleId) => view.addRoles(group.id, [roleId])}
          onRemove={(entry) => onRemove({ kind: 'role', ...entry })}
        />
        <RelationPanel
          title="Members"
          noun="member"
          empty="No members yet."
          held={users}
          choices={view.teamUsers
            .filter((user) => !users.some((held) => held.id === user.id))
            .map((user) => ({ id: user.id, label: user.email }))}
          canAdd={offers.addMembers}
          canRemove={offers.removeMembers}
          onAdd={(userId) => view.addUsers(group.id, [userId])}
          onRemove={(entry) => onRemove({ kind: 'user', ...entry })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
