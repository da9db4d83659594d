import type { Db } from '../../db/client.js';
import {
  countChildren,
  deleteSubTenant,
  findAncestry,
  findDescendants,
  findInSubtree,
  findSubTenantsPage,
  updateSubTenant,
  type AncestorRow,
  type SubAccountAccessType,
} from '../../db/queries/hierarchy.js';
import { findTenantById, insertTenant, type TenantRow } from '../../db/queries/tenants.js';
import { isUniqueViolation } from '../../db/rows.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import type { AdminActor } from '../admin-access.js';
import { auditChange } from '../audit-changes.js';
import { recordAdminAudit, type AuditEvent } from '../audit.js';
import { hierarchyAuditEvents } from './hierarchy-audit-events.js';

export type HierarchyService = ReturnType<typeof createHierarchyService>;

export interface SubTenantSearch {
  offset: number;
  limit: number;
  filter?: string | undefined;
  subTenantId?: string | undefined;
  sortBy?: 'name' | 'createdAt' | 'tenantId' | undefined;
  order?: 'ASC' | 'DESC' | undefined;
}

/** A sub-account as the hierarchy answers it (CreateSubTenantResponse, SearchSubTenantsResponse). */
export function subTenantView(tenant: TenantRow, childCount = 0) {
  return {
    tenantId: tenant.id,
    name: tenant.name,
    parentTenantId: tenant.parentTenantId ?? undefined,
    createdAt: tenant.createdAt.toISOString(),
    updatedAt: tenant.updatedAt.toISOString(),
    metadata: { isParent: childCount > 0 },
    isReseller: tenant.isReseller,
    subAccountAccessType: tenant.subAccountAccessType as SubAccountAccessType,
  };
}

/** PostgreSQL foreign_key_violation, bare or wrapped by drizzle. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; typeof current === 'object' && current !== null;) {
    if ('code' in current && current.code === '23503') return true;
    current = 'cause' in current ? current.cause : undefined;
  }
  return false;
}

interface TreeNode {
  tenantId: string;
  tenantName: string;
  createdAt: string;
  children: TreeNode[];
}

/**
 * The sub-account hierarchy (issue 15): an administrator of an account acts on the accounts below it,
 * never on those above or beside it. Every target outside the caller's subtree answers 404, as an
 * unknown id does: the caller does not learn that it exists.
 */
