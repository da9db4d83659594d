import { Badge, Button, Group, MultiSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import {
  ConfirmDialog,
  DataTable,
  FormDialog,
  RowActions,
  useConfirmation,
  useSubmit,
  type ColumnDef,
} from '../../../components/admin';
import { FormAlert } from '../../../components/form-alert';
import { useAssignableRoles, type AssignableRole } from '../../../sdk/admin/api-tokens';
import type { SsoConfiguration, SsoGroup, SsoView } from '../../../sdk/admin/sso';

const groupFieldOf = { 'ER-SSO-GROUP-EXISTS': 'group' } as const;

function roleNames(roleIds: string[], roles: AssignableRole[]): string[] {
  return roleIds.map((id) => roles.find((role) => role.id === id)?.name ?? id);
}

/** Adds a group mapping or changes one: the IdP group's name and the roles its members get. */
function GroupDialog({
  mapping,
  roles,
  onSave,
  onClose,
}: {
  mapping: SsoGroup | null;
  roles: AssignableRole[];
  onSave: (fields: { group: string; roleIds: string[] }) => Promise<void>;
  onClose: () => void;
}) {
  const [group, setGroup] = useState(mapping?.group ?? '');
  const [roleIds, setRoleIds] = useState<string[]>(mapping?.roleIds ?? []);
  const [missing, setMissing] = useState<string | null>(null);
  const submission = useSubmit(onSave, groupFieldOf);
  const submit = async () => {
    if (!group.trim()) return setMissing('Enter the group name as your identity provider sends it');
    if (roleIds.length === 0) return setMissing('Choose at least one role');
    setMissing(null);
    if (await submission.run({ group: group.trim(), roleIds })) onClose();
  };
  return (
    <FormDialog
      title={mapping ? `Edit group ${mapping.group}` : 'Map a group to roles'}
      submission={submission}
      submitLabel={mapping ? 'Save group' : 'Add group'}
      noValidate
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <TextInput
        label="Group name at the identity provider"
        description="Exactly as it arrives in the groups attribute or claim."
        autoComplete="off"
        data-autofocus
        value={group}
        error={submission.fieldErrors.group ?? (missing && !group.trim() ? missing : undefined)}
        onChange={(event) => setGroup(event.currentTarget.value)}
      />
      <MultiSelect
        label="Roles for this group"
        data={roles.map((role) => ({ value: role.id, label: role.name }))}
        value={roleIds}
        onChange={setRoleIds}
        error={missing && group.trim() && roleIds.length === 0 ? missing : undefined}
        searchable
      />
    </FormDialog>
  );
}

/**
 * What people who sign in through the connection may do: the default roles everyone gets, and the
 * roles that members of an identity provider group get on top (SPEC section 6).
 */
export function RolesPanel({
  view,
  configuration,
  canWrite,
}: {
  view: SsoView;
  configuration: SsoConfiguration;
  canWrite: boolean;
}) {
  const rolesState = useAssignableRoles(true);
  const roles = rolesState.status === 'ready' ? rolesState.roles : [];
  const [defaults, setDefaults] = useState<string[]>(configuration.roleIds);
  const savingDefaults = useSubmit(async (roleIds: string[]) => {
    await view.api.setDefaultRoles(configuration.id, roleIds);
    await view.reload();
  });
  const [editing, setEditing] = useState<SsoGroup | 'new' | null>(null);
  const removal = useConfirmation(async (mapping: SsoGroup) => {
    await view.api.removeGroup(configuration.id, mapping.id);
    await view.reload();
  });
  const saveGroup = async (fields: { group: string; roleIds: string[] }) => {
    if (editing === 'new' || editing === null)
      await view.api.addGroup(configuration.id, fields.group, fields.roleIds);
    else await view.api.updateGroup(configuration.id, editing.id, fields.group, fields.roleIds);
    await view.reload();
  };

  const columns: ColumnDef<SsoGroup>[] = [
    { id: 'group', header: 'Identity provider group', cell: ({ row }) => row.original.group },
    {
      id: 'roles',
      header: 'Roles',
      cell: ({ row }) => (
        <Group gap={4}>
          {roleNames(row.original.roleIds, roles).map((name) => (
            <Badge key={name} variant="light">
              {name}
            </Badge>
          ))}
        </Group>
      ),
    },
  ];
  const changed = defaults.join() !== configuration.roleIds.join();

  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={4} fz="md">
          Default roles
        </Title>
        <MultiSelect
          label="Default roles"
          description="Everyone who signs in through this connection gets these roles."
          placeholder={defaults.length === 0 ? 'No roles' : undefined}
          data={roles.map((role) => ({ value: role.id, label: role.name }))}
          value={defaults}
          onChange={(value) => {
            setDefaults(value);
            savingDefaults.reset();
          }}
          disabled={!canWrite}
          searchable
        />
        {rolesState.status === 'error' ? <FormAlert message={rolesState.message} /> : null}
        <FormAlert message={savingDefaults.error} />
        {canWrite ? (
          <Group gap="sm">
            <Button
              onClick={() => void savingDefaults.run(defaults)}
              loading={savingDefaults.pending}
              disabled={!changed}
            >
              Save default roles
            </Button>
            {savingDefaults.done && !changed ? (
              <Text size="sm" c="teal" role="status">
                Default roles saved.
              </Text>
            ) : null}
          </Group>
        ) : null}
      </Stack>

      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4} fz="md">
            Group mapping
          </Title>
          {canWrite ? (
            <Button variant="default" size="xs" onClick={() => setEditing('new')}>
              Map a group
            </Button>
          ) : null}
        </Group>
        <Text size="sm">
          Members of these identity provider groups also get the roles mapped to them, each time they sign in.
        </Text>
        <DataTable
          label="Group mapping"
          columns={columns}
          data={configuration.groups}
          getRowId={(mapping) => mapping.id}
          minWidth={0}
          empty={
            <Text size="sm" c="dimmed">
              No groups mapped yet.
            </Text>
          }
          rowActions={
            canWrite
              ? (mapping) => (
                  <RowActions
                    name={mapping.group}
                    onEdit={() => setEditing(mapping)}
                    onDelete={() => removal.ask(mapping)}
                  />
                )
              : undefined
          }
        />
      </Stack>
      {editing ? (
        <GroupDialog
          mapping={editing === 'new' ? null : editing}
          roles={roles}
          onSave={saveGroup}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog {...removal.dialog} title="Remove group mapping" confirmLabel="Remove group mapping">
        {`Stop giving members of ${removal.target?.group ?? ''} its roles? The change applies from their next sign-in.`}
      </ConfirmDialog>
    </Stack>
  );
}
