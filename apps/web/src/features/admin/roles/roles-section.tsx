import { Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import {
  ConfirmDialog,
  DataTable,
  EmptyState,
  ErrorState,
  LoadingState,
  RowActions,
  SectionPage,
  useAdminPortal,
  useCan,
  useConfirmation,
  type ColumnDef,
} from '../../../components/admin';
import { viewerMay } from '../../../lib/admin-portal';
import { useRoles, type PermissionItem, type RoleItem } from '../../../sdk/admin/roles';
import { AssignPermissionDialog } from './assign-permission-dialog';
import { RoleDialog } from './role-dialog';
import { groupPermissions } from './role-rules';

const roleColumns: ColumnDef<RoleItem>[] = [
  {
    id: 'name',
    header: 'Name',
    cell: ({ row: { original: role } }) => (
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {role.name}
        </Text>
        {role.isDefault ? <Badge variant="light">Default</Badge> : null}
        {role.isVendorRole ? (
          <Badge variant="outline" color="gray">
            Vendor role
          </Badge>
        ) : null}
      </Group>
    ),
  },
  {
    id: 'key',
    header: 'Key',
    cell: ({ row }) => (
      <Text size="sm" ff="monospace">
        {row.original.key}
      </Text>
    ),
  },
  { id: 'description', header: 'Description', cell: ({ row }) => row.original.description },
  { id: 'permissions', header: 'Permissions', cell: ({ row }) => row.original.permissionIds.length },
];

/** Roles and permissions (SPEC section 6): the vendor's roles (read-only) and the account's own. */
export function RolesSection() {
  const view = useRoles();
  const canWrite = useCan('fe.secure.write.roles');
  const canDelete = useCan('fe.secure.delete.role');
  const { viewer } = useAdminPortal();
  const [editing, setEditing] = useState<RoleItem | 'new' | null>(null);
  const deletion = useConfirmation((role: RoleItem) => view.remove(role.id));
  const [assigning, setAssigning] = useState<PermissionItem | null>(null);
  const { load } = view;
  useEffect(() => load(), [load]);
  const groups = useMemo(
    () => groupPermissions(view.categories, view.permissions),
    [view.categories, view.permissions],
  );

  const body = () => {
    if (!view.loaded || (view.loading && view.roles.length === 0)) return <LoadingState />;
    if (view.error && view.roles.length === 0) return <ErrorState message={view.error} onRetry={load} />;
    const roleNames = (ids: string[]) =>
      view.roles
        .filter((role) => ids.includes(role.id))
        .map((role) => role.name)
        .join(', ');
    const permissionColumns: ColumnDef<PermissionItem>[] = [
      {
        id: 'permission',
        header: 'Permission',
        cell: ({ row: { original: permission } }) => (
          <>
            <Text size="sm">{permission.name}</Text>
            {permission.description ? (
              <Text size="sm" c="dimmed">
                {permission.description}
              </Text>
            ) : null}
            <Text size="xs" c="dimmed" ff="monospace">
              {permission.key}
            </Text>
          </>
        ),
      },
      {
        id: 'roles',
        header: 'Roles',
        cell: ({ row }) => <Text size="sm">{roleNames(row.original.roleIds) || '—'}</Text>,
      },
    ];
    return (
      <Tabs defaultValue="roles">
        <Tabs.List>
          <Tabs.Tab value="roles">Roles</Tabs.Tab>
          <Tabs.Tab value="permissions">Permissions</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="roles" pt="md">
          {view.roles.length === 0 ? (
            <EmptyState title="No roles yet" description="Create a role to give people permissions." />
          ) : (
            <DataTable
              label="Roles"
              columns={roleColumns}
              data={view.roles}
              getRowId={(role) => role.id}
              rowTestId={(_id, role) => `role-${role.key}`}
              empty={null}
              rowActions={(role) =>
                role.isVendorRole ? null : (
                  <RowActions
                    name={role.name}
                    onEdit={canWrite ? () => setEditing(role) : undefined}
                    onDelete={canDelete ? () => deletion.ask(role) : undefined}
                  />
                )
              }
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="permissions" pt="md">
          <Stack gap="lg">
            {groups.map((group) => (
              <Stack key={group.id} gap="xs">
                <Text fw={600}>{group.name}</Text>
                <DataTable
                  label={`${group.name} permissions`}
                  columns={permissionColumns}
                  data={group.permissions}
                  getRowId={(permission) => permission.id}
                  empty={null}
                  rowActions={(permission) =>
                    canWrite && viewerMay(viewer, permission.key) ? (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setAssigning(permission)}
                        aria-label={`Assign ${permission.name} to roles`}
                      >
                        Assign to roles
                      </Button>
                    ) : null
                  }
                />
              </Stack>
            ))}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    );
  };

  return (
    <SectionPage
      title="Roles"
      description="Roles give people permissions. The vendor's roles are shown for reference and cannot be changed."
      actions={canWrite ? <Button onClick={() => setEditing('new')}>Create role</Button> : null}
    >
      {body()}
      {editing ? (
        <RoleDialog
          key={editing === 'new' ? 'new' : editing.id}
          opened
          role={editing === 'new' ? null : editing}
          groups={groups}
          onClose={() => setEditing(null)}
          onSave={async (role) => {
            if (editing === 'new') {
              await view.create(role);
              return;
            }
            const { permissionIds, ...fields } = role;
            await view.update(editing.id, fields);
            const before = [...editing.permissionIds].sort().join();
            if ([...permissionIds].sort().join() !== before)
              await view.setPermissions(editing.id, permissionIds);
          }}
        />
      ) : null}
      {assigning ? (
        <AssignPermissionDialog
          permission={assigning}
          roles={view.roles}
          onClose={() => setAssigning(null)}
          onSave={(roleIds) => view.assignPermissionToRoles(assigning.id, roleIds)}
        />
      ) : null}
      <ConfirmDialog {...deletion.dialog} title="Delete role" confirmLabel="Delete role">
        {`Delete the role ${deletion.target?.name ?? ''}? People holding it lose its permissions.`}
      </ConfirmDialog>
    </SectionPage>
  );
}
