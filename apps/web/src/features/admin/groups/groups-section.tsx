import { Badge, Box, Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorState,
  LoadingState,
  RowActions,
  SectionPage,
  useAdminPortal,
  useConfirmation,
  type ColumnDef,
} from '../../../components/admin';
import { viewerMay } from '../../../lib/admin-portal';
import { useGroups, useGroupsConfiguration, type GroupItem } from '../../../sdk/admin/groups';
import { GroupDialog } from './group-dialog';
import { GroupMembersDialog } from './group-members-dialog';
import { groupOffers } from './group-offers';
import { GroupsNotice, GroupsSettings } from './groups-settings';

const groupColumns: ColumnDef<GroupItem>[] = [
  {
    id: 'name',
    header: 'Group',
    cell: ({ row: { original: group } }) => (
      <Group gap="xs" wrap="nowrap">
        <Box
          w={12}
          h={12}
          style={{ borderRadius: 6, background: group.color || 'var(--mantine-color-gray-4)' }}
          aria-hidden
        />
        <Text size="sm" fw={500}>
          {group.name}
        </Text>
      </Group>
    ),
  },
  { id: 'description', header: 'Description', cell: ({ row }) => row.original.description },
  {
    id: 'roles',
    header: 'Roles',
    cell: ({ row }) => (
      <Group gap={4}>
        {row.original.roles.map((role) => (
          <Badge key={role.id} variant="light">
            {role.name}
          </Badge>
        ))}
      </Group>
    ),
  },
  { id: 'members', header: 'Members', cell: ({ row }) => row.original.users.length },
];

type Removal =
  | { kind: 'group'; group: GroupItem }
  | { kind: 'role' | 'user'; group: GroupItem; id: string; label: string };

const removalText = (removal: Removal): { title: string; text: string } => {
  if (removal.kind === 'group') {
    return {
      title: 'Delete group',
      text: `Delete the group ${removal.group.name}? Its members lose the roles it gave them.`,
    };
  }
  return removal.kind === 'role'
    ? { title: 'Remove role', text: `Remove the role ${removal.label} from ${removal.group.name}?` }
    : { title: 'Remove member', text: `Remove ${removal.label} from ${removal.group.name}?` };
};

/**
 * Groups (SPEC section 2): create, edit, delete, and their roles and members; and the tenant's
 * groups configuration, which narrows what is offered while groups or roles on groups are off.
 */
export function GroupsSection() {
  const view = useGroups();
  const settings = useGroupsConfiguration();
  const { viewer } = useAdminPortal();
  const known = settings.loaded && !settings.error;
  const offers = groupOffers(known ? settings.configuration : null, (permission) =>
    viewerMay(viewer, permission),
  );
  const [editing, setEditing] = useState<GroupItem | 'new' | null>(null);
  const [managingId, setManagingId] = useState<string | null>(null);
  const removal = useConfirmation(async (asked: Removal) => {
    if (asked.kind === 'group') await view.remove(asked.group.id);
    else if (asked.kind === 'role') await view.removeRoles(asked.group.id, [asked.id]);
    else await view.removeUsers(asked.group.id, [asked.id]);
  });
  const { load } = view;
  useEffect(() => load(), [load]);
  const { load: loadSettings } = settings;
  useEffect(() => loadSettings(), [loadSettings]);
  // The dialog follows the live list, so it shows each change as the store reloads.
  const managing = view.groups.find((group) => group.id === managingId) ?? null;

  const body = () => {
    if (!view.loaded || (view.loading && view.groups.length === 0)) return <LoadingState />;
    if (view.error && view.groups.length === 0) return <ErrorState message={view.error} onRetry={load} />;
    if (view.groups.length === 0) {
      return (
        <EmptyState
          title="No groups yet"
          description="Groups give their members roles together."
          action={offers.create ? <Button onClick={() => setEditing('new')}>Create group</Button> : undefined}
        />
      );
    }
    return (
      <DataTable
        label="Groups"
        columns={groupColumns}
        data={view.groups}
        getRowId={(group) => group.id}
        empty={null}
        rowActions={(group) => (
          <RowActions
            name={group.name}
            onEdit={offers.edit ? () => setEditing(group) : undefined}
            onDelete={offers.remove ? () => removal.ask({ kind: 'group', group }) : undefined}
          >
            <Button
              size="xs"
              variant="default"
              onClick={() => setManagingId(group.id)}
              aria-label={`Roles and members of ${group.name}`}
            >
              Roles and members
            </Button>
          </RowActions>
        )}
      />
    );
  };

  const texts = removal.target ? removalText(removal.target) : { title: '', text: '' };
  return (
    <SectionPage
      title="Groups"
      description="People in a group get the group's roles."
      actions={offers.create ? <Button onClick={() => setEditing('new')}>Create group</Button> : null}
    >
      <GroupsSettings view={settings} canChange={offers.configure} />
      {known ? <GroupsNotice configuration={settings.configuration} /> : null}
      {body()}
      {editing ? (
        <GroupDialog
          group={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={(fields) => (editing === 'new' ? view.create(fields) : view.update(editing.id, fields))}
        />
      ) : null}
      {managing && !removal.target ? (
        <GroupMembersDialog
          group={managing}
          view={view}
          offers={offers}
          onClose={() => setManagingId(null)}
          onRemove={(item) => removal.ask({ ...item, group: managing })}
        />
      ) : null}
      <ConfirmDialog {...removal.dialog} title={texts.title} confirmLabel={texts.title}>
        {texts.text}
      </ConfirmDialog>
    </SectionPage>
  );
}
