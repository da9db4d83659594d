import type { Db } from '../db/client.js';
import { findGroupConfig, upsertGroupConfig, type GroupConfigChanges } from '../db/queries/group-configs.js';
import {
  deleteGroupOfTenant,
  deleteGroupRoles,
  deleteGroupUsers,
  findGroupByName,
  findGroupIdsOfUsers,
  findGroupOfTenant,
  findGroupsOfTenant,
  findMemberIdsOfTenant,
  findRolesOfGroups,
  findUserIdsOfGroup,
  findUserIdsOfGroupsWithRoles,
  findUsersOfGroups,
  insertGroup,
  insertGroupRoles,
  insertGroupUsers,
  updateGroupOfTenant,
  type GroupRow,
} from '../db/queries/groups.js';
import { findRolesByIdsVisibleToTenant } from '../db/queries/roles.js';
import { appError, errorCatalogue } from '../errors.js';
import type { Clock } from '../lib/time.js';
import type { AdminActor } from './admin-access.js';
import { auditChange } from './audit-changes.js';
import { auditEvents, recordAdminAudit, type AuditEvent } from './audit.js';
import type { AuthorizationCache } from './authorization-cache.js';
import { revokeMembers, type RevocationList } from './revocations.js';
import type { RolesService } from './roles.js';

/** SPEC section 9 "Group relations": what a group answer carries besides itself. */
export type GroupRelations = 'roles' | 'users' | 'rolesAndUsers';

/** The tenant's groups configuration (IGroupConfigResponse). */
export interface GroupsConfiguration {
  enabled: boolean;
  rolesEnabled: boolean;
}

export interface GroupFields {
  name?: string | undefined;
  description?: string | undefined;
  color?: string | undefined;
  metadata?: string | undefined;
}

const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  ((error as { code?: unknown }).code === '23505' ||
    (error as { cause?: { code?: unknown } }).cause?.code === '23505');

