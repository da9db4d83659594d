import { atomicMethods, type Db } from '../db/client.js';
import {
  findPermissionById,
  findPermissionsByIds,
  findPermissionsWithRoles,
  type PermissionRow,
} from '../db/queries/permissions.js';
import {
  clearOtherDefaultRoles,
  deleteTenantRole,
  findRolesByIdsVisibleToTenant,
  findRolesVisibleToTenant,
  findHoldersOfRoles,
  findTenantRoleByKey,
  insertRole,
  linkRolePermissions,
  setRolePermissions,
  unlinkRolePermissions,
  updateTenantRole,
  type RoleWithPermissions,
} from '../db/queries/roles.js';
import { appError, errorCatalogue } from '../errors.js';
import type { Clock } from '../lib/time.js';
import { ADMIN_CATEGORY, PRODUCT_CATEGORY } from './access-catalogue.js';
import { grantsPermission } from '@brizo/contract';
import type { AdminActor } from './admin-access.js';
import { auditChange } from './audit-changes.js';
import { auditEvents, recordAdminAudit } from './audit.js';
import type { AuthorizationCache } from './authorization-cache.js';
import { revocationKeys, revokeMembers, type RevocationList } from './revocations.js';

/** SPEC section 3 "Role", as GET /identity/resources/roles/v1 answers it. tenantId null: the vendor's. */
export function roleView({ role, permissionIds }: RoleWithPermissions, vendorId: string) {
  return {
    id: role.id,
    key: role.key,
    name: role.name,
    description: role.description,
    isDefault: role.isDefault,
    firstUserRole: false,
    level: role.level,
    tenantId: role.tenantId,
    vendorId,
    permissions: permissionIds,
    createdAt: role.createdAt.toISOString(),
    updatedAt: role.updatedAt.toISOString(),
  };
}
export type RoleView = ReturnType<typeof roleView>;

const permissionView = (permission: PermissionRow & { roleIds: string[] }) => ({
  id: permission.id,
  key: permission.key,
  name: permission.name,
  description: permission.description,
  categoryId: permission.categoryId,
  fePermission: permission.fePermission,
  roleIds: permission.roleIds,
  createdAt: permission.createdAt.toISOString(),
  updatedAt: permission.updatedAt.toISOString(),
});
export type PermissionView = ReturnType<typeof permissionView>;

/** The permission categories of the seed's catalogue (services/access-catalogue.ts). */
const categoryNames: Record<string, { name: string; description: string; feCategory: boolean }> = {
  [PRODUCT_CATEGORY]: {
    name: 'Brizo FoodMetrics',
    description: 'Access to the product',
    feCategory: false,
  },
  [ADMIN_CATEGORY]: {
    name: 'Account administration',
    description: 'The admin portal',
    feCategory: true,
  },
};

export interface NewRoleInput {
  key?: string | undefined;
  name: string;
  description?: string | undefined;
  isDefault?: boolean | undefined;
  level?: number | undefined;
  permissionIds?: string[] | undefined;
}

export interface RoleChanges {
  key?: string | undefined;
  name?: string | undefined;
  description?: string | undefined;
  isDefault?: boolean | undefined;
  level?: number | undefined;
}

const keyFromName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 64) || 'role';

