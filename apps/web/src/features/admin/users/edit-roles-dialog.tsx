import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useSubmit } from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import type { TeamMember, TeamRole } from '../../../sdk/admin/users';
import { RolePicker } from './role-picker';

/** A member's roles in this account; saving none is allowed (the store then sends roleIds ['']). */
export function EditRolesDialog({
  member,
  roles,
  onSave,
  onClose,
}: {
  member: TeamMember;
  roles: TeamRole[];
  onSave: (roleIds: string[]) => Promise<unknown>;
  onClose: () => void;
}) {
  const [roleIds, setRoleIds] = useState(member.roles.map((role) => role.id));
  const submission = useSubmit(async (chosen: string[]) => {
    await onSave(chosen);
  });
  const save = async () => {
    if (await submission.run(roleIds)) onClose();
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title="Edit roles"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      centered
    >
      <Stack gap="sm">
        <Text size="sm">{member.name ? `${member.name} (${member.email})` : member.email}</Text>
        <RolePicker roles={roles} value={roleIds} onChange={setRoleIds} />
        <FormAlert message={submission.error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={submission.pending}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={submission.pending}>
            Save roles
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