export function createHierarchyService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  /**
   * The target's chain of ancestors, when the caller's account is among them (or is the target, unless
   * `strict`); else 404.
   */
  async function reach(actor: AdminActor, tenantId: string, strict: boolean): Promise<AncestorRow[]> {
    const chain = await findAncestry(db, tenantId);
    const caller = chain.find((row) => row.id === actor.tenantId);
    if (!caller || (strict && caller.depth === 0)) throw appError(errorCatalogue.subAccounts.notFound);
    return chain.slice(0, caller.depth + 1);
  }

  async function subAccount(actor: AdminActor, tenantId: string): Promise<TenantRow> {
    await reach(actor, tenantId, true);
    const tenant = await findTenantById(db, tenantId);
    if (!tenant) throw appError(errorCatalogue.subAccounts.notFound);
    return tenant;
  }

  const audit = (
    actor: AdminActor,
    event: AuditEvent,
    tenant: Pick<TenantRow, 'id' | 'name'>,
    json: Record<string, unknown> = {},
  ) =>
    recordAdminAudit(
      db,
      actor,
      event,
      { description: `${event.action}: ${tenant.name}`, json: { subAccountId: tenant.id, ...json } },
      clock.now(),
    );

  async function update(
    actor: AdminActor,
    tenantId: string,
    event: AuditEvent,
    changes: { name?: string; isReseller?: boolean; subAccountAccessType?: SubAccountAccessType },
  ) {
    return db.transaction(async () => {
      const before = await subAccount(actor, tenantId);
      const after = await updateSubTenant(db, tenantId, { ...changes, updatedAt: clock.now() });
      if (!after) throw appError(errorCatalogue.subAccounts.notFound);
      const was = Object.fromEntries(
        Object.keys(changes).map((key) => [key, before[key as keyof typeof changes]]),
      );
      await audit(actor, event, after, auditChange(was, changes));
      return subTenantView(after, (await countChildren(db, [after.id])).get(after.id) ?? 0);
    });
  }

  return {
    /** 404 unless `tenantId` is the caller's account or below it (`strict`: below it only). */
    assertReach: async (actor: AdminActor, tenantId: string, strict = false) => {
      await reach(actor, tenantId, strict);
    },

    /** POST /sub-tenants/v1: a sub-account of the caller's account or of one below it. */
    async create(actor: AdminActor, input: { name: string; tenantId?: string; parentTenantId?: string }) {
      const parentTenantId = input.parentTenantId ?? actor.tenantId;
      await reach(actor, parentTenantId, false);
      return db.transaction(async () => {
        if (input.tenantId && (await findTenantById(db, input.tenantId))) {
          throw appError(errorCatalogue.subAccounts.tenantIdTaken);
        }
        let created: TenantRow;
        try {
          created = await insertTenant(db, {
            ...(input.tenantId && { id: input.tenantId }),
            name: input.name,
            metadata: '{}',
            parentTenantId,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw appError(errorCatalogue.subAccounts.tenantIdTaken);
          // The parent deleted meanwhile.
          if (isForeignKeyViolation(error)) throw appError(errorCatalogue.subAccounts.notFound);
          throw error;
        }
        await audit(
          actor,
          hierarchyAuditEvents.subAccountCreated,
          created,
          auditChange(null, { name: created.name, parentTenantId }),
        );
        return subTenantView(created);
      });
    },

    /** PATCH /sub-tenants/v1/:tenantId: the sub-account's name. */
    updateName: (actor: AdminActor, tenantId: string, name: string) =>
      update(actor, tenantId, hierarchyAuditEvents.subAccountUpdated, { name }),

    /** PUT /sub-tenants/v1/:tenantId/management: whether it manages its own sub-accounts (reseller). */
    updateManagement: (actor: AdminActor, tenantId: string, isReseller: boolean) =>
      update(actor, tenantId, hierarchyAuditEvents.subAccountManagementUpdated, { isReseller }),

    /** PUT /sub-tenants/v1/:tenantId/hierarchy-settings: how its members reach the accounts below it. */
    updateHierarchySettings: (
      actor: AdminActor,
      tenantId: string,
      subAccountAccessType: SubAccountAccessType,
    ) =>
      update(actor, tenantId, hierarchyAuditEvents.subAccountHierarchySettingsUpdated, {
        subAccountAccessType,
      }),

    /** DELETE /sub-tenants/v1/:tenantId: a sub-account without sub-accounts of its own (else 409). */
    async remove(actor: AdminActor, tenantId: string) {
      await db.transaction(async () => {
        const tenant = await subAccount(actor, tenantId);
        if ((await countChildren(db, [tenantId])).get(tenantId)) {
          throw appError(errorCatalogue.subAccounts.hasChildren);
        }
        // A child created meanwhile is refused by the foreign key: the same answer as one found above.
        await deleteSubTenant(db, tenantId).catch((error: unknown) => {
          throw isForeignKeyViolation(error) ? appError(errorCatalogue.subAccounts.hasChildren) : error;
        });
        await audit(actor, hierarchyAuditEvents.subAccountDeleted, tenant, {
          ...auditChange({ name: tenant.name, parentTenantId: tenant.parentTenantId }, null),
        });
      });
    },

    /** GET /hierarchy/v1: every account below the caller's, with its level (1 for a child). */
    async descendants(actor: AdminActor) {
      return (await findDescendants(db, actor.tenantId)).map((row) => ({
        tenantId: row.id,
        tenantName: row.name,
        createdAt: row.createdAt.toISOString(),
        level: row.level,
      }));
    },

    /** GET /hierarchy/v1/tree: the caller's account with the accounts below it, nested. */
    async tree(actor: AdminActor): Promise<TreeNode> {
      const root = await findTenantById(db, actor.tenantId);
      if (!root) throw appError(errorCatalogue.subAccounts.notFound);
      const nodes = new Map<string, TreeNode>();
      const rootNode: TreeNode = {
        tenantId: root.id,
        tenantName: root.name,
        createdAt: root.createdAt.toISOString(),
        children: [],
      };
      nodes.set(root.id, rootNode);
      for (const row of await findDescendants(db, actor.tenantId)) {
        const node = {
          tenantId: row.id,
          tenantName: row.name,
          createdAt: row.createdAt.toISOString(),
          children: [],
        };
        nodes.set(row.id, node);
        nodes.get(row.parentTenantId)?.children.push(node);
      }
      return rootNode;
    },

    /**
     * GET /hierarchy/v1/parents[/:tenantId]: the target's ancestors up to the caller's own account,
     * nearest first; never above it (the caller's own parents are not the caller's to see).
     */
    async parents(actor: AdminActor, tenantId: string) {
      const chain = await reach(actor, tenantId, false);
      return chain
        .filter((row) => row.depth > 0)
        .map((row) => ({
          tenantId: row.id,
          tenantName: row.name,
          level: row.depth,
          status: 'active',
          createdAt: row.createdAt.toISOString(),
        }));
    },

    /**
     * GET /hierarchy/v2: a page of the accounts below one account of the caller's subtree (the caller's
     * own by default): its children, or with a filter, every account below it whose name contains it.
     */
    async search(actor: AdminActor, query: SubTenantSearch, nextLink: (offset: number) => string) {
      const parentId = query.subTenantId || actor.tenantId;
      await reach(actor, parentId, false);
      const filter = query.filter?.trim() || undefined;
      const { rows, total } = await findSubTenantsPage(db, {
        parentId,
        descendants: filter !== undefined,
        filter,
        sortBy: query.sortBy ?? 'name',
        order: query.order ?? 'ASC',
        offset: query.offset,
        limit: query.limit,
      });
      const nextOffset = query.offset + rows.length;
      return {
        items: rows.map((row) => subTenantView(row, row.children)),
        _metadata: { totalItems: total },
        _links: nextOffset < total ? { next: nextLink(nextOffset) } : {},
      };
    },

    /** GET /hierarchy/v2/metadata: for those of `tenantIds` in the caller's subtree, their children. */
    async metadata(actor: AdminActor, tenantIds: string[]) {
      const ids = await findInSubtree(db, actor.tenantId, tenantIds);
      const children = await countChildren(db, ids);
      return ids.map((tenantId) => {
        const totalSubTenants = children.get(tenantId) ?? 0;
        return { tenantId, totalSubTenants, isParent: totalSubTenants > 0 };
      });
    },
  };
}
