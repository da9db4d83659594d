import { Checkbox, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormDialog, useSubmit } from '../../../components/admin';
import type { PermissionItem, RoleItem } from '../../../sdk/admin/roles';
import { toggle } from './role-rules';

/** Assigns one permission to many of the account's roles at once (exactly the ones checked). */
export function AssignPermissionDialog({
  permission,
  roles,
  onClose,
  onSave,
}: {
  permission: PermissionItem;
  roles: RoleItem[];
  onClose: () => void;
  onSave: (roleIds: string[]) => Promise<void>;
}) {
  const own = roles.filter((role) => !role.isVendorRole);
  const [roleIds, setRoleIds] = useState(
    own.filter((role) => permission.roleIds.includes(role.id)).map((role) => role.id),
  );
  const submission = useSubmit(onSave);
  const save = async () => {
    if (await submission.run(roleIds)) onClose();
  };
  return (
    <FormDialog
      title={`Assign ${permission.name} to roles`}
      submission={submission}
      submitLabel="Save"
      isSubmitDisabled={own.length === 0}
      onSubmit={() => void save()}
      onClose={onClose}
    >
      {own.length === 0 ? (
        <Text size="sm">Your account has no roles of its own yet: create one first.</Text>
      ) : (
        <Stack gap={6} role="group" aria-label="Roles">
          {own.map((role) => (
            <Checkbox
              key={role.id}
              label={role.name}
              checked={roleIds.includes(role.id)}
              onChange={(event) => setRoleIds(toggle(roleIds, role.id, event.currentTarget.checked))}
            />
          ))}
        </Stack>
      )}
    </FormDialog>
  );
}
