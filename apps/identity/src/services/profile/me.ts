import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { findPermissionsByIds } from '../../db/queries/permissions.js';
import { findRolesOfUser, type RoleRow } from '../../db/queries/roles.js';
import { findTenantsOfUser, type TenantRow } from '../../db/queries/tenants.js';
import { findUserById } from '../../db/queries/users.js';
import { appError, errorCatalogue } from '../../errors.js';

// The shapes of GET /users/v2/me and the /me/tenants family (the SDK's IUserProfile, ITenantsResponse).

export function tenantView(tenant: TenantRow, vendorId: string) {
  return {
    id: tenant.id,
    tenantId: tenant.id,
    name: tenant.name,
    metadata: tenant.metadata,
    isReseller: tenant.isReseller,
    vendorId,
    deletedAt: null,
    createdAt: tenant.createdAt.toISOString(),
    updatedAt: tenant.updatedAt.toISOString(),
    address: tenant.address,
    timezone: tenant.timezone,
    dateFormat: tenant.dateFormat,
    timeFormat: tenant.timeFormat,
    currency: tenant.currency,
    logo: tenant.logo,
  };
}
export type TenantView = ReturnType<typeof tenantView>;

function roleView(role: RoleRow, tenantId: string, permissionIds: string[], vendorId: string) {
  return {
    id: role.id,
    key: role.key,
    name: role.name,
    description: role.description,
    isDefault: role.isDefault,
    level: role.level,
    tenantId: role.tenantId ?? tenantId,
    vendorId,
    permissions: permissionIds,
    createdAt: role.createdAt.toISOString(),
    updatedAt: role.updatedAt.toISOString(),
  };
}

export interface MeService {
  me(userId: string, tenantId: string | null): Promise<ReturnType<typeof profileView>>;
  tenants(
    userId: string,
    tenantId: string | null,
  ): Promise<{ tenants: TenantView[]; activeTenant: TenantView | null }>;
}

type ProfileInput = {
  user: NonNullable<Awaited<ReturnType<typeof findUserById>>>;
  tenantId: string | null;
  tenantIds: string[];
  roles: ReturnType<typeof roleView>[];
  rolesByTenant: { tenantId: string; roles: ReturnType<typeof roleView>[] }[];
  permissions: Awaited<ReturnType<typeof findPermissionsByIds>>;
  permissionRoleIds: Map<string, string[]>;
};

function profileView({
  user,
  tenantId,
  tenantIds,
  roles,
  rolesByTenant,
  permissions,
  permissionRoleIds,
}: ProfileInput) {
  return {
    id: user.id,
    sub: user.id,
    email: user.email,
    name: user.name,
    profilePictureUrl: user.profilePictureUrl,
    phoneNumber: user.phoneNumber,
    verified: user.verified,
    mfaEnrolled: false,
    provider: user.provider,
    tenantId: tenantId ?? '',
    tenantIds,
    tenants: rolesByTenant,
    activatedForTenant: true,
    isLocked: user.isLocked,
    superUser: user.superUser,
    metadata: user.metadata,
    vendorMetadata: user.vendorMetadata,
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin?.toISOString() ?? null,
    subAccountAccessAllowed: false,
    managedBy: 'frontegg' as const,
    groups: [],
    roles,
    permissions: permissions.map((permission) => ({
      id: permission.id,
      key: permission.key,
      name: permission.name,
      description: permission.description,
      categoryId: permission.categoryId,
      fePermission: permission.fePermission,
      roleIds: permissionRoleIds.get(permission.id) ?? [],
      createdAt: permission.createdAt.toISOString(),
      updatedAt: permission.updatedAt.toISOString(),
    })),
  };
}
export type UserProfileView = ReturnType<typeof profileView>;

export function createMeService(deps: { db: Db; config: Config }): MeService {
  const { db } = deps;
  const vendorId = deps.config.clientId;

  const activeTenantOf = (tenants: TenantRow[], tenantId: string | null) =>
    tenants.find((tenant) => tenant.id === tenantId) ?? tenants[0];

  return {
    async me(userId, tokenTenantId) {
      const [user, tenants, roleDetails] = await Promise.all([
        findUserById(db, userId),
        findTenantsOfUser(db, userId),
        findRolesOfUser(db, userId),
      ]);
      if (!user) throw appError(errorCatalogue.users.notFound);
      const tenantId = activeTenantOf(tenants, tokenTenantId)?.id ?? null;
      const views = roleDetails.map((detail) => ({
        tenantId: detail.tenantId,
        view: roleView(detail.role, detail.tenantId, detail.permissionIds, vendorId),
      }));
      const activeRoles = roleDetails.filter((detail) => detail.tenantId === tenantId);
      const permissionRoleIds = new Map<string, string[]>();
      for (const detail of activeRoles) {
        for (const permissionId of detail.permissionIds)
          permissionRoleIds.set(permissionId, [
            ...(permissionRoleIds.get(permissionId) ?? []),
            detail.role.id,
          ]);
      }
      return profileView({
        user,
        tenantId,
        tenantIds: tenants.map((tenant) => tenant.id),
        roles: views.filter((entry) => entry.tenantId === tenantId).map((entry) => entry.view),
        rolesByTenant: tenants.map((tenant) => ({
          tenantId: tenant.id,
          roles: views.filter((entry) => entry.tenantId === tenant.id).map((entry) => entry.view),
        })),
        permissions: await findPermissionsByIds(db, [...permissionRoleIds.keys()]),
        permissionRoleIds,
      });
    },

    async tenants(userId, tokenTenantId) {
      const tenants = await findTenantsOfUser(db, userId);
      const active = activeTenantOf(tenants, tokenTenantId);
      return {
        tenants: tenants.map((tenant) => tenantView(tenant, vendorId)),
        activeTenant: active ? tenantView(active, vendorId) : null,
      };
    },
  };
}
