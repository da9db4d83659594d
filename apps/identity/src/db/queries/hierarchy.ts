// The sub-account hierarchy (issue 15, migration 0027_account_hierarchy): tenants.parent_tenant_id
// links each sub-account to its parent; ancestry is read by recursive queries on the primary key
// (upwards), the whole tree on tenants_parent_idx, and "every account below" on tenants.ancestor_ids
// (migration 0030_tenant_ancestors, a GIN index).
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { column, executeRows } from '../rows.js';
import { containing } from '../like.js';
import { memberships, tenants, users } from '../schema/index.js';
import type { TenantRow } from './tenants.js';

export type SubAccountAccessType = 'defaultOff' | 'defaultOn' | 'alwaysOn';

/** One tenant of a chain of ancestors: `depth` 0 is the tenant itself, 1 its parent, and so on. */
export interface AncestorRow {
  id: string;
  name: string;
  createdAt: Date;
  depth: number;
}

/** The tenant and its ancestors, nearest first (none when the tenant does not exist). */
export async function findAncestry(db: Db, tenantId: string): Promise<AncestorRow[]> {
  const rows = await executeRows(
    db,
    sql`
      WITH RECURSIVE chain(id, parent_id, name, created_at, depth) AS (
        SELECT id, parent_tenant_id, name, created_at, 0 FROM tenants WHERE id = ${tenantId}
        UNION ALL
        SELECT t.id, t.parent_tenant_id, t.name, t.created_at, chain.depth + 1
        FROM tenants t JOIN chain ON t.id = chain.parent_id
        WHERE chain.depth < 100
      )
      SELECT id::text AS id, name, created_at, depth::int AS depth FROM chain ORDER BY depth`,
  );
  return rows.map((value) => {
    const row = column.row(value);
    return {
      id: column.text(row, 'id'),
      name: column.text(row, 'name'),
      createdAt: column.date(row, 'created_at'),
      depth: Number(row.depth),
    };
  });
}

/** One tenant below a root, with its distance from the root (1 for a child). */
export interface DescendantRow {
  id: string;
  name: string;
  parentTenantId: string;
  createdAt: Date;
  level: number;
}

/** Every tenant below `rootId` (not the root itself), nearest levels first, then by name. */
export async function findDescendants(db: Db, rootId: string): Promise<DescendantRow[]> {
  const rows = await executeRows(
    db,
    sql`
      WITH RECURSIVE below(id, parent_id, name, created_at, level) AS (
        SELECT id, parent_tenant_id, name, created_at, 1 FROM tenants WHERE parent_tenant_id = ${rootId}
        UNION ALL
        SELECT t.id, t.parent_tenant_id, t.name, t.created_at, below.level + 1
        FROM tenants t JOIN below ON t.parent_tenant_id = below.id
        WHERE below.level < 100
      )
      SELECT id::text AS id, parent_id::text AS parent_id, name, created_at, level::int AS level
      FROM below ORDER BY level, name, id`,
  );
  return rows.map((value) => {
    const row = column.row(value);
    return {
      id: column.text(row, 'id'),
      parentTenantId: column.text(row, 'parent_id'),
      name: column.text(row, 'name'),
      createdAt: column.date(row, 'created_at'),
      level: Number(row.level),
    };
  });
}

/**
 * The ids of the tenants below `rootId` (and `rootId` itself with `withRoot`), as a subquery: those
 * whose ancestors hold it, one lookup in tenants_ancestors_idx however many accounts are below.
 */
export const subtreeIds = (rootId: string, withRoot: boolean): SQL =>
  withRoot
    ? sql`(SELECT id FROM tenants WHERE ancestor_ids @> ARRAY[${rootId}::uuid] OR id = ${rootId})`
    : sql`(SELECT id FROM tenants WHERE ancestor_ids @> ARRAY[${rootId}::uuid])`;

