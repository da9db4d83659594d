import {
  grantsPermission,
  INACTIVE_SECONDS,
  type SortOrder,
  type UserFilterPreset,
  type UserSortKey,
} from '@brizo/contract';
import { atomicMethods, type Db } from '../../db/client.js';
import { findInSubtree } from '../../db/queries/hierarchy.js';
import { findPermissionsByIds } from '../../db/queries/permissions.js';
import { findRolesByIdsVisibleToTenant } from '../../db/queries/roles.js';
import {
  countMembers,
  countMembershipsOfUser,
  deleteMembership,
  findMember,
  findMembershipsOf,
  findRoleIdsOfMembers,
  listMembers,
  memberStats,
  replaceMemberRoles,
  revokeSessionsInTenant,
  setUserLocked,
  updateMembership,
  type MemberPage,
  type MemberQuery,
  type MemberRow,
  type MemberWithRoleIds,
} from '../../db/queries/team.js';
import { updateUser } from '../../db/queries/users.js';
import { appError, errorCatalogue } from '../../errors.js';
import { addSeconds, type Clock } from '../../lib/time.js';
import type { AdminActor } from '../admin-access.js';
import type { ActivationService } from '../activation.js';
import { auditChange } from '../audit-changes.js';
import { auditEvents, recordAdminAudit, type AuditEvent } from '../audit.js';
import type { AuthorizationCache } from '../authorization-cache.js';
import type { InvitationService } from '../lifecycle/invitations.js';
import { roleView, type RoleView } from '../roles.js';
import type { AccessTokenClaims } from '../tokens.js';
import type { UsernamesService } from '../usernames.js';
import { revocationKeys, type RevocationList } from '../revocations.js';

/**
 * Totals of a tenant's list are reused this long: counting 100,000 memberships on every page turn
 * would cost more than the page itself. An older total is still answered while a new count runs
 * (one at a time), so no page waits for a count but the first. Changes made here drop the tenant's
 * totals at once.
 */
export const MEMBER_COUNT_TTL_MS = 5_000;
/**
 * A count is also reused for this many times what it took: a tenant whose count takes 50 ms is
 * recounted at most every 10 s, so background counts take at most 0.5% of a database core.
 */
const MEMBER_COUNT_COST_FACTOR = 200;
/** The inactive preset's threshold moves with the clock: a total counted a minute earlier is not reused. */
const INACTIVE_COUNT_DRIFT_MS = 60_000;

/**
 * A search with at most this many matches gathers and sorts them all (about 1 µs each in PostgreSQL);
 * one with more walks the page's sort order, where so many matches are soon found.
 */
const GATHERED_SEARCH_MAX = 10_000;

export interface MemberListQuery {
  limit: number;
  /** The page number (SPEC section 3: _offset counts pages of _limit users). */
  offset: number;
  search?: string | undefined;
  sortBy?: UserSortKey | undefined;
  order?: SortOrder | undefined;
  preset?: UserFilterPreset | undefined;
  maxInactiveSeconds?: number | undefined;
}

export interface InviteInput {
  email: string;
  name?: string | undefined;
  phoneNumber?: string | undefined;
  username?: string | undefined;
  roleIds?: string[] | undefined;
  expirationInSeconds?: number | undefined;
  skipInviteEmail?: boolean | undefined;
}

/** A team user (SPEC section 3 "Team user") as the users v2/v3 lists answer it, within one tenant. */
export function memberView(member: MemberRow, tenantId: string, roles: RoleView[]) {
  const temporaryExpirationDate = member.temporaryExpirationDate?.toISOString();
  return {
    id: member.id,
    sub: member.id,
    email: member.email,
    name: member.name,
    profilePictureUrl: member.profilePictureUrl,
    phoneNumber: member.phoneNumber ?? undefined,
    verified: member.verified,
    activatedForTenant: member.verified,
    mfaEnrolled: member.mfaEnrolled,
    provider: member.provider,
    isLocked: member.isLocked,
    isDisabled: member.isDisabled,
    temporaryExpirationDate,
    // Only this tenant: an administrator never learns which other accounts the user belongs to.
    tenantId,
    tenantIds: [tenantId],
    tenants: [{ tenantId, roles, isDisabled: member.isDisabled, temporaryExpirationDate }],
    roles,
    roleIds: roles.map((role) => role.id),
    permissions: [],
    groups: [],
    metadata: member.metadata,
    managedBy: 'frontegg' as const,
    subAccountAccessAllowed: false,
    createdAt: member.createdAt.toISOString(),
    lastLogin: member.lastLogin?.toISOString(),
  };
}
export type MemberView = ReturnType<typeof memberView>;