export function createRolesService(deps: {
  db: Db;
  clock: Clock;
  vendorId: string;
  authorization: AuthorizationCache;
  /** Issue 10: a role that gives less gives it at once: its holders' access tokens stop working. */
  revocations: RevocationList;
}) {
  const { db, clock, vendorId } = deps;
  const view = (role: RoleWithPermissions) => roleView(role, vendorId);

  /** One of the tenant's roles, or 404; a vendor role is visible but read-only (403). */
  async function ownRole(actor: AdminActor, roleId: string): Promise<RoleWithPermissions> {
    const [found] = await findRolesByIdsVisibleToTenant(db, actor.tenantId, [roleId]);
    if (!found) throw appError(errorCatalogue.roles.notFound);
    if (found.role.tenantId === null) throw appError(errorCatalogue.roles.vendorRole);
    return found;
  }

  /** No escalation: an administrator grants only permissions they hold themselves. */
  async function grantable(actor: AdminActor, permissionIds: string[]): Promise<PermissionRow[]> {
    const unique = [...new Set(permissionIds)];
    const rows = await findPermissionsByIds(db, unique);
    if (rows.length !== unique.length) throw appError(errorCatalogue.roles.permissionNotFound);
    const beyond = rows.filter((row) => !actor.superUser && !grantsPermission(actor.permissions, row.key));
    if (beyond.length > 0) throw appError(errorCatalogue.roles.escalation);
    return rows;
  }

  async function assertKeyFree(actor: AdminActor, key: string, exceptId?: string): Promise<void> {
    const existing = await findTenantRoleByKey(db, actor.tenantId, key);
    // A tenant role may not reuse a vendor role's key either: keys decide access (SPEC section 4).
    if (existing && existing.id !== exceptId) throw appError(errorCatalogue.roles.keyTaken);
  }

  const reload = async (actor: AdminActor, roleId: string): Promise<RoleView> => {
    const [found] = await findRolesByIdsVisibleToTenant(db, actor.tenantId, [roleId]);
    if (!found) throw appError(errorCatalogue.roles.notFound);
    return view(found);
  };

  // A role's permissions reach every holder's token, directly or through a group, and the users list
  // names each member's roles: start afresh.
  const rolesChanged = () => deps.authorization.clear();

  /**
   * The holders of roles that lost permissions, changed key (tokens name roles by key) or are gone
   * lose their access tokens issued so far; a refresh gets one with what is left. Every holder in the
   * tenant: members holding a role directly or through a group, and API tokens. Per holder, not the
   * whole tenant, up to revocations.ts MAX_MEMBER_REVOCATIONS: only they refresh. Read the holders
   * before the change (a deleted role has none after).
   */
  const holdersOf = (actor: AdminActor, roleIds: string[]) => findHoldersOfRoles(db, actor.tenantId, roleIds);
  const revokeHolders = ({ userIds, clientIds }: Awaited<ReturnType<typeof holdersOf>>, tenantId: string) => {
    const at = clock.now().getTime();
    revokeMembers(deps.revocations, tenantId, userIds, at);
    for (const clientId of clientIds) deps.revocations.revoke(revocationKeys.apiToken(clientId), at);
  };

  /** A role's own fields, as the audit log's before and after show them. */
  const fieldsOf = (role: RoleWithPermissions['role']) => ({
    key: role.key,
    name: role.name,
    description: role.description,
    isDefault: role.isDefault,
    level: role.level,
  });

  // Issue 10: each change and its audit row are one transaction (db/client.ts).
  return atomicMethods(db, ['create', 'update', 'remove', 'setPermissions', 'setPermissionRoles'], {
    view,

    async list(actor: AdminActor): Promise<RoleView[]> {
      return (await findRolesVisibleToTenant(db, actor.tenantId)).map(view);
    },

    async permissions(actor: AdminActor): Promise<PermissionView[]> {
      const visible = await findRolesVisibleToTenant(db, actor.tenantId);
      const rows = await findPermissionsWithRoles(
        db,
        visible.map(({ role }) => role.id),
      );
      return rows.map(permissionView);
    },

    /** GET /users/v1/me/authorization: the roles and permissions the actor's token holds, in full. */
    async authorizationOf(actor: AdminActor): Promise<{ roles: RoleView[]; permissions: PermissionView[] }> {
      const roleKeys = new Set(actor.roles);
      const permissionKeys = new Set(actor.permissions);
      const [roles, permissions] = await Promise.all([this.list(actor), this.permissions(actor)]);
      return {
        roles: roles.filter((role) => roleKeys.has(role.key)),
        permissions: permissions.filter((permission) => permissionKeys.has(permission.key)),
      };
    },

    async categories(actor: AdminActor) {
      const permissions = await this.permissions(actor);
      const ids = [...new Set(permissions.map((permission) => permission.categoryId ?? ADMIN_CATEGORY))];
      const createdAt = new Date(0).toISOString();
      return ids.map((id) => ({
        id,
        name: categoryNames[id]?.name ?? id,
        description: categoryNames[id]?.description ?? '',
        feCategory: categoryNames[id]?.feCategory ?? false,
        permissionIds: permissions
          .filter((permission) => (permission.categoryId ?? ADMIN_CATEGORY) === id)
          .map((permission) => permission.id),
        createdAt,
        updatedAt: createdAt,
      }));
    },

    async create(actor: AdminActor, input: NewRoleInput): Promise<RoleView> {
      const key = input.key ?? keyFromName(input.name);
      await assertKeyFree(actor, key);
      const permissions = await grantable(actor, input.permissionIds ?? []);
      const now = clock.now();
      const role = await db.transaction(async (tx) => {
        const row = await insertRole(tx, {
          tenantId: actor.tenantId,
          key,
          name: input.name,
          description: input.description ?? null,
          isDefault: input.isDefault ?? false,
          level: input.level ?? 0,
          createdAt: now,
          updatedAt: now,
        });
        if (row.isDefault) await clearOtherDefaultRoles(tx, actor.tenantId, row.id);
        await linkRolePermissions(
          tx,
          row.id,
          permissions.map((permission) => permission.id),
        );
        return row;
      });
      rolesChanged();
      await recordAdminAudit(
        db,
        actor,
        auditEvents.roleCreated,
        {
          description: `Role ${role.name} created`,
          json: {
            roleId: role.id,
            key,
            permissions: permissions.map((permission) => permission.key),
            ...auditChange(null, {
              ...fieldsOf(role),
              permissions: permissions.map((permission) => permission.key).sort(),
            }),
          },
        },
        now,
      );
      return reload(actor, role.id);
    },

    async update(actor: AdminActor, roleId: string, changes: RoleChanges): Promise<RoleView> {
      const { role } = await ownRole(actor, roleId);
      if (changes.key !== undefined) await assertKeyFree(actor, changes.key, role.id);
      const now = clock.now();
      const defined = Object.fromEntries(
        Object.entries(changes).filter(([, value]) => value !== undefined),
      ) as RoleChanges;
      await db.transaction(async (tx) => {
        await updateTenantRole(tx, actor.tenantId, role.id, { ...defined, updatedAt: now });
        if (defined.isDefault) await clearOtherDefaultRoles(tx, actor.tenantId, role.id);
      });
      rolesChanged();
      if (defined.key !== undefined && defined.key !== role.key)
        revokeHolders(await holdersOf(actor, [role.id]), actor.tenantId);
      await recordAdminAudit(
        db,
        actor,
        auditEvents.roleUpdated,
        {
          description: `Role ${role.name} updated`,
          json: {
            roleId: role.id,
            changed: defined,
            ...auditChange(fieldsOf(role), { ...fieldsOf(role), ...defined }),
          },
        },
        now,
      );
      return reload(actor, role.id);
    },

    async remove(actor: AdminActor, roleId: string): Promise<void> {
      const { role } = await ownRole(actor, roleId);
      const holders = await holdersOf(actor, [role.id]);
      await deleteTenantRole(db, actor.tenantId, role.id);
      rolesChanged();
      revokeHolders(holders, actor.tenantId);
      await recordAdminAudit(
        db,
        actor,
        auditEvents.roleDeleted,
        {
          description: `Role ${role.name} deleted`,
          json: { roleId: role.id, key: role.key, ...auditChange(fieldsOf(role), null) },
        },
        clock.now(),
      );
    },

    /** PUT /roles/v1/{roleId}/permissions: the role's permissions become exactly `permissionIds`. */
    async setPermissions(actor: AdminActor, roleId: string, permissionIds: string[]): Promise<RoleView> {
      const { role, permissionIds: before } = await ownRole(actor, roleId);
      const added = permissionIds.filter((id) => !before.includes(id));
      await grantable(actor, added);
      const known = await findPermissionsByIds(db, [...new Set(permissionIds)]);
      if (known.length !== new Set(permissionIds).size)
        throw appError(errorCatalogue.roles.permissionNotFound);
      await db.transaction((tx) => setRolePermissions(tx, role.id, [...new Set(permissionIds)]));
      rolesChanged();
      if (before.some((id) => !permissionIds.includes(id)))
        revokeHolders(await holdersOf(actor, [role.id]), actor.tenantId);
      await recordAdminAudit(
        db,
        actor,
        auditEvents.rolePermissionsUpdated,
        {
          description: `Permissions of role ${role.name} updated`,
          json: {
            roleId: role.id,
            added,
            removed: before.filter((id) => !permissionIds.includes(id)),
            ...auditChange(
              { permissionIds: [...before].sort() },
              { permissionIds: [...new Set(permissionIds)].sort() },
            ),
          },
        },
        clock.now(),
      );
      return reload(actor, role.id);
    },

    /**
     * PUT /permissions/v1/{permissionId}/roles: the permission is held by exactly `roleIds` among
     * the tenant's own roles; the vendor's roles keep theirs.
     */
    async setPermissionRoles(
      actor: AdminActor,
      permissionId: string,
      roleIds: string[],
    ): Promise<PermissionView> {
      const permission = await findPermissionById(db, permissionId);
      if (!permission) throw appError(errorCatalogue.roles.permissionNotFound);
      const wanted = [...new Set(roleIds)];
      const named = await findRolesByIdsVisibleToTenant(db, actor.tenantId, wanted);
      if (named.length !== wanted.length) throw appError(errorCatalogue.roles.notFound);
      if (named.some(({ role }) => role.tenantId === null)) throw appError(errorCatalogue.roles.vendorRole);
      const own = (await findRolesVisibleToTenant(db, actor.tenantId)).filter(
        ({ role }) => role.tenantId !== null,
      );
      const gaining = own.filter(
        ({ role, permissionIds }) => wanted.includes(role.id) && !permissionIds.includes(permissionId),
      );
      if (gaining.length > 0) await grantable(actor, [permissionId]);
      const losing = own.filter(
        ({ role, permissionIds }) => !wanted.includes(role.id) && permissionIds.includes(permissionId),
      );
      const holding = own
        .filter(({ permissionIds }) => permissionIds.includes(permissionId))
        .map(({ role }) => role.id);
      await db.transaction(async (tx) => {
        for (const { role } of gaining) await linkRolePermissions(tx, role.id, [permissionId]);
        await unlinkRolePermissions(
          tx,
          losing.map(({ role }) => role.id),
          permissionId,
        );
      });
      rolesChanged();
      if (losing.length > 0)
        revokeHolders(
          await holdersOf(
            actor,
            losing.map(({ role }) => role.id),
          ),
          actor.tenantId,
        );
      await recordAdminAudit(
        db,
        actor,
        auditEvents.permissionRolesUpdated,
        {
          description: `Permission ${permission.key} assigned to roles`,
          json: {
            permissionId,
            key: permission.key,
            added: gaining.map(({ role }) => role.id),
            removed: losing.map(({ role }) => role.id),
            ...auditChange(
              { roleIds: holding.sort() },
              {
                roleIds: own
                  .filter(({ role }) => wanted.includes(role.id))
                  .map(({ role }) => role.id)
                  .sort(),
              },
            ),
          },
        },
        clock.now(),
      );
      const [updated] = (await this.permissions(actor)).filter((row) => row.id === permissionId);
      if (!updated) throw appError(errorCatalogue.roles.permissionNotFound);
      return updated;
    },

    /** Whether the actor may hand these roles to others (groups): every permission of them is theirs. */
    async assertGrantableRoles(actor: AdminActor, roles: RoleWithPermissions[]): Promise<void> {
      await grantable(
        actor,
        roles.flatMap(({ permissionIds }) => permissionIds),
      );
    },
  });
}

export type RolesService = ReturnType<typeof createRolesService>;
