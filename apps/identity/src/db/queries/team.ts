import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { type SortOrder, type UserFilterPreset, type UserSortKey } from '@brizo/contract';
import { z } from 'zod';
import type { Db } from '../client.js';
import { containing } from '../like.js';
import { column, executeRows } from '../rows.js';
import { breachedPasswordStillCurrent } from './security-center.js';
import {
  memberships,
  passwordStates,
  refreshTokenFamilies,
  tenantInviteLinks,
  userRoles,
  users,
} from '../schema/index.js';

// The admin portal's Users section (issue 4): a tenant's members, always read and changed through
// the tenant's id, so that no query here can reach another tenant's membership.

export interface MemberQuery {
  tenantId: string;
  /** A part of the name or the email, any case. */
  search?: string | undefined;
  preset?: UserFilterPreset | undefined;
  /** The inactive preset: no sign-in since this instant. */
  inactiveBefore: Date;
}

export interface MemberPage extends MemberQuery {
  sortBy: UserSortKey;
  order: SortOrder;
  limit: number;
  offset: number;
}

/** The byte-order sort keys of memberships_tenant_name_idx / _email_idx (migration 0013_team). */
const byName = sql`${memberships.sortName} collate "C"`;
const byEmail = sql`${memberships.sortEmail} collate "C"`;

/**
 * What each sort key orders by. createdAt is when the user joined the account (the list's
 * "joined" date); name, email and createdAt walk an index of the tenant, the rarer keys sort the
 * tenant's rows.
 */
const sortColumns: Record<UserSortKey, SQL> = {
  createdAt: sql`${memberships.createdAt}`,
  name: byName,
  email: byEmail,
  id: sql`${memberships.userId}`,
  verified: sql`(select u.verified from users u where u.id = ${memberships.userId})`,
  isLocked: sql`(select u.is_locked from users u where u.id = ${memberships.userId})`,
  provider: sql`(select u.provider from users u where u.id = ${memberships.userId})`,
  // One tenant per list: the joined order keeps pages stable.
  tenantId: sql`${memberships.createdAt}`,
};

const hasMfaDevice = sql`exists (select 1 from mfa_devices d where d.user_id = ${memberships.userId})`;

/**
 * How a preset's test is run. A page probes row by row (OFFSET 0 keeps the planner from turning the
 * test into a hash join over every membership): walking the sort index, the first page is found after
 * a few probes. A count reads every row anyway, and there the hash join is three times faster.
 */
type PresetPlan = 'probe' | 'join';
const perRow = (plan: PresetPlan) => sql.raw(plan === 'probe' ? ' offset 0' : '');

const hasNoMfaDevice = (plan: PresetPlan) =>
  sql`not exists (select 1 from mfa_devices d where d.user_id = ${memberships.userId}${perRow(plan)})`;

/**
 * A sign-in with a password on the breached list that is still the member's password: the same
 * detections the security center's recommendation counts (db/queries/security-center.ts), whatever
 * the login-flow flag. The table read audit rows written only with that flag on, so it stayed empty.
 */
const hasBreachedPassword = breachedPasswordStillCurrent(sql`${memberships.userId}`);

/** The membership rows of the query, but the search: the tenant's, then the preset. */
function memberConditions(query: MemberQuery, plan: PresetPlan): SQL[] {
  const conditions: SQL[] = [sql`${memberships.tenantId} = ${query.tenantId}`];
  if (query.preset === 'mfa-unenrolled') conditions.push(hasNoMfaDevice(plan));
  if (query.preset === 'breached-passwords') conditions.push(hasBreachedPassword);
  if (query.preset === 'inactive') {
    conditions.push(sql`${memberships.lastActiveAt} < ${query.inactiveBefore.toISOString()}`);
  }
  return conditions;
}

/**
 * How a searched page finds its rows (the search: a part of the name or of the email, any case;
 * sort_name and sort_email are lower case).
 * - 'walk': the sort key's index, walked in the page's order, each entry tested (both columns are
 *   INCLUDE columns of each sort index, migration 0018, so the users table is never read). A part most
 *   members have fills a page after a few entries; a rare one, or one the sort order gathers in one
 *   place ("mia" sorted by name), reads most of the tenant: 30-50 ms at 100,000 members.
 * - 'gather': every match, from the trigram index of the tenant's memberships (migration 0035), then
 *   sorted: about 1 µs per match, whatever the order.
 * The service picks by the search's total (services/team/members.ts).
 */