export type TeamService = ReturnType<typeof createTeamService>;

/**
 * The Users section (SPEC section 2 team dialogs, section 3 "Team user"): a tenant's members,
 * listed, invited, given roles, disabled, locked, removed, made permanent. Every call names the
 * tenant through the actor; another tenant's user is "not found" and stays untouched.
 */
export function createTeamService(deps: {
  db: Db;
  clock: Clock;
  vendorId: string;
  activation: ActivationService;
  authorization: AuthorizationCache;
  invitations: InvitationService;
  usernames: Pick<UsernamesService, 'assign'>;
  /** Issue 10: a member disabled, removed, locked or given other roles loses their access tokens at once. */
  revocations: RevocationList;
}) {
  const { db, clock, vendorId, authorization } = deps;
  /** The member's access tokens in this tenant issued so far stop working (a refresh gets new ones). */
  const revokeMemberTokens = (userId: string, tenantId: string) =>
    deps.revocations.revoke(revocationKeys.member(userId, tenantId), clock.now().getTime());
  /** Per list shape: the last total, when that count started and how long it took, a count under way. */
  const counts = new Map<string, { value?: number; at: number; took: number; counting?: Promise<number> }>();

  /**
   * Counts in the background of the pages. A count is kept only if its entry still waits for it: a
   * change made meanwhile (forgetCounts) dropped the entry, and the total counted before it with it.
   */
  const count = (key: string, query: MemberQuery): Promise<number> => {
    const at = clock.now().getTime();
    const started = performance.now();
    const counting = countMembers(db, query).then(
      (value) => {
        const took = performance.now() - started;
        if (counts.get(key)?.counting === counting) counts.set(key, { value, at, took });
        return value;
      },
      (error: unknown) => {
        const entry = counts.get(key);
        if (entry?.counting === counting) delete entry.counting;
        throw error;
      },
    );
    if (counts.size > 10_000) counts.clear();
    const previous = counts.get(key);
    counts.set(key, { at: 0, took: 0, ...previous, counting });
    return counting;
  };
  const countOf = async (query: MemberQuery, inactiveSeconds: number): Promise<number> => {
    const inactive = query.preset === 'inactive';
    const key = [
      query.tenantId,
      query.search ?? '',
      query.preset ?? '',
      inactive ? inactiveSeconds : '',
    ].join('|');
    const entry = counts.get(key);
    const age = clock.now().getTime() - (entry?.at ?? 0);
    if (entry?.value === undefined || (inactive && Math.abs(age) > INACTIVE_COUNT_DRIFT_MS)) {
      return entry?.counting ?? count(key, query);
    }
    if (age >= Math.max(MEMBER_COUNT_TTL_MS, entry.took * MEMBER_COUNT_COST_FACTOR) && !entry.counting) {
      // Refreshed in the background; a failure leaves the older total for the next page to retry.
      count(key, query).catch(() => undefined);
    }
    return entry.value;
  };
  /** A page and its total; a searched page is read after its total, which tells how to find it. */
  const pageAndTotal = async (page: MemberPage, inactiveSeconds: number) => {
    if (!page.search) return Promise.all([listMembers(db, page), countOf(page, inactiveSeconds)]);
    const total = await countOf(page, inactiveSeconds);
    return [await listMembers(db, page, total <= GATHERED_SEARCH_MAX ? 'gather' : 'walk'), total] as const;
  };
  const forgetCounts = (tenantId: string) => {
    for (const key of counts.keys()) if (key.startsWith(`${tenantId}|`)) counts.delete(key);
  };

  /** The members as the lists answer them, each with the views of the roles they hold in the tenant. */
  const viewsOf = async (tenantId: string, members: MemberWithRoleIds[]): Promise<MemberView[]> => {
    if (members.length === 0) return [];
    const visible = await authorization.rolesVisibleTo(tenantId);
    const views = new Map(visible.map((role) => [role.role.id, roleView(role, vendorId)]));
    return members.map((member) =>
      memberView(
        member,
        tenantId,
        member.roleIds.flatMap((id) => views.get(id) ?? []),
      ),
    );
  };

  /** The member, or 404 whether the id is unknown or another tenant's. */
  const memberOf = async (actor: AdminActor, userId: string): Promise<MemberRow> => {
    const member = await findMember(db, actor.tenantId, userId);
    if (!member) throw appError(errorCatalogue.team.userNotFound);
    return member;
  };
  const notYourself = (actor: AdminActor, userId: string) => {
    if (actor.userId === userId) throw appError(errorCatalogue.team.notYourself);
  };
  const audit = async (
    actor: AdminActor,
    event: AuditEvent,
    member: MemberRow,
    json: Record<string, unknown> = {},
  ) => {
    // A SCIM directory's request is recorded once, by its own event (services/scim/users.ts).
    if (actor.scimDirectoryId) return;
    await recordAdminAudit(
      db,
      actor,
      event,
      { description: member.email, json: { userId: member.id, email: member.email, ...json } },
      clock.now(),
    );
  };
  const viewOf = async (actor: AdminActor, userId: string): Promise<MemberView> => {
    const member = await memberOf(actor, userId);
    const roleIds = await findRoleIdsOfMembers(db, actor.tenantId, [member.id]);
    const [view] = await viewsOf(actor.tenantId, [{ ...member, roleIds: roleIds.get(member.id) ?? [] }]);
    if (!view) throw appError(errorCatalogue.team.userNotFound);
    return view;
  };

  /**
   * The role ids an administrator may hand out: roles of this tenant or the vendor ('' alone means
   * none: SPEC section 5), and none carrying a permission the administrator lacks.
   */
  const grantableRoleIds = async (actor: AdminActor, requested: string[]): Promise<string[]> => {
    const roleIds = [...new Set(requested.filter((id) => id !== ''))];
    const found = await findRolesByIdsVisibleToTenant(db, actor.tenantId, roleIds);
    if (found.length !== roleIds.length) throw appError(errorCatalogue.team.roleNotFound);
    if (actor.superUser) return roleIds;
    const permissions = await findPermissionsByIds(
      db,
      found.flatMap((role) => role.permissionIds),
    );
    if (permissions.some((permission) => !grantsPermission(actor.permissions, permission.key))) {
      throw appError(errorCatalogue.team.roleNotGrantable);
    }
    return roleIds;
  };

  // Issue 10: each change and its audit row are one transaction (db/client.ts).
  const changes = [
    'updateRoles',
    'setDisabled',
    'setLocked',
    'remove',
    'resendActivation',
    'setExpiration',
    'makePermanent',
    'revokeSessions',
  ] as const;
  return atomicMethods(db, changes, {
    grantableRoleIds,

    async list(actor: AdminActor, query: MemberListQuery) {
      const inactiveSeconds = query.maxInactiveSeconds ?? INACTIVE_SECONDS;
      const filter: MemberQuery = {
        tenantId: actor.tenantId,
        search: query.search?.trim() || undefined,
        preset: query.preset,
        inactiveBefore: addSeconds(clock.now(), -inactiveSeconds),
      };
      const page: MemberPage = {
        ...filter,
        sortBy: query.sortBy ?? 'createdAt',
        order: query.order ?? 'DESC',
        limit: query.limit,
        offset: query.offset * query.limit,
      };
      const [members, totalItems] = await pageAndTotal(page, inactiveSeconds);
      return {
        items: await viewsOf(actor.tenantId, members),
        _metadata: { totalItems, totalPages: Math.ceil(totalItems / query.limit) },
      };
    },

    /** GET /users/v1/:id: one member of the tenant (404 for anyone else, as for every team call). */
    member: (actor: AdminActor, userId: string) => viewOf(actor, userId),

    /** Those of the (user, tenant) pairs that are memberships, as the users list shows each (others left out). */
    async membersOf(pairs: Array<{ userId: string; tenantId: string }>): Promise<MemberView[]> {
      const rows = await findMembershipsOf(db, pairs);
      const byTenant = new Map<string, MemberWithRoleIds[]>();
      for (const row of rows) byTenant.set(row.tenantId, [...(byTenant.get(row.tenantId) ?? []), row]);
      const views = await Promise.all([...byTenant].map(([tenantId, members]) => viewsOf(tenantId, members)));
      return views.flat();
    },

    /** GET /team/resources/stats/v1/members: the Users section's figures for the tenant. */
    async stats(actor: AdminActor) {
      const { totalItems, addedThisWeek, superAdmins } = await memberStats(
        db,
        actor.tenantId,
        addSeconds(clock.now(), -7 * 86_400),
      );
      return { totalItems, addedThisWeek, superAdmins };
    },

    /**
     * POST /tenants/users/v1/count: the members of those of `tenantIds` the actor administers, i.e. its
     * own tenant and the sub-accounts below it (issue 15); others are left out. Access-allowed members:
     * not disabled.
     */
    async usersCount(actor: AdminActor, tenantIds: string[]) {
      const counted = await findInSubtree(db, actor.tenantId, tenantIds);
      return Promise.all(
        counted.map(async (tenantId) => {
          const stats = await memberStats(db, tenantId, clock.now());
          return { tenantId, totalUsers: stats.totalItems, totalAccessAllowedUsers: stats.enabled };
        }),
      );
    },

    /**
     * POST /users/sessions/v1/revoke: ends every session of a member in this tenant (and the access
     * tokens issued from them); their sessions in other tenants stay.
     */
    async revokeSessions(actor: AdminActor, userId: string) {
      const member = await memberOf(actor, userId);
      await revokeSessionsInTenant(
        db,
        actor.tenantId,
        userId,
        'sessions revoked by an administrator',
        clock.now(),
      );
      revokeMemberTokens(userId, actor.tenantId);
      await audit(actor, auditEvents.teamUserSessionsRevoked, member);
    },

    /** GET /users/v3/roles: the role ids of those of `userIds` who hold roles in this tenant. */
    async roleIdsOf(actor: AdminActor, userIds: string[]) {
      const roleIds = await findRoleIdsOfMembers(db, actor.tenantId, userIds);
      return [...roleIds]
        .filter(([, ids]) => ids.length > 0)
        .map(([userId, ids]) => ({ userId, roleIds: ids }));
    },

    /** GET /team/resources/roles/v1: what the invite and edit-roles dialogs offer. */
    async roles(actor: AdminActor) {
      const roles = await authorization.rolesVisibleTo(actor.tenantId);
      return { items: roles.map((role) => roleView(role, vendorId)) };
    },

    /**
     * POST /users/v2: a new person gets an account in this tenant and an activation mail; a user of
     * another tenant gets an invitation to join (services/lifecycle/invitations.ts does both).
     */
    async invite(actor: AdminActor, claims: AccessTokenClaims, input: InviteInput, meta: AdminActor['meta']) {
      const roleIds = await grantableRoleIds(actor, input.roleIds ?? []);
      // Issue 10: the invitation and what the dialog adds to a new account (phone number, username,
      // expiry) are one transaction: a username already taken leaves no account behind.
      const { invited, member } = await db.transaction(async () => {
        const invited = await deps.invitations.invite(
          claims,
          { email: input.email, name: input.name, roleIds, skipInviteEmail: input.skipInviteEmail },
          meta,
        );
        const member = await findMember(db, actor.tenantId, invited.id);
        // Only an account created just now is the tenant's to shape; an existing user joins on acceptance.
        if (member && !member.verified) {
          const now = clock.now();
          if (input.phoneNumber) await updateUser(db, member.id, { phoneNumber: input.phoneNumber });
          if (input.username) await deps.usernames.assign(db, member.id, input.username, now);
          if (input.expirationInSeconds) {
            await updateMembership(db, actor.tenantId, member.id, {
              temporaryExpirationDate: addSeconds(now, input.expirationInSeconds),
            });
          }
        }
        return { invited, member };
      });
      forgetCounts(actor.tenantId);
      if (member && !member.verified) return viewOf(actor, member.id);
      return {
        ...invited,
        roles: [],
        roleIds: [],
        groups: [],
        permissions: [],
        metadata: '{}',
        isDisabled: false,
        isLocked: false,
        mfaEnrolled: false,
        activatedForTenant: false,
        provider: 'local',
      };
    },

    /** PUT /team/resources/members/v1: the member's roles (roleIds [''] means none). */
    async updateRoles(actor: AdminActor, userId: string, requested: string[]) {
      const member = await memberOf(actor, userId);
      const roleIds = await grantableRoleIds(actor, requested);
      const before = (await findRoleIdsOfMembers(db, actor.tenantId, [userId])).get(userId) ?? [];
      await replaceMemberRoles(db, actor.tenantId, userId, roleIds);
      authorization.invalidateUser(userId);
      // Tokens carry roles and permissions: the old ones must not outlive the change.
      revokeMemberTokens(userId, actor.tenantId);
      await audit(actor, auditEvents.teamUserRolesUpdated, member, {
        roleIds,
        ...auditChange({ roleIds: [...before].sort() }, { roleIds: [...roleIds].sort() }),
      });
      return { item: await viewOf(actor, userId) };
    },

    /** Disabling ends the member's sessions in this tenant and keeps them out until enabled. */
    async setDisabled(actor: AdminActor, userId: string, isDisabled: boolean) {
      if (isDisabled) notYourself(actor, userId);
      const member = await memberOf(actor, userId);
      await updateMembership(db, actor.tenantId, userId, { isDisabled });
      if (isDisabled) await revokeSessionsInTenant(db, actor.tenantId, userId, 'user disabled', clock.now());
      authorization.invalidateUser(userId);
      if (isDisabled) revokeMemberTokens(userId, actor.tenantId);
      await audit(
        actor,
        isDisabled ? auditEvents.teamUserDisabled : auditEvents.teamUserEnabled,
        member,
        auditChange({ isDisabled: member.isDisabled }, { isDisabled }),
      );
    },

    /**
     * A locked user cannot sign in anywhere (as Frontegg's lock) until unlocked. So one account's
     * administrator may lock only a user who belongs to no other account: elsewhere the lock would
     * reach into tenants they do not administer (disabling is per account and always possible).
     */
    async setLocked(actor: AdminActor, userId: string, isLocked: boolean) {
      if (isLocked) notYourself(actor, userId);
      const member = await memberOf(actor, userId);
      if (isLocked && !actor.superUser && (await countMembershipsOfUser(db, userId)) > 1) {
        throw appError(errorCatalogue.team.lockSpansAccounts);
      }
      const now = clock.now();
      await setUserLocked(db, userId, isLocked, now);
      if (isLocked) {
        await revokeSessionsInTenant(db, actor.tenantId, userId, 'user locked', now);
        // A lock holds in every tenant: so does the end of the user's access tokens.
        deps.revocations.revoke(revocationKeys.user(userId), now.getTime());
      }
      await audit(
        actor,
        isLocked ? auditEvents.teamUserLocked : auditEvents.teamUserUnlocked,
        member,
        auditChange({ isLocked: member.isLocked }, { isLocked }),
      );
    },

    /** Removes the membership (and its roles, its sessions); the user's other tenants stay. */
    async remove(actor: AdminActor, userId: string) {
      notYourself(actor, userId);
      const member = await memberOf(actor, userId);
      await deleteMembership(db, actor.tenantId, userId);
      await revokeSessionsInTenant(db, actor.tenantId, userId, 'user removed', clock.now());
      authorization.invalidateUser(userId);
      revokeMemberTokens(userId, actor.tenantId);
      forgetCounts(actor.tenantId);
      await audit(
        actor,
        auditEvents.teamUserRemoved,
        member,
        auditChange({ email: member.email, isDisabled: member.isDisabled }, null),
      );
    },

    async resendActivation(actor: AdminActor, userId: string) {
      const member = await memberOf(actor, userId);
      if (member.verified) throw appError(errorCatalogue.users.alreadyActivated);
      await deps.activation.sendActivationMail(member);
      await audit(actor, auditEvents.teamActivationResent, member);
    },

    /** PUT /users/temporary/v1/:userId: the member's access ends after `expirationInSeconds`. */
    async setExpiration(actor: AdminActor, userId: string, expirationInSeconds: number) {
      const member = await memberOf(actor, userId);
      const temporaryExpirationDate = addSeconds(clock.now(), expirationInSeconds);
      await updateMembership(db, actor.tenantId, userId, { temporaryExpirationDate });
      authorization.invalidateUser(userId);
      // Tokens issued from now on expire with the membership (services/tokens.ts); the earlier ones
      // would outlive it: they stop working, and a refresh gets one that ends in time.
      revokeMemberTokens(userId, actor.tenantId);
      await audit(actor, auditEvents.teamUserExpirationSet, member, {
        temporaryExpirationDate: temporaryExpirationDate.toISOString(),
        ...auditChange(
          { temporaryExpirationDate: member.temporaryExpirationDate },
          { temporaryExpirationDate },
        ),
      });
      return { expirationInSeconds, temporaryExpirationDate: temporaryExpirationDate.toISOString() };
    },

    /** DELETE /users/temporary/v1/:userId: the member stays for good. */
    async makePermanent(actor: AdminActor, userId: string) {
      const member = await memberOf(actor, userId);
      await updateMembership(db, actor.tenantId, userId, { temporaryExpirationDate: null });
      authorization.invalidateUser(userId);
      await audit(
        actor,
        auditEvents.teamUserMadePermanent,
        member,
        auditChange(
          { temporaryExpirationDate: member.temporaryExpirationDate },
          { temporaryExpirationDate: null },
        ),
      );
    },
  });
}
