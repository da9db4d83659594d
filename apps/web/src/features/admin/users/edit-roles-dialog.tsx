import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
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
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await onSave(roleIds);
      onClose();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
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
        <FormAlert message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={saving}>
            Save roles
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
