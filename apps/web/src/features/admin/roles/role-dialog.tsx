import { Checkbox, ScrollArea, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState } from 'react';
import { FormDialog, NameInput, useAdminPortal, useNameField, useSubmit } from '../../../components/admin';
import { viewerMay } from '../../../lib/admin-portal';
import type { NewRole, PermissionItem, RoleItem } from '../../../sdk/admin/roles';
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
  const name = useNameField(role?.name ?? '');
  const [key, setKey] = useState(role?.key ?? '');
  const [keyTouched, setKeyTouched] = useState(role !== null);
  const [description, setDescription] = useState(role?.description ?? '');
  const [isDefault, setIsDefault] = useState(role?.isDefault ?? false);
  const [permissionIds, setPermissionIds] = useState<string[]>(role?.permissionIds ?? []);
  const submission = useSubmit(onSave);

  const grantable = (permission: PermissionItem) => viewerMay(viewer, permission.key);
  const submit = async () => {
    const trimmed = name.check();
    if (trimmed === null) return;
    const role = {
      name: trimmed,
      key: key || roleKeyFromName(name.value),
      description,
      isDefault,
      permissionIds,
    };
    if (await submission.run(role)) onClose();
  };

  return (
    <FormDialog
      title={role ? `Edit role ${role.name}` : 'Create role'}
      opened={opened}
      size="lg"
      submission={submission}
      submitLabel={role ? 'Save role' : 'Create role'}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <NameInput
        field={name}
        onChange={(next) => {
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
    </FormDialog>
  );
}