export function createGroupsService(deps: {
  db: Db;
  clock: Clock;
  authorization: AuthorizationCache;
  roles: RolesService;
  /** Issue 10: members who lose roles a group gave them lose their access tokens at once. */
  revocations: RevocationList;
}) {
  const { db, clock } = deps;

  async function views(actor: AdminActor, rows: GroupRow[], relations: GroupRelations | undefined) {
    const ids = rows.map((row) => row.id);
    const withRoles = relations === 'roles' || relations === 'rolesAndUsers';
    const withUsers = relations === 'users' || relations === 'rolesAndUsers';
    const roleRows = withRoles ? await findRolesOfGroups(db, ids) : [];
    const roleDetails = withRoles
      ? await findRolesByIdsVisibleToTenant(db, actor.tenantId, [
          ...new Set(roleRows.map(({ role }) => role.id)),
        ])
      : [];
    const userRows = withUsers ? await findUsersOfGroups(db, ids) : [];
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description ?? undefined,
      color: row.color ?? undefined,
      metadata: row.metadata ?? undefined,
      managedBy: 'frontegg' as const,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      ...(withRoles
        ? {
            roles: roleRows
              .filter(({ groupId }) => groupId === row.id)
              .flatMap(({ role }) => {
                const detail = roleDetails.find((candidate) => candidate.role.id === role.id);
                return detail ? [deps.roles.view(detail)] : [];
              }),
          }
        : {}),
      ...(withUsers
        ? {
            users: userRows
              .filter(({ groupId }) => groupId === row.id)
              .map((user) => ({
                id: user.id,
                email: user.email,
                name: user.name,
                profilePictureUrl: user.profilePictureUrl,
                activatedForTenant: true,
                createdAt: user.createdAt.toISOString(),
              })),
          }
        : {}),
    }));
  }

  async function ownGroup(actor: AdminActor, groupId: string): Promise<GroupRow> {
    const group = await findGroupOfTenant(db, actor.tenantId, groupId);
    if (!group) throw appError(errorCatalogue.groups.notFound);
    return group;
  }

  async function assertNameFree(actor: AdminActor, name: string, exceptId?: string): Promise<void> {
    const existing = await findGroupByName(db, actor.tenantId, name);
    if (existing && existing.id !== exceptId) throw appError(errorCatalogue.groups.nameTaken);
  }

  const audit = async (
    actor: AdminActor,
    event: AuditEvent,
    group: GroupRow,
    json: Record<string, unknown>,
  ) => {
    // A SCIM directory's request is recorded once, by its own event (services/scim/groups.ts).
    if (actor.scimDirectoryId) return;
    await recordAdminAudit(
      db,
      actor,
      event,
      { description: `${event.action}: ${group.name}`, json: { groupId: group.id, ...json } },
      clock.now(),
    );
  };

  /** A group's roles reach its members' tokens (db/queries/users.ts): their cached claims are stale. */
  const membersChanged = (userIds: string[]) => {
    for (const userId of userIds) deps.authorization.invalidateUser(userId);
  };

  /**
   * Members who lost roles the group gave them: their tokens issued so far stop working (a refresh
   * gets one with what is left). Called after the change committed, so a refresh that follows cannot
   * read the roles as they were.
   */
  const membersLostRoles = (actor: AdminActor, userIds: string[]) =>
    revokeMembers(deps.revocations, actor.tenantId, userIds, clock.now().getTime());

  /** A group's fields, its roles and its members, as the audit log's before and after show them. */
  const fieldsOf = (group: GroupRow) => ({
    name: group.name,
    description: group.description,
    color: group.color,
    metadata: group.metadata,
  });
  const roleIdsOf = async (groupId: string) =>
    (await findRolesOfGroups(db, [groupId])).map(({ role }) => role.id).sort();
  const userIdsOf = async (groupId: string) => (await findUserIdsOfGroup(db, groupId)).sort();

  /** Whether the group gives its members any role (else leaving it takes nothing away). */
  const givesRoles = async (groupId: string) => (await findRolesOfGroups(db, [groupId])).length > 0;

  /** The tenant's own roles and the vendor's, all of them, or 404. */
  async function tenantRoles(actor: AdminActor, roleIds: string[]) {
    const unique = [...new Set(roleIds)];
    const found = await findRolesByIdsVisibleToTenant(db, actor.tenantId, unique);
    if (found.length !== unique.length) throw appError(errorCatalogue.groups.roleNotFound);
    return found;
  }

  async function tenantMembers(actor: AdminActor, userIds: string[]): Promise<string[]> {
    const unique = [...new Set(userIds)];
    const found = await findMemberIdsOfTenant(db, actor.tenantId, unique);
    if (found.length !== unique.length) throw appError(errorCatalogue.groups.userNotFound);
    return unique;
  }

  async function configurationOf(tenantId: string): Promise<GroupsConfiguration> {
    const row = await findGroupConfig(db, tenantId);
    return { enabled: row?.enabled ?? true, rolesEnabled: row?.rolesEnabled ?? true };
  }

  /** Groups turned off: nothing is added to them (removing and deleting stay possible, to tidy up). */
  async function assertEnabled(actor: AdminActor, roles = false): Promise<void> {
    const configuration = await configurationOf(actor.tenantId);
    if (!configuration.enabled) throw appError(errorCatalogue.groups.disabled);
    if (roles && !configuration.rolesEnabled) throw appError(errorCatalogue.groups.rolesDisabled);
  }

  return {
    configuration: (actor: AdminActor) => configurationOf(actor.tenantId),

    async updateConfiguration(actor: AdminActor, changes: GroupConfigChanges): Promise<void> {
      const before = await configurationOf(actor.tenantId);
      const now = clock.now();
      // Issue 10: a change and its audit row are one transaction (db/client.ts transactionAware).
      await db.transaction(async () => {
        const previous = await configurationOf(actor.tenantId);
        const row = await upsertGroupConfig(db, actor.tenantId, changes, now);
        await recordAdminAudit(
          db,
          actor,
          auditEvents.groupsConfigurationUpdated,
          {
            description: `Groups ${row.enabled ? 'on' : 'off'}, roles on groups ${row.rolesEnabled ? 'on' : 'off'}`,
            json: {
              changes,
              enabled: row.enabled,
              rolesEnabled: row.rolesEnabled,
              ...auditChange(previous, { enabled: row.enabled, rolesEnabled: row.rolesEnabled }),
            },
          },
          now,
        );
      });
      // Whether group roles reach members' tokens depends on both switches (db/queries/users.ts).
      deps.authorization.invalidateTenant(actor.tenantId);
      const after = await configurationOf(actor.tenantId);
      // Either switch turned off: the members of groups that give roles no longer hold them.
      if (before.enabled && before.rolesEnabled && !(after.enabled && after.rolesEnabled)) {
        membersLostRoles(actor, await findUserIdsOfGroupsWithRoles(db, actor.tenantId));
      }
    },

    /** GET /users/v3/groups: the group ids of the tenant's members among `userIds`; others are left out. */
    async groupIdsOf(actor: AdminActor, userIds: string[]) {
      const rows = await findGroupIdsOfUsers(db, actor.tenantId, [...new Set(userIds)]);
      const byUser = new Map<string, string[]>();
      for (const { userId, groupId } of rows) byUser.set(userId, [...(byUser.get(userId) ?? []), groupId]);
      return [...byUser].map(([userId, groupIds]) => ({ userId, groupIds }));
    },

    async list(actor: AdminActor, relations?: GroupRelations) {
      return views(actor, await findGroupsOfTenant(db, actor.tenantId), relations);
    },

    /** POST /groups/v1/bulkGet: those of `groupIds` that are the tenant's groups; others are left out. */
    async byIds(actor: AdminActor, groupIds: string[], relations?: GroupRelations) {
      const wanted = new Set(groupIds);
      const own = (await findGroupsOfTenant(db, actor.tenantId)).filter((group) => wanted.has(group.id));
      return views(actor, own, relations);
    },

    async get(actor: AdminActor, groupId: string, relations?: GroupRelations) {
      const [view] = await views(actor, [await ownGroup(actor, groupId)], relations);
      if (!view) throw appError(errorCatalogue.groups.notFound);
      return view;
    },

    async create(actor: AdminActor, fields: GroupFields & { name: string }) {
      await assertEnabled(actor);
      await assertNameFree(actor, fields.name);
      const now = clock.now();
      const group = await db.transaction(async () => {
        const created = await insertGroup(db, {
          tenantId: actor.tenantId,
          name: fields.name,
          description: fields.description ?? null,
          color: fields.color ?? null,
          metadata: fields.metadata ?? null,
          createdAt: now,
          updatedAt: now,
        }).catch((error: unknown) => {
          // Two creations of one name at once: the unique index decides.
          if (isUniqueViolation(error)) throw appError(errorCatalogue.groups.nameTaken);
          throw error;
        });
        await audit(actor, auditEvents.groupCreated, created, {
          fields,
          ...auditChange(null, fieldsOf(created)),
        });
        return created;
      });
      return this.get(actor, group.id);
    },

    async update(actor: AdminActor, groupId: string, fields: GroupFields) {
      const group = await ownGroup(actor, groupId);
      await assertEnabled(actor);
      if (fields.name !== undefined) await assertNameFree(actor, fields.name, group.id);
      const changed = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      ) as GroupFields;
      await db.transaction(async () => {
        await updateGroupOfTenant(db, actor.tenantId, group.id, { ...changed, updatedAt: clock.now() });
        await audit(actor, auditEvents.groupUpdated, group, {
          changed,
          ...auditChange(fieldsOf(group), { ...fieldsOf(group), ...changed }),
        });
      });
      return this.get(actor, group.id);
    },

    async remove(actor: AdminActor, groupId: string): Promise<void> {
      const group = await ownGroup(actor, groupId);
      const members = await findUserIdsOfGroup(db, group.id);
      const hadRoles = await givesRoles(group.id);
      await db.transaction(async () => {
        const roleIds = await roleIdsOf(group.id);
        await deleteGroupOfTenant(db, actor.tenantId, group.id);
        await audit(actor, auditEvents.groupDeleted, group, {
          userIds: members,
          ...auditChange({ ...fieldsOf(group), roleIds, userIds: [...members].sort() }, null),
        });
      });
      membersChanged(members);
      if (hadRoles) membersLostRoles(actor, members);
    },

    async addRoles(actor: AdminActor, groupId: string, roleIds: string[]): Promise<void> {
      const group = await ownGroup(actor, groupId);
      await assertEnabled(actor, true);
      const roles = await tenantRoles(actor, roleIds);
      // Members get these roles: giving a group more than one holds would be an escalation.
      await deps.roles.assertGrantableRoles(actor, roles);
      await db.transaction(async () => {
        const before = await roleIdsOf(group.id);
        await insertGroupRoles(
          db,
          group.id,
          roles.map(({ role }) => role.id),
        );
        await audit(actor, auditEvents.groupRolesAdded, group, {
          roleIds,
          ...auditChange({ roleIds: before }, { roleIds: await roleIdsOf(group.id) }),
        });
      });
      membersChanged(await findUserIdsOfGroup(db, group.id));
    },

    async removeRoles(actor: AdminActor, groupId: string, roleIds: string[]): Promise<void> {
      const group = await ownGroup(actor, groupId);
      const roles = await tenantRoles(actor, roleIds);
      await db.transaction(async () => {
        const before = await roleIdsOf(group.id);
        await deleteGroupRoles(
          db,
          group.id,
          roles.map(({ role }) => role.id),
        );
        await audit(actor, auditEvents.groupRolesRemoved, group, {
          roleIds,
          ...auditChange({ roleIds: before }, { roleIds: await roleIdsOf(group.id) }),
        });
      });
      const members = await findUserIdsOfGroup(db, group.id);
      membersChanged(members);
      membersLostRoles(actor, members);
    },

    async addUsers(actor: AdminActor, groupId: string, userIds: string[]): Promise<void> {
      const group = await ownGroup(actor, groupId);
      await assertEnabled(actor);
      const members = await tenantMembers(actor, userIds);
      await db.transaction(async () => {
        const before = await userIdsOf(group.id);
        await insertGroupUsers(db, group.id, members);
        await audit(actor, auditEvents.groupUsersAdded, group, {
          userIds: members,
          ...auditChange({ userIds: before }, { userIds: await userIdsOf(group.id) }),
        });
      });
      membersChanged(members);
    },

    async removeUsers(actor: AdminActor, groupId: string, userIds: string[]): Promise<void> {
      const group = await ownGroup(actor, groupId);
      const members = await tenantMembers(actor, userIds);
      await db.transaction(async () => {
        const before = await userIdsOf(group.id);
        await deleteGroupUsers(db, group.id, members);
        await audit(actor, auditEvents.groupUsersRemoved, group, {
          userIds: members,
          ...auditChange({ userIds: before }, { userIds: await userIdsOf(group.id) }),
        });
      });
      membersChanged(members);
      if (await givesRoles(group.id)) membersLostRoles(actor, members);
    },
  };
}

export type GroupsService = ReturnType<typeof createGroupsService>;
