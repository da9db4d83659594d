import { useRolesActions, useRolesState } from '@frontegg/react-hooks';
import { api } from '@frontegg/rest-api';
import { useCallback, useMemo, useState } from 'react';
import { usePreviewMode } from './portal';
import { apiError, errorMessage } from './api-error';

// The Roles section's data: the store's RolesState (roles, permissions, permission categories and
// their actions). Assigning one permission to many roles goes through the rest-api call itself:
// the store's own action sets each role's permissions to that one permission. In preview mode the
// store's mock actions answer everything.

export interface RoleItem {
  id: string;
  key: string;
  name: string;
  description: string;
  isDefault: boolean;
  /** The vendor's roles are read-only to an account (no tenantId). */
  isVendorRole: boolean;
  permissionIds: string[];
}

export interface PermissionItem {
  id: string;
  key: string;
  name: string;
  description: string;
  categoryId: string;
  roleIds: string[];
}

export interface PermissionCategoryItem {
  id: string;
  name: string;
  permissionIds: string[];
}

export interface NewRole {
  key: string;
  name: string;
  description: string;
  isDefault: boolean;
  permissionIds: string[];
}

export interface RolesView {
  roles: RoleItem[];
  permissions: PermissionItem[];
  categories: PermissionCategoryItem[];
  loaded: boolean;
  loading: boolean;
  error: string | null;
  load: () => void;
  create: (role: NewRole) => Promise<void>;
  update: (roleId: string, changes: Partial<Omit<NewRole, 'permissionIds'>>) => Promise<void>;
  remove: (roleId: string) => Promise<void>;
  setPermissions: (roleId: string, permissionIds: string[]) => Promise<void>;
  assignPermissionToRoles: (permissionId: string, roleIds: string[]) => Promise<void>;
}

type Callback = (result: unknown, error?: unknown) => void;
const viaCallback = (run: (callback: Callback) => void) =>
  new Promise<void>((resolve, reject) => {
    run((result, error) => {
      if (error || result === null || result === false) {
        reject(apiError(error));
      } else resolve();
    });
  });

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const ids = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

export function useRoles(): RolesView {
  const state = useRolesState();
  const actions = useRolesActions();
  const preview = usePreviewMode();
  const [loaded, setLoaded] = useState(false);

  const load = useCallback(() => {
    void Promise.resolve(actions.loadRolesAndPermissions()).finally(() => setLoaded(true));
  }, [actions]);

  const roles = useMemo<RoleItem[]>(
    () =>
      (state.roles ?? []).map((role) => ({
        id: role.id,
        key: role.key,
        name: role.name,
        description: text(role.description),
        isDefault: role.isDefault === true,
        isVendorRole: !role.tenantId,
        permissionIds: ids(role.permissions),
      })),
    [state.roles],
  );
  const permissions = useMemo<PermissionItem[]>(
    () =>
      (state.permissions ?? []).map((permission) => {
        const raw = permission as typeof permission & { roleIds?: unknown };
        return {
          id: permission.id,
          key: permission.key,
          name: permission.name,
          description: text(permission.description),
          categoryId: text(permission.categoryId),
          roleIds: ids(raw.roleIds),
        };
      }),
    [state.permissions],
  );
  const categories = useMemo<PermissionCategoryItem[]>(
    () =>
      (state.permissionCategories ?? []).map((category) => ({
        id: category.id,
        name: category.name,
        permissionIds: ids(category.permissionIds),
      })),
    [state.permissionCategories],
  );

  const create = useCallback(
    (role: NewRole) =>
      viaCallback((callback) =>
        actions.addRoleV2({ ...role, level: 0, baseRoleId: '', callback } as Parameters<
          typeof actions.addRoleV2
        >[0]),
      ),
    [actions],
  );
  const update = useCallback(
    (roleId: string, changes: Partial<Omit<NewRole, 'permissionIds'>>) =>
      viaCallback((callback) =>
        actions.updateRole({ roleId, ...changes, callback } as Parameters<typeof actions.updateRole>[0]),
      ),
    [actions],
  );
  const remove = useCallback(
    (roleId: string) =>
      viaCallback((callback) =>
        actions.deleteRole({ roleId, callback } as Parameters<typeof actions.deleteRole>[0]),
      ),
    [actions],
  );
  const setPermissions = useCallback(
    (roleId: string, permissionIds: string[]) =>
      viaCallback((callback) =>
        actions.attachPermissionsToRole({ roleId, permissionIds, callback } as Parameters<
          typeof actions.attachPermissionsToRole
        >[0]),
      ),
    [actions],
  );
  const assignPermissionToRoles = useCallback(
    async (permissionId: string, roleIds: string[]) => {
      if (preview) {
        await viaCallback((callback) =>
          actions.attachPermissionToRoles({ permissionId, roleIds, callback } as Parameters<
            typeof actions.attachPermissionToRoles
          >[0]),
        );
        return;
      }
      await api.roles.attachPermissionToRoles({ permissionId, roleIds });
      await actions.loadRolesAndPermissions({ silentLoading: true });
    },
    [actions, preview],
  );

  const loaders = state.loaders as Record<string, unknown> | undefined;
  const errors = state.errors as Record<string, unknown> | undefined;
  return {
    roles,
    permissions,
    categories,
    loaded,
    loading: loaders?.loadRoles === true,
    error: errorMessage(errors?.loadRoles),
    load,
    create,
    update,
    remove,
    setPermissions,
    assignPermissionToRoles,
  };
}