export interface SubTenantPageQuery {
  /** Direct children of this tenant, or with `descendants`, every tenant below it. */
  parentId: string;
  descendants: boolean;
  filter?: string | undefined;
  sortBy: 'name' | 'createdAt' | 'tenantId';
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
}

/** A page of the sub-accounts of one tenant (its children, or all below it), and their total. */
export async function findSubTenantsPage(
  db: Db,
  query: SubTenantPageQuery,
): Promise<{ rows: Array<TenantRow & { children: number }>; total: number }> {
  // Every account below, as a condition on the row itself: a search then checks only the accounts its
  // name index (tenants_name_trgm_idx, migration 0034) finds, not every account below first.
  const scope: SQL = query.descendants
    ? sql`${tenants.ancestorIds} @> ARRAY[${query.parentId}::uuid]`
    : eq(tenants.parentTenantId, query.parentId);
  const where = query.filter ? and(scope, ilike(tenants.name, containing(query.filter))) : scope;
  const key =
    query.sortBy === 'createdAt'
      ? tenants.createdAt
      : query.sortBy === 'tenantId'
        ? tenants.id
        : tenants.name;
  const direction = query.order === 'DESC' ? desc : asc;
  // The page, its total and each row's children in one statement (the subtree is walked once).
  const found = await db
    .select({
      tenant: tenants,
      total: sql<number>`(count(*) over ())::int`,
      // Qualified by hand: drizzle leaves the columns of a one-table select unqualified.
      children: sql<number>`(select count(*) from tenants c where c.parent_tenant_id = "tenants"."id")::int`,
    })
    .from(tenants)
    .where(where)
    .orderBy(direction(key), asc(tenants.id))
    .offset(query.offset)
    .limit(query.limit);
  const rows = found.map((row) => ({ ...row.tenant, children: Number(row.children) }));
  if (found[0]) return { rows, total: Number(found[0].total) };
  // A page past the end has no row to carry the total.
  const [counted] = query.offset > 0 ? await db.select({ total: count() }).from(tenants).where(where) : [];
  return { rows, total: counted?.total ?? 0 };
}

/** How many direct children each of `tenantIds` has (those without children are left out). */
export async function countChildren(db: Db, tenantIds: string[]): Promise<Map<string, number>> {
  if (tenantIds.length === 0) return new Map();
  const rows = await db
    .select({ parentId: tenants.parentTenantId, total: count() })
    .from(tenants)
    .where(inArray(tenants.parentTenantId, tenantIds))
    .groupBy(tenants.parentTenantId);
  return new Map(rows.flatMap((row) => (row.parentId ? [[row.parentId, row.total]] : [])));
}

export async function updateSubTenant(
  db: Db,
  tenantId: string,
  changes: Partial<Pick<TenantRow, 'name' | 'isReseller' | 'subAccountAccessType' | 'updatedAt'>>,
): Promise<TenantRow | undefined> {
  const [row] = await db.update(tenants).set(changes).where(eq(tenants.id, tenantId)).returning();
  return row;
}

/** Deletes a sub-account without children (the foreign key refuses one with children). */
export async function deleteSubTenant(db: Db, tenantId: string): Promise<void> {
  await db.delete(tenants).where(eq(tenants.id, tenantId));
}

/**
 * The user's memberships in the tenant's ancestors (not the tenant itself), nearest first: where the
 * user is a member, whether that membership lets them into the sub-accounts below.
 */
export async function findAncestorMemberships(
  db: Db,
  userId: string,
  tenantId: string,
): Promise<
  Array<{
    tenantId: string;
    depth: number;
    isDisabled: boolean;
    allowSubAccountAccess: boolean | null;
    accessType: SubAccountAccessType;
  }>