export type SearchPlan = 'walk' | 'gather';

/** The search's test of a membership row, or none without a search. */
function searchCondition(query: MemberQuery): SQL | undefined {
  const search = query.search?.toLowerCase();
  if (!search) return undefined;
  const pattern = containing(search);
  return sql`(${memberships.sortName} like ${pattern} escape '\\' or ${memberships.sortEmail} like ${pattern} escape '\\')`;
}

const where = (conditions: SQL[]) => sql.join(conditions, sql` and `);

const memberColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  profilePictureUrl: users.profilePictureUrl,
  phoneNumber: users.phoneNumber,
  verified: users.verified,
  provider: users.provider,
  isLocked: users.isLocked,
  metadata: users.metadata,
  createdAt: memberships.createdAt,
  lastLogin: users.lastLogin,
  isDisabled: memberships.isDisabled,
  temporaryExpirationDate: memberships.temporaryExpirationDate,
  mfaEnrolled: sql<boolean>`${hasMfaDevice}`,
};

export type MemberRow = {
  id: string;
  email: string;
  name: string;
  profilePictureUrl: string | null;
  phoneNumber: string | null;
  verified: boolean;
  provider: string;
  isLocked: boolean;
  metadata: string;
  /** When the user joined the account. */
  createdAt: Date;
  lastLogin: Date | null;
  isDisabled: boolean;
  temporaryExpirationDate: Date | null;
  mfaEnrolled: boolean;
};

const inTenant = (tenantId: string) =>
  and(eq(memberships.userId, users.id), eq(memberships.tenantId, tenantId));

const countRow = z.array(z.object({ count: z.coerce.number() }));

/** A member of a page, with the role ids they hold in the tenant (directly, not through groups). */
export type MemberWithRoleIds = MemberRow & { roleIds: string[] };

/** A row of listMembers' statement, read column by column (db/rows.ts: cheaper than a zod parse). */
function memberOfRow(value: unknown): MemberWithRoleIds {
  const row = column.row(value);
  // Comma-joined uuids: the drivers' array parsers made more garbage than the rest of the row.
  const roleIds = column.textOrNull(row, 'role_ids');
  return {
    id: column.text(row, 'id'),
    email: column.text(row, 'email'),
    name: column.text(row, 'name'),
    profilePictureUrl: column.textOrNull(row, 'profile_picture_url'),
    phoneNumber: column.textOrNull(row, 'phone_number'),
    verified: column.boolean(row, 'verified'),
    provider: column.text(row, 'provider'),
    isLocked: column.boolean(row, 'is_locked'),
    metadata: column.text(row, 'metadata'),
    createdAt: column.date(row, 'joined_at'),
    lastLogin: column.dateOrNull(row, 'last_login'),
    isDisabled: column.boolean(row, 'is_disabled'),
    temporaryExpirationDate: column.dateOrNull(row, 'temporary_expiration_date'),
    mfaEnrolled: column.boolean(row, 'mfa_enrolled'),
    roleIds: roleIds ? roleIds.split(',') : [],
  };
}

/**
 * One page of the tenant's members, sorted with the user id as tie-breaker so pages never overlap, in
 * one statement: the page's ids come from the memberships indexes alone (a search's plan says which),
 * and only those users are then read, with their roles in the tenant.
 */
