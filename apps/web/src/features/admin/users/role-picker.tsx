import { MultiSelect } from '@mantine/core';
import type { TeamRole } from '../../../sdk/admin/users';

/** Roles to give: the account's and the vendor's (GET /team/resources/roles/v1). */
export function RolePicker({
  roles,
  value,
  onChange,
  label = 'Roles',
  disabled = false,
}: {
  roles: TeamRole[];
  value: string[];
  onChange: (roleIds: string[]) => void;
  label?: string;
  disabled?: boolean;
}) {
  return (
    <MultiSelect
      label={label}
      placeholder={value.length === 0 ? 'No roles' : undefined}
      data={roles.map((role) => ({ value: role.id, label: role.name }))}
      value={value}
      onChange={onChange}
      searchable
      clearable
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