> {
  const ancestors = (await findAncestry(db, tenantId)).filter((row) => row.depth > 0);
  if (ancestors.length === 0) return [];
  const rows = await db
    .select({
      tenantId: memberships.tenantId,
      isDisabled: memberships.isDisabled,
      allowSubAccountAccess: memberships.allowSubAccountAccess,
      accessType: tenants.subAccountAccessType,
    })
    .from(memberships)
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(
      and(
        eq(memberships.userId, userId),
        inArray(
          memberships.tenantId,
          ancestors.map((row) => row.id),
        ),
      ),
    );
  return rows
    .map((row) => ({
      ...row,
      accessType: row.accessType as SubAccountAccessType,
      depth: ancestors.find((ancestor) => ancestor.id === row.tenantId)?.depth ?? 0,
    }))
    .sort((a, b) => a.depth - b.depth);
}

export async function setSubAccountAccess(
  db: Db,
  tenantId: string,
  userId: string,
  allowSubAccountAccess: boolean | null,
): Promise<void> {
  await db
    .update(memberships)
    .set({ allowSubAccountAccess })
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
}

/** The members' sub-account access flags in one tenant. */
export async function findSubAccountAccess(
  db: Db,
  tenantId: string,
  userIds: string[],
): Promise<Map<string, boolean | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: memberships.userId, allow: memberships.allowSubAccountAccess })
    .from(memberships)
    .where(and(eq(memberships.tenantId, tenantId), inArray(memberships.userId, userIds)));
  return new Map(rows.map((row) => [row.userId, row.allow]));
}

export interface SubtreeUserRow {
  id: string;
  email: string;
  name: string;
  verified: boolean;
  createdAt: Date;
  tenantIds: string[];
}

export interface SubtreeUsersQuery {
  rootId: string;
  filter?: string | undefined;
  order: 'ASC' | 'DESC';
}

/**
 * The ids of the people who belong to `rootId` or any account below it (an administrator's subtree),
 * `filter` matching, by name (ties by id): the order the subtree's users list pages through.
 */
export async function findSubtreeUserIds(db: Db, query: SubtreeUsersQuery): Promise<string[]> {
  const inScope = inArray(memberships.tenantId, subtreeIds(query.rootId, true));
  const where = query.filter
    ? and(
        inScope,
        sql`(${users.name} ilike ${containing(query.filter)} or ${users.email} ilike ${containing(query.filter)})`,
      )
    : inScope;
  const direction = query.order === 'DESC' ? desc : asc;
  const rows = await db
    .select({ id: users.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(where)
    .groupBy(users.id)
    .orderBy(direction(users.name), asc(users.id));
  return rows.map((row) => row.id);
}

/**
 * Those of `userIds` who still belong to the subtree of `rootId`, in the order given, each with the
 * accounts of the subtree they belong to.
 */
export async function findSubtreeUsersByIds(
  db: Db,
  rootId: string,
  userIds: readonly string[],
): Promise<SubtreeUserRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      verified: users.verified,
      createdAt: users.createdAt,
      tenantIds: sql<string[]>`array_agg(${memberships.tenantId}::text order by ${memberships.tenantId})`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    // Each membership's account checked by its primary key, not every account of the subtree listed first.
    .innerJoin(tenants, eq(tenants.id, memberships.tenantId))
    .where(
      and(
        inArray(memberships.userId, [...userIds]),
        or(eq(tenants.id, rootId), sql`${tenants.ancestorIds} @> ARRAY[${rootId}::uuid]`),
      ),
    )
    .groupBy(users.id);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return userIds.flatMap((id) => byId.get(id) ?? []);
}

/** Those of `tenantIds` that are `rootId` or below it. */
export async function findInSubtree(db: Db, rootId: string, tenantIds: string[]): Promise<string[]> {
  if (tenantIds.length === 0) return [];
  const rows = await db
    .select({ id: tenants.id })
    .from(tenants)
    .where(and(inArray(tenants.id, tenantIds), inArray(tenants.id, subtreeIds(rootId, true))));
  const found = new Set(rows.map((row) => row.id));
  return [...new Set(tenantIds)].filter((id) => found.has(id));
}
