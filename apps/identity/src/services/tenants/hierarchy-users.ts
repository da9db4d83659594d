import type { Db } from '../../db/client.js';
import {
  findSubAccountAccess,
  findSubtreeUserIds,
  findSubtreeUsersByIds,
  setSubAccountAccess,
  type SubAccountAccessType,
} from '../../db/queries/hierarchy.js';
import { findMember } from '../../db/queries/team.js';
import { findTenantById } from '../../db/queries/tenants.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import { assertPermission, type AdminActor } from '../admin-access.js';
import { auditChange } from '../audit-changes.js';
import { recordAdminAudit, type AuditEvent } from '../audit.js';
import { REUSED_TOTAL_FROM, reusedValues } from '../reused-totals.js';
import type { TeamService } from '../team/members.js';
import type { AccessTokenClaims } from '../tokens.js';
import { reachesSubAccounts } from './hierarchy-access.js';
import { hierarchyAuditEvents } from './hierarchy-audit-events.js';
import type { HierarchyService } from './hierarchy.js';

export type HierarchyUsersService = ReturnType<typeof createHierarchyUsersService>;

/**
 * Large subtrees' orders (a root, an order and a search) kept at most: the ids of 20,001 people take
 * about 1.5 MB, so 20 such orders about 30 MB.
 */
const MAX_KEPT_ORDERS = 20;

export interface NewSubAccountUser {
  email: string;
  name?: string | undefined;
}

export type RolesChange = 'add' | 'remove' | 'set';

/**
 * The people of the accounts below an administrator's (issue 15): added, removed and given roles in
 * one sub-account at a time through the team service, acting in that sub-account; each change is
 * also recorded in the administrator's own account (the team service records it in the sub-account).
 */