export async function listMembers(
  db: Db,
  page: MemberPage,
  plan: SearchPlan = 'walk',
): Promise<MemberWithRoleIds[]> {
  const direction = sql.raw(page.order === 'ASC' ? 'asc' : 'desc');
  const key = sortColumns[page.sortBy];
  const search = searchCondition(page);
  const conditions = [...memberConditions(page, 'probe'), ...(search ? [search] : [])];
  const matches = sql`select ${memberships.userId} as user_id, ${key} as sort_key from ${memberships}
    where ${where(conditions)}`;
  const window = sql`limit ${page.limit} offset ${page.offset}`;
  // Gathered: OFFSET 0 keeps the planner from walking the sort index, which it would pick taking the
  // matches to be spread evenly along it.
  const pageIds =
    search && plan === 'gather'
      ? sql`select user_id, sort_key from (${matches} offset 0) as matches
          order by sort_key ${direction}, user_id ${direction} ${window}`
      : sql`${matches} order by ${key} ${direction}, ${memberships.userId} ${direction} ${window}`;
  const rows = await executeRows(
    db,
    sql`with page as (${pageIds})
        select u.id, u.email, u.name, u.profile_picture_url, u.phone_number, u.verified, u.provider,
          u.is_locked, u.metadata, m.created_at as joined_at, u.last_login, m.is_disabled,
          m.temporary_expiration_date,
          exists (select 1 from mfa_devices d where d.user_id = u.id) as mfa_enrolled,
          (select string_agg(r.role_id::text, ',' order by r.role_id) from user_roles r
            where r.tenant_id = m.tenant_id and r.user_id = u.id) as role_ids
        from page
        join users u on u.id = page.user_id
        join memberships m on m.user_id = page.user_id and m.tenant_id = ${page.tenantId}
        order by page.sort_key ${direction}, page.user_id ${direction}`,
  );
  return rows.map(memberOfRow);
}

export async function countMembers(db: Db, query: MemberQuery): Promise<number> {
  const search = searchCondition(query);
  const conditions = [...memberConditions(query, 'join'), ...(search ? [search] : [])];
  // A count reads the whole tenant. Without parallel workers it takes one core for its few tens of
  // milliseconds instead of every core, and the pages served meanwhile keep theirs (bench/RESULTS.md).
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return executeRows(tx, sql`select count(*) as count from ${memberships} where ${where(conditions)}`);
  });
  const [row] = countRow.parse(rows);
  return row?.count ?? 0;
}

export async function findMember(db: Db, tenantId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .innerJoin(memberships, inTenant(tenantId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/**
 * Those of the (user, tenant) pairs that are memberships, each with the tenant and the role ids the user
 * holds there (directly): one statement for a page of people of several accounts.
 */
export async function findMembershipsOf(
  db: Db,
  pairs: Array<{ userId: string; tenantId: string }>,
): Promise<Array<MemberWithRoleIds & { tenantId: string }>> {
  if (pairs.length === 0) return [];
  const wanted = sql.join(
    pairs.map((pair) => sql`(${pair.userId}::uuid, ${pair.tenantId}::uuid)`),
    sql`, `,
  );
  return db
    .select({
      ...memberColumns,
      tenantId: memberships.tenantId,
      roleIds: sql<string[]>`coalesce((select json_agg(ur.role_id) from user_roles ur
        where ur.user_id = ${users.id} and ur.tenant_id = ${memberships.tenantId}), '[]'::json)`,
    })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .where(sql`(${memberships.userId}, ${memberships.tenantId}) in (${wanted})`);
}

/** The role ids each of `userIds` holds in the tenant (directly, not through groups). */
export async function findRoleIdsOfMembers(
  db: Db,
  tenantId: string,
  userIds: string[],
): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  const rows = await db
    .select({ userId: userRoles.userId, roleId: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.tenantId, tenantId), inArray(userRoles.userId, userIds)));
  for (const row of rows) result.get(row.userId)?.push(row.roleId);
  return result;
}

/** Replaces the member's roles in the tenant (an empty list leaves none). */
export async function replaceMemberRoles(
  db: Db,
  tenantId: string,
  userId: string,
  roleIds: string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(userRoles).where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
    if (roleIds.length > 0) {
      await tx
        .insert(userRoles)
        .values(roleIds.map((roleId) => ({ userId, tenantId, roleId })))
        .onConflictDoNothing();
    }
  });
}

export async function updateMembership(
  db: Db,
  tenantId: string,
  userId: string,
  changes: { isDisabled?: boolean; temporaryExpirationDate?: Date | null },
): Promise<void> {
  await db
    .update(memberships)
    .set(changes)
    .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
}

/** Removes the member from the tenant with their roles there; their other tenants stay. */
export async function deleteMembership(db: Db, tenantId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(userRoles).where(and(eq(userRoles.tenantId, tenantId), eq(userRoles.userId, userId)));
    await tx
      .delete(memberships)
      .where(and(eq(memberships.tenantId, tenantId), eq(memberships.userId, userId)));
  });
}

/** Ends the user's sign-in sessions in one tenant: their refresh tokens stop working. */
export async function revokeSessionsInTenant(
  db: Db,
  tenantId: string,
  userId: string,
  reason: string,
  now: Date,
): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(
      and(
        eq(refreshTokenFamilies.userId, userId),
        eq(refreshTokenFamilies.tenantId, tenantId),
        isNull(refreshTokenFamilies.revokedAt),
      ),
    );
}

