import { Badge, Box, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  ConfirmDialog,
  EmptyState,
  ErrorState,
  LoadingState,
  SectionPage,
  useCan,
} from '../../components/admin';
import { useGroups, type GroupItem } from '../../sdk/hooks/admin-groups';
import { GroupDialog } from './group-dialog';
import { GroupMembersDialog } from './group-members-dialog';

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

/** Groups (SPEC section 2): create, edit, delete, and their roles and members. */
export function GroupsSection() {
  const view = useGroups();
  const canWrite = useCan('fe.secure.write.groups');
  const canDelete = useCan('fe.secure.delete.groups');
  const [editing, setEditing] = useState<GroupItem | 'new' | null>(null);
  const [managingId, setManagingId] = useState<string | null>(null);
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [removalError, setRemovalError] = useState<string | null>(null);
  const [removing, setRemoving] = useState(false);
  const { load } = view;
  useEffect(() => load(), [load]);
  // The dialog follows the live list, so it shows each change as the store reloads.
  const managing = view.groups.find((group) => group.id === managingId) ?? null;

  const confirmRemoval = async () => {
    if (!removal) return;
    setRemoving(true);
    setRemovalError(null);
    try {
      if (removal.kind === 'group') await view.remove(removal.group.id);
      else if (removal.kind === 'role') await view.removeRoles(removal.group.id, [removal.id]);
      else await view.removeUsers(removal.group.id, [removal.id]);
      setRemoval(null);
    } catch (caught) {
      setRemovalError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setRemoving(false);
    }
  };

  const body = () => {
    if (!view.loaded || (view.loading && view.groups.length === 0)) return <LoadingState />;
    if (view.error && view.groups.length === 0) return <ErrorState message={view.error} onRetry={load} />;
    if (view.groups.length === 0) {
      return (
        <EmptyState
          title="No groups yet"
          description="Groups give their members roles together."
          action={canWrite ? <Button onClick={() => setEditing('new')}>Create group</Button> : undefined}
        />
      );
    }
    return (
      <Table.ScrollContainer minWidth={640}>
        <Table striped aria-label="Groups">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Group</Table.Th>
              <Table.Th scope="col">Description</Table.Th>
              <Table.Th scope="col">Roles</Table.Th>
              <Table.Th scope="col">Members</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {view.groups.map((group) => (
              <Table.Tr key={group.id}>
                <Table.Td>
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
                </Table.Td>
                <Table.Td>{group.description}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {group.roles.map((role) => (
                      <Badge key={role.id} variant="light">
                        {role.name}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{group.users.length}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setManagingId(group.id)}
                      aria-label={`Roles and members of ${group.name}`}
                    >
                      Roles and members
                    </Button>
                    {canWrite ? (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setEditing(group)}
                        aria-label={`Edit ${group.name}`}
                      >
                        Edit
                      </Button>
                    ) : null}
                    {canDelete ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${group.name}`}
                        onClick={() => {
                          setRemovalError(null);
                          setRemoval({ kind: 'group', group });
                        }}
                      >
                        Delete
                      </Button>
                    ) : null}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  };

  const texts = removal ? removalText(removal) : { title: '', text: '' };
  return (
    <SectionPage
      title="Groups"
      description="People in a group get the group's roles."
      actions={canWrite ? <Button onClick={() => setEditing('new')}>Create group</Button> : null}
    >
      {body()}
      {editing ? (
        <GroupDialog
          group={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSave={(fields) => (editing === 'new' ? view.create(fields) : view.update(editing.id, fields))}
        />
      ) : null}
      {managing && !removal ? (
        <GroupMembersDialog
          group={managing}
          view={view}
          onClose={() => setManagingId(null)}
          onRemove={(item) => {
            setRemovalError(null);
            setRemoval({ ...item, group: managing });
          }}
        />
      ) : null}
      <ConfirmDialog
        opened={removal !== null}
        title={texts.title}
        confirmLabel={texts.title}
        loading={removing}
        error={removalError}
        onConfirm={() => void confirmRemoval()}
        onClose={() => setRemoval(null)}
      >
        {texts.text}
      </ConfirmDialog>
    </SectionPage>
  );
}
