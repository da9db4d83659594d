import { Button, Checkbox, Group, Modal, ScrollArea, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useAdminPortal, useSubmit } from '../../components/admin';
import { FormAlert } from '../../components/form-alert';
import { viewerMay } from '../../lib/admin-portal';
import type { NewRole, PermissionItem, RoleItem } from '../../sdk/hooks/admin-roles';
import { roleKeyFromName, toggle, type PermissionGroup } from './role-rules';

/**
 * Creates a role, or edits one of the account's roles: its name, description, default flag and
 * permissions. A permission the viewer does not hold cannot be granted (the server refuses it too).
 */
export function RoleDialog({
  role,
  groups,
  opened,
  onClose,
  onSave,
}: {
  role: RoleItem | null;
  groups: PermissionGroup[];
  opened: boolean;
  onClose: () => void;
  onSave: (role: NewRole) => Promise<void>;
}) {
  const { viewer } = useAdminPortal();
  const [name, setName] = useState(role?.name ?? '');
  const [key, setKey] = useState(role?.key ?? '');
  const [keyTouched, setKeyTouched] = useState(role !== null);
  const [description, setDescription] = useState(role?.description ?? '');
  const [isDefault, setIsDefault] = useState(role?.isDefault ?? false);
  const [permissionIds, setPermissionIds] = useState<string[]>(role?.permissionIds ?? []);
  const [nameError, setNameError] = useState<string | null>(null);
  const submission = useSubmit(onSave);

  const grantable = (permission: PermissionItem) => viewerMay(viewer, permission.key);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Name is required');
      return;
    }
    const role = {
      name: name.trim(),
      key: key || roleKeyFromName(name),
      description,
      isDefault,
      permissionIds,
    };
    if (await submission.run(role)) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={role ? `Edit role ${role.name}` : 'Create role'}
      size="lg"
      centered
    >
      <form onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <TextInput
            label="Name"
            required
            data-autofocus
            value={name}
            error={nameError}
            onChange={(event) => {
              setNameError(null);
              const next = event.currentTarget.value;
              setName(next);
              if (!keyTouched) setKey(roleKeyFromName(next));
            }}
          />
          <TextInput
            label="Key"
            description="How the role appears in access tokens"
            value={key}
            onChange={(event) => {
              setKeyTouched(true);
              setKey(event.currentTarget.value);
            }}
          />
          <Textarea
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Checkbox
            label="Default role (new members get it)"
            checked={isDefault}
            onChange={(event) => setIsDefault(event.currentTarget.checked)}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500} id="role-permissions-label">
              Permissions
            </Text>
            <ScrollArea.Autosize mah={280} type="auto">
              <Stack gap="sm" role="group" aria-labelledby="role-permissions-label">
                {groups.map((group) => (
                  <Stack key={group.id} gap={4}>
                    <Text size="xs" fw={700} c="dimmed" tt="uppercase">
                      {group.name}
                    </Text>
                    {group.permissions.map((permission) => (
                      <Checkbox
                        key={permission.id}
                        label={permission.name}
                        description={grantable(permission) ? undefined : 'You do not hold this permission'}
                        disabled={!grantable(permission) && !permissionIds.includes(permission.id)}
                        checked={permissionIds.includes(permission.id)}
                        onChange={(event) =>
                          setPermissionIds(toggle(permissionIds, permission.id, event.currentTarget.checked))
                        }
                      />
                    ))}
                  </Stack>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          </Stack>
          <FormAlert message={submission.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={submission.pending}>
              Cancel
            </Button>
            <Button type="submit" loading={submission.pending}>
              {role ? 'Save role' : 'Create role'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