/** How many accounts (tenants) the user belongs to. */
export async function countMembershipsOfUser(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(eq(memberships.userId, userId));
  return row?.count ?? 0;
}

/** Lock or unlock (SPEC section 2 team dialogs); unlocking also forgets the failed attempts. */
export async function setUserLocked(db: Db, userId: string, isLocked: boolean, now: Date): Promise<void> {
  await db.update(users).set({ isLocked, updatedAt: now }).where(eq(users.id, userId));
  if (!isLocked) {
    await db.update(passwordStates).set({ failedAttempts: 0 }).where(eq(passwordStates.userId, userId));
  }
}

// ---- invite links ----

export type InviteLinkRow = typeof tenantInviteLinks.$inferSelect;

export async function findInviteLink(db: Db, tenantId: string): Promise<InviteLinkRow | undefined> {
  const [row] = await db
    .select()
    .from(tenantInviteLinks)
    .where(eq(tenantInviteLinks.tenantId, tenantId))
    .limit(1);
  return row;
}

export async function findInviteLinkByToken(db: Db, token: string): Promise<InviteLinkRow | undefined> {
  const [row] = await db.select().from(tenantInviteLinks).where(eq(tenantInviteLinks.token, token)).limit(1);
  return row;
}

/** A new link replaces the tenant's previous one: the old token stops working. */
export async function upsertInviteLink(
  db: Db,
  link: Omit<typeof tenantInviteLinks.$inferInsert, 'id'>,
): Promise<InviteLinkRow> {
  const [row] = await db
    .insert(tenantInviteLinks)
    .values(link)
    .onConflictDoUpdate({
      target: tenantInviteLinks.tenantId,
      set: {
        token: link.token,
        createdBy: link.createdBy,
        roleIds: link.roleIds,
        shouldSendEmail: link.shouldSendEmail,
        expiresAt: link.expiresAt,
        createdAt: link.createdAt,
        updatedAt: link.updatedAt,
      },
    })
    .returning();
  if (!row) throw new Error('upsertInviteLink returned no row');
  return row;
}

export async function updateInviteLink(
  db: Db,
  tenantId: string,
  changes: { expiresAt?: Date; shouldSendEmail?: boolean; updatedAt: Date },
): Promise<InviteLinkRow | undefined> {
  const [row] = await db
    .update(tenantInviteLinks)
    .set(changes)
    .where(eq(tenantInviteLinks.tenantId, tenantId))
    .returning();
  return row;
}

export async function deleteInviteLink(db: Db, tenantId: string): Promise<boolean> {
  const rows = await db
    .delete(tenantInviteLinks)
    .where(eq(tenantInviteLinks.tenantId, tenantId))
    .returning({ id: tenantInviteLinks.id });
  return rows.length > 0;
}

const statsRow = z.object({
  total: z.coerce.number(),
  added: z.coerce.number(),
  admins: z.coerce.number(),
  enabled: z.coerce.number(),
});

/**
 * The Users section's figures (the SDK's loadStats): members, members who joined since `since`,
 * members holding a role of this tenant that grants 'fe.*' (the general admin permission, SPEC section 6)
 * and members not disabled.
 */
export async function memberStats(
  db: Db,
  tenantId: string,
  since: Date,
): Promise<{ totalItems: number; addedThisWeek: number; superAdmins: number; enabled: number }> {
  const [row] = await executeRows(
    db,
    sql`select count(*) as total,
          count(*) filter (where m.created_at >= ${since.toISOString()}) as added,
          count(*) filter (where exists (
            select 1 from user_roles ur
            join role_permissions rp on rp.role_id = ur.role_id
            join permissions p on p.id = rp.permission_id
            where ur.user_id = m.user_id and ur.tenant_id = m.tenant_id and p.key = 'fe.*')) as admins,
          count(*) filter (where not m.is_disabled) as enabled
        from memberships m where m.tenant_id = ${tenantId}`,
  );
  const counts = statsRow.parse(row);
  return {
    totalItems: counts.total,
    addedThisWeek: counts.added,
    superAdmins: counts.admins,
    enabled: counts.enabled,
  };
}