export function createHierarchyUsersService(deps: {
  db: Db;
  clock: Clock;
  hierarchy: HierarchyService;
  team: TeamService;
}) {
  const { db, clock, hierarchy, team } = deps;
  const orders = reusedValues<string[]>(() => clock.now().getTime(), {
    keep: (ids) => ids.length >= REUSED_TOTAL_FROM,
    maxKept: MAX_KEPT_ORDERS,
  });

  /**
   * A page of the people of the subtree below `rootId`, by name, and their total. Sorting a large
   * subtree's people costs more than a page (about 100 ms for 20,001 people in PostgreSQL): its order
   * is reused for a few seconds (../reused-totals.ts), and each page reads only its own people, as they
   * are now (one who left the subtree meanwhile is left out, one who joined shows after the reuse).
   */
  const subtreeUsers = async (
    rootId: string,
    page: { filter: string | undefined; order: 'ASC' | 'DESC'; offset: number; limit: number },
  ) => {
    const ids = await orders.of(`${rootId}|${page.order}|${page.filter ?? ''}`, () =>
      findSubtreeUserIds(db, { rootId, filter: page.filter, order: page.order }),
    );
    const rows = await findSubtreeUsersByIds(db, rootId, ids.slice(page.offset, page.offset + page.limit));
    return { rows, total: ids.length };
  };

  /** The administrator acting in one account of their subtree (404 for any other). */
  const actingIn = async (actor: AdminActor, tenantId: string): Promise<AdminActor> => {
    await hierarchy.assertReach(actor, tenantId);
    return { ...actor, tenantId };
  };

  const audit = async (
    actor: AdminActor,
    event: AuditEvent,
    tenantId: string,
    json: Record<string, unknown>,
  ) => {
    const tenant = await findTenantById(db, tenantId);
    await recordAdminAudit(
      db,
      actor,
      event,
      {
        description: `${event.action}: ${tenant?.name ?? tenantId}`,
        json: { subAccountId: tenantId, ...json },
      },
      clock.now(),
    );
  };

  async function addTo(
    actor: AdminActor,
    claims: AccessTokenClaims,
    input: { tenantId: string; users: NewSubAccountUser[]; roleIds?: string[] | undefined; allow?: boolean },
  ) {
    const inTenant = await actingIn(actor, input.tenantId);
    const added: string[] = [];
    for (const user of input.users) {
      const invited = await team.invite(
        inTenant,
        { ...claims, tenantId: input.tenantId },
        { email: user.email, name: user.name, roleIds: input.roleIds },
        actor.meta,
      );
      added.push(invited.id);
      // An existing person of another account is invited (they join on acceptance): only a new
      // membership can carry the access flag now.
      if (input.allow !== undefined && (await findMember(db, input.tenantId, invited.id))) {
        await setSubAccountAccess(db, input.tenantId, invited.id, input.allow);
      }
    }
    await audit(actor, hierarchyAuditEvents.subAccountUsersAdded, input.tenantId, {
      userIds: added,
      emails: input.users.map((user) => user.email),
      roleIds: input.roleIds ?? [],
      ...(input.allow !== undefined && { allowSubAccountAccess: input.allow }),
    });
    return added;
  }

  return {
    /**
     * GET /sub-tenants/users/v1: with a tenantId, the members of that account (a page of the team's
     * users list, with their roles there); without, everyone of the caller's subtree, with the accounts
     * of it each belongs to.
     */
    async list(
      actor: AdminActor,
      query: {
        offset: number;
        limit: number;
        filter?: string | undefined;
        order: 'ASC' | 'DESC';
        tenantId?: string | undefined;
      },
    ) {
      if (query.tenantId) {
        const inTenant = await actingIn(actor, query.tenantId);
        const page = await team.list(inTenant, {
          limit: query.limit,
          offset: query.offset,
          search: query.filter,
          sortBy: 'name',
          order: query.order,
        });
        const tenant = await findTenantById(db, query.tenantId);
        const flags = await findSubAccountAccess(
          db,
          query.tenantId,
          page.items.map((item) => item.id),
        );
        const accessType = (tenant?.subAccountAccessType ?? 'defaultOff') as SubAccountAccessType;
        return {
          items: page.items.map((item) => ({
            ...item,
            subAccountAccessAllowed: reachesSubAccounts(accessType, flags.get(item.id) ?? null),
          })),
          _metadata: page._metadata,
        };
      }
      const { rows, total } = await subtreeUsers(actor.tenantId, {
        filter: query.filter?.trim() || undefined,
        order: query.order,
        offset: query.offset * query.limit,
        limit: query.limit,
      });
      return {
        items: rows.map((row) => ({
          id: row.id,
          sub: row.id,
          email: row.email,
          name: row.name,
          verified: row.verified,
          tenantId: row.tenantIds[0] ?? actor.tenantId,
          tenantIds: row.tenantIds,
          tenants: row.tenantIds.map((tenantId) => ({ tenantId, activated: row.verified })),
          metadata: '{}',
          provider: 'local',
          createdAt: row.createdAt.toISOString(),
        })),
        _metadata: { totalItems: total, totalPages: Math.ceil(total / query.limit) },
      };
    },

    /**
     * GET /users/v2 and /v3 with _includeSubTenants=true: the people of the caller's account and of the
     * accounts below it, each as a member of the first of those accounts they belong to (its roles
     * there), with all of them in tenantIds and tenants.
     */
    async listWithSubTenants(
      actor: AdminActor,
      query: {
        offset: number;
        limit: number;
        search?: string | undefined;
        order?: 'ASC' | 'DESC' | undefined;
      },
    ) {
      assertPermission(actor, 'fe.account-hierarchy.read.subAccount');
      const { rows, total } = await subtreeUsers(actor.tenantId, {
        filter: query.search?.trim() || undefined,
        order: query.order ?? 'ASC',
        offset: query.offset * query.limit,
        limit: query.limit,
      });
      // Each person as a member of their home account: the caller's when they belong to it, else the
      // first of theirs below it; the page's memberships are read in one statement.
      const homeOf = (row: (typeof rows)[number]) =>
        row.tenantIds.includes(actor.tenantId) ? actor.tenantId : (row.tenantIds[0] ?? actor.tenantId);
      const views = new Map(
        (await team.membersOf(rows.map((row) => ({ userId: row.id, tenantId: homeOf(row) })))).map(
          (view) => [view.id, view] as const,
        ),
      );
      const items = rows.flatMap((row) => {
        const view = views.get(row.id);
        if (!view) return [];
        const home = homeOf(row);
        return [
          {
            ...view,
            tenantIds: row.tenantIds,
            tenants: [
              ...view.tenants,
              ...row.tenantIds
                .filter((tenantId) => tenantId !== home)
                .map((tenantId) => ({ tenantId, roles: [], isDisabled: false })),
            ],
          },
        ];
      });
      return { items, _metadata: { totalItems: total, totalPages: Math.ceil(total / query.limit) } };
    },

    /** POST /sub-tenants/users/v2: people added to one sub-account with roles and the access flag. */
    addUsers: (
      actor: AdminActor,
      claims: AccessTokenClaims,
      input: {
        tenantId: string;
        users: NewSubAccountUser[];
        roleIds?: string[] | undefined;
        allowSubAccountAccess: boolean;
      },
    ) =>
      db.transaction(async () => ({
        userIds: await addTo(actor, claims, { ...input, allow: input.allowSubAccountAccess }),
      })),

    /** POST /sub-tenants/users/v1: one person added to several accounts, with roles in each. */
    addToTenants: (
      actor: AdminActor,
      claims: AccessTokenClaims,
      input: {
        user: NewSubAccountUser;
        subTenants: Array<{ tenantId: string; roleIds?: string[] | undefined }>;
      },
    ) =>
      db.transaction(async () => {
        for (const subTenant of input.subTenants) {
          await addTo(actor, claims, {
            tenantId: subTenant.tenantId,
            users: [input.user],
            roleIds: subTenant.roleIds,
          });
        }
      }),

    /** DELETE /sub-tenants/users/v1: the person leaves each of the accounts. */
    removeUser: (actor: AdminActor, userId: string, tenantIds: string[]) =>
      db.transaction(async () => {
        for (const tenantId of tenantIds) {
          await team.remove(await actingIn(actor, tenantId), userId);
          await audit(actor, hierarchyAuditEvents.subAccountUserRemoved, tenantId, { userId });
        }
      }),

    /** POST, DELETE and PATCH /sub-tenants/users/v1/:userId/roles: the person's roles per account. */
    changeRoles: (
      actor: AdminActor,
      userId: string,
      change: RolesChange,
      subTenantsRoles: Array<{ tenantId: string; roleIds: string[] }>,
    ) =>
      db.transaction(async () => {
        for (const { tenantId, roleIds } of subTenantsRoles) {
          const inTenant = await actingIn(actor, tenantId);
          if (!(await findMember(db, tenantId, userId)))
            throw appError(errorCatalogue.subAccounts.userNotFound);
          const current = (await team.roleIdsOf(inTenant, [userId]))[0]?.roleIds ?? [];
          const next =
            change === 'set'
              ? roleIds
              : change === 'add'
                ? [...new Set([...current, ...roleIds])]
                : current.filter((id) => !roleIds.includes(id));
          await team.updateRoles(inTenant, userId, next);
          await audit(actor, hierarchyAuditEvents.subAccountUserRolesUpdated, tenantId, {
            userId,
            roleIds: next,
            ...auditChange({ roleIds: [...current].sort() }, { roleIds: [...next].sort() }),
          });
        }
      }),

    /**
     * PUT /sub-tenants/users/v1/:userId/access: whether a member of the account (the caller's, or
     * `tenantId` of their subtree) reaches the accounts below it.
     */
    setAccess: (actor: AdminActor, userId: string, allowAccess: boolean, tenantId = actor.tenantId) =>
      db.transaction(async () => {
        await actingIn(actor, tenantId);
        if (!(await findMember(db, tenantId, userId)))
          throw appError(errorCatalogue.subAccounts.userNotFound);
        const before = (await findSubAccountAccess(db, tenantId, [userId])).get(userId) ?? null;
        await setSubAccountAccess(db, tenantId, userId, allowAccess);
        await audit(actor, hierarchyAuditEvents.subAccountAccessUpdated, tenantId, {
          userId,
          ...auditChange({ allowAccess: before }, { allowAccess }),
        });
      }),
  };
}
