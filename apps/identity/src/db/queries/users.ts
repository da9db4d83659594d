import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../client.js';
import { users } from '../schema/index.js';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** Fully qualified column references for the correlated subqueries below. */
export const qualified = {
  userActiveTenant: sql.raw('"users"."active_tenant_id"'),
  familyTenant: sql.raw('"refresh_token_families"."tenant_id"'),
} as const;

/**
 * The roles a user holds in a tenant: their own, and those of the tenant's groups they belong to
 * (issue 4, groups) while the tenant's groups configuration has groups and roles on groups on (no
 * group_configs row: both on, as services/groups.ts reads it). Change a user's groups, a group's
 * roles or the tenant's groups configuration → invalidate the authorization cache.
 */
const effectiveRoleIds = (userId: SQL, tenantId: SQL) => sql`select ur.role_id from user_roles ur
  where ur.user_id = ${userId} and ur.tenant_id = ${tenantId}
  union select gr.role_id from group_users gu join groups g on g.id = gu.group_id
  join group_roles gr on gr.group_id = g.id where gu.user_id = ${userId} and g.tenant_id = ${tenantId}
  and not exists (select 1 from group_configs gc where gc.tenant_id = g.tenant_id
    and not (gc.enabled and gc.roles_enabled))`;

/**
 * What an access token needs about a user, computed inside the same statement as the user lookup
 * so that login and refresh stay at one read each. `tenantId` must be a qualified reference or a
 * parameter: drizzle leaves columns of single-table selects unqualified. `now` is the server's
 * clock, not the database's now(): a temporary member expires when the clock the tests and the dev
 * tools move passes their expiration date (an ISO string when a placeholder of a prepared statement).
 */
export function authorizationColumns(tenantId: SQL, now: Date | Placeholder) {
  const userId = sql.raw('"users"."id"');
  return {
    tenantIds: sql<string[]>`coalesce((select json_agg(m.tenant_id order by m.created_at) from memberships m
      where m.user_id = ${userId} and not m.is_disabled
        and (m.temporary_expiration_date is null or m.temporary_expiration_date > ${now instanceof Date ? now.toISOString() : now}::timestamptz)), '[]'::json)`,
    roleKeys: sql<string[]>`coalesce((select json_agg(r.key order by r.key) from roles r
      where r.id in (${effectiveRoleIds(userId, tenantId)})), '[]'::json)`,
    permissionKeys: sql<string[]>`coalesce((select json_agg(distinct p.key) from role_permissions rp
      join permissions p on p.id = rp.permission_id
      where rp.role_id in (${effectiveRoleIds(userId, tenantId)})), '[]'::json)`,
    /**
     * Issue 15: the apps the user may open in `tenantId`: the default app, the account's free apps and
     * the managed ones assigned to them (a handful of rows: the vendor's apps are few).
     */
    applicationIds: sql<string[]>`coalesce((select json_agg(a.id order by a.created_at) from applications a
      where a.is_active and (a.is_default or exists (select 1 from application_tenant_assignments t
        where t.app_id = a.id and t.tenant_id = ${tenantId} and (t.access_type = 'FREE_ACCESS'
          or exists (select 1 from application_user_assignments u where u.app_id = a.id
            and u.tenant_id = ${tenantId} and u.user_id = ${userId}))))), '[]'::json)`,
    /** A temporary membership's end in `tenantId`, epoch seconds (float8: a number in both drivers). */
    accessEndsAt: sql<number | null>`(select extract(epoch from m.temporary_expiration_date)::float8
      from memberships m where m.user_id = ${userId} and m.tenant_id = ${tenantId})`,
  };
}

export function userClaimsColumns(tenantId: SQL, now: Date | Placeholder) {
  return {
    id: users.id,
    email: users.email,
    name: users.name,
    passwordHash: users.passwordHash,
    verified: users.verified,
    superUser: users.superUser,
    isLocked: users.isLocked,
    metadata: users.metadata,
    vendorMetadata: users.vendorMetadata,
    profilePictureUrl: users.profilePictureUrl,
    ...authorizationColumns(tenantId, now),
  };
}

/** What a user may do in one tenant: the tenants, role keys and permission keys of the token. */
export interface UserAuthorization {
  tenantIds: string[];
  roleKeys: string[];
  permissionKeys: string[];
  /** The apps the user may open in the tenant (issue 15). */
  applicationIds: string[];
  /** When a temporary membership in the tenant ends (epoch seconds); null when it does not. */
  accessEndsAt: number | null;
}

export async function findUserAuthorization(
  db: Db,
  userId: string,
  tenantId: string | null,
  now: Date,
): Promise<UserAuthorization | undefined> {
  const tenant = tenantId === null ? sql`null::uuid` : sql`${tenantId}::uuid`;
  const [row] = await db
    .select(authorizationColumns(tenant, now))
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export type UserClaimsRow = {
  id: string;
  email: string;
  name: string;
  passwordHash: string | null;
  verified: boolean;
  superUser: boolean;
  isLocked: boolean;
  metadata: string;
  vendorMetadata: string;
  profilePictureUrl: string | null;
  tenantIds: string[];
  roleKeys: string[];
  permissionKeys: string[];
  applicationIds: string[];
  accessEndsAt: number | null;
  tenantId: string | null;
};

/** `email` as typed, or a placeholder filled with a normalized email. */
export const emailMatches = (email: string | Placeholder) =>
  sql`lower(${users.email}) = ${typeof email === 'string' ? normalizeEmail(email) : email}`;

/** The one read of password login: the user, its active tenant and its token claims. */
export async function findUserClaimsByEmail(
  db: Db,
  email: string,
  now: Date,
): Promise<UserClaimsRow | undefined> {
  const [row] = await db
    .select({ ...userClaimsColumns(qualified.userActiveTenant, now), tenantId: users.activeTenantId })
    .from(users)
    .where(emailMatches(email))
    .limit(1);
  return row;
}

export async function findUserClaimsById(
  db: Db,
  userId: string,
  tenantId: string | null,
  now: Date,
): Promise<UserClaimsRow | undefined> {
  const tenant = tenantId === null ? sql`null::uuid` : sql`${tenantId}::uuid`;
  const [row] = await db
    .select({ ...userClaimsColumns(tenant, now), tenantId: sql<string | null>`${tenant}` })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(emailMatches(email)).limit(1);
  return row;
}

export async function findUserById(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...user, email: normalizeEmail(user.email) })
    .returning();
  if (!row) throw new Error('insertUser returned no row');
  return row;
}

export async function updateUser(db: Db, userId: string, changes: Partial<NewUser>): Promise<void> {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

export async function setActiveTenant(db: Db, userId: string, tenantId: string): Promise<void> {
  await db.update(users).set({ activeTenantId: tenantId }).where(eq(users.id, userId));
}
