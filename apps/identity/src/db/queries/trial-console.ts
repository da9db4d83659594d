// Issue 15, the superuser console's free-trial funnel (services/trial-console): grouped counts of the
// people who signed up, the accounts under review and the trials about to end. Read-only and
// vendor-wide (a superuser's alone). Metadata columns are JSON text that users partly write: they are
// read with regular expressions, which never fail on a malformed document as a jsonb cast would.
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { productRoleKeys } from '@brizo/contract/product-access';
import type { FunnelCounts, FunnelGrouping } from '@brizo/contract/entities/trial-console';
import type { Db } from '../client.js';
import { containing } from '../like.js';
import { column, executeRows } from '../rows.js';
import { memberships, roles, userRoles, users } from '../schema/index.js';

/** A JSON document's string field `key` (a constant of this module), or null. */
const jsonString = (document: SQL, key: string) =>
  sql`substring(${document} from ${`"${key}"\\s*:\\s*"([^"\\\\]*)"`})`;
/** Whether a JSON document's field `key` is true. */
const jsonTrue = (document: SQL, key: string) => sql`(${document} ~ ${`"${key}"\\s*:\\s*true`})`;
/** A date field, only when written YYYY-MM-DD (what the web app reads; anything else counts as absent). */
const jsonDate = (document: SQL, key: string) =>
  sql`substring(${document} from ${`"${key}"\\s*:\\s*"(\\d{4}-\\d{2}-\\d{2})"`})`;

const userVendorMetadata = sql.raw('u.vendor_metadata');
const userMetadata = sql.raw('u.metadata');
const tenantMetadata = sql.raw('t.metadata');

const signupType = jsonString(userVendorMetadata, 'signupType');
/** The user's own source (the web app's sign-up sends it), else the account's. */
const source = sql`coalesce(nullif(${jsonString(userMetadata, 'source')}, ''), nullif(${jsonString(tenantMetadata, 'source')}, ''))`;
/** SPEC "Expiration": the user's vendorMetadata, else the account's metadata. */
const expiration = sql`coalesce(${jsonDate(userVendorMetadata, 'expiration')}, ${jsonDate(tenantMetadata, 'expiration')})`;

/** People who signed up themselves (a work or a personal email); invitees and seeded accounts are not. */
const SIGN_UP_TYPES = ['personal', 'work'];
/** Invited people were accepted by their account's administrators: never under review (web landing). */
const INVITED_TYPES = ['invitation', 'invite-link'];
const TRIAL_ROLES = [productRoleKeys.trial, productRoleKeys.expiredTrial];
const REGULAR_ROLES = [productRoleKeys.base, productRoleKeys.unrestricted];

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** Whether the user holds one of the vendor's roles `keys`; in any account, or in their active one. */
const holdsRole = (
  keys: readonly string[],
  scope: 'any' | 'active',
) => sql`exists (select 1 from user_roles ur
  join roles r on r.id = ur.role_id where ur.user_id = u.id and r.tenant_id is null and r.key in (${list(keys)})
  ${scope === 'active' ? sql`and ur.tenant_id = u.active_tenant_id` : sql``})`;

/** SPEC "Access classification": a role in the active account granting bfm.base or bfm.trial. */
const hasAccessPermission = sql`exists (select 1 from user_roles ur
  join role_permissions rp on rp.role_id = ur.role_id join permissions p on p.id = rp.permission_id
  where ur.user_id = u.id and ur.tenant_id = u.active_tenant_id and p.key in ('bfm.base', 'bfm.trial'))`;

const signedUpFrom = sql`from users u left join tenants t on t.id = u.active_tenant_id`;

const number = (value: unknown): number => {
  const parsed = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`Unexpected number ${String(value)}`);
  return parsed;
};

export interface FunnelGroupRow extends FunnelCounts {
  key: string | null;
}

/**
 * The funnel of the people who signed up in [from, to), by the Monday of their sign-up's ISO week
 * (UTC) or by source: one grouped statement whatever the number of people.
 */
export async function countFunnel(
  db: Db,
  range: { from: Date; to: Date },
  groupBy: FunnelGrouping,
): Promise<FunnelGroupRow[]> {
  const key =
    groupBy === 'week'
      ? sql`to_char(date_trunc('week', u.created_at at time zone 'UTC'), 'YYYY-MM-DD')`
      : source;
  const rows = await executeRows(
    db,
    sql`select ${key} as key, count(*)::int as sign_ups,
      count(*) filter (where u.verified or ${jsonTrue(userVendorMetadata, 'activated')})::int as activations,
      count(*) filter (where u.last_login is not null)::int as first_sign_ins,
      count(*) filter (where ${holdsRole(TRIAL_ROLES, 'any')} or ${expiration} is not null)::int as trials,
      count(*) filter (where ${holdsRole(REGULAR_ROLES, 'any')})::int as paid
    ${signedUpFrom}
    where ${signupType} in (${list(SIGN_UP_TYPES)})
      and u.created_at >= ${range.from.toISOString()}::timestamptz
      and u.created_at < ${range.to.toISOString()}::timestamptz
    group by 1 order by 2 desc, 1`,
  );
  return rows.map((value) => {
    const row = column.row(value);
    return {
      key: column.textOrNull(row, 'key'),
      signUps: number(row.sign_ups),
      activations: number(row.activations),
      firstSignIns: number(row.first_sign_ins),
      trials: number(row.trials),
      paid: number(row.paid),
    };
  });
}

export interface SignedUpUserRow {
  userId: string;
  email: string;
  name: string;
  tenantId: string | null;
  tenantName: string | null;
  signedUpAt: Date;
  source: string | null;
  signupType: string | null;
}

const signedUpColumns = sql`u.id as user_id, u.email, u.name, u.active_tenant_id as tenant_id,
  t.name as tenant_name, u.created_at, ${source} as source, ${signupType} as signup_type`;

function signedUpRow(row: Record<string, unknown>): SignedUpUserRow {
  return {
    userId: column.text(row, 'user_id'),
    email: column.text(row, 'email'),
    name: column.text(row, 'name'),
    tenantId: column.textOrNull(row, 'tenant_id'),
    tenantName: column.textOrNull(row, 'tenant_name'),
    signedUpAt: column.date(row, 'created_at'),
    source: column.textOrNull(row, 'source'),
    signupType: column.textOrNull(row, 'signup_type'),
  };
}

export interface Paging {
  offset: number;
  limit: number;
  /** A part of the person's email or name, any case. */
  search?: string;
}

const matching = (search: string | undefined) =>
  search ? sql`and (u.email ilike ${containing(search)} or u.name ilike ${containing(search)})` : sql``;

/** Total rows of a page's query: count(*) over () rides on each row, so one statement answers both. */
const totalOf = (rows: unknown[]) => (rows[0] ? number(column.row(rows[0]).total) : 0);

/**
 * The people the web app sends to /under-review (SPEC "Landing decision", 4): who signed up and, in
 * their active account, has no product role and no access permission; not a superuser nor an invitee.
 * Oldest first: the longest waiting are reviewed first. With a search, only the people it matches.
 */
export async function listUnderReview(db: Db, paging: Paging) {
  const rows = await executeRows(
    db,
    sql`select ${signedUpColumns}, count(*) over () as total
    ${signedUpFrom}
    where not u.super_user and ${signupType} is not null and ${signupType} not in (${list(INVITED_TYPES)})
      and not ${holdsRole([...TRIAL_ROLES, ...REGULAR_ROLES], 'active')} and not ${hasAccessPermission}
      ${matching(paging.search)}
    order by u.created_at, u.id limit ${paging.limit} offset ${paging.offset}`,
  );
  return { items: rows.map((value) => signedUpRow(column.row(value))), total: totalOf(rows) };
}

export interface TrialUserRow extends SignedUpUserRow {
  expiration: string;
  isMarkedExpired: boolean;
}

/**
 * Trial users (SPEC "Access classification": a trial role, no regular one, not a superuser) whose
 * expiration date lies in [firstDate, lastDate], soonest first.
 */
export async function listTrialsEndingBetween(
  db: Db,
  dates: { firstDate: string; lastDate: string },
  paging: Paging,
) {
  const rows = await executeRows(
    db,
    sql`select ${signedUpColumns}, ${expiration} as expiration,
      ${holdsRole([productRoleKeys.expiredTrial], 'active')} as is_marked_expired, count(*) over () as total
    ${signedUpFrom}
    where not u.super_user and ${holdsRole(TRIAL_ROLES, 'active')} and not ${holdsRole(REGULAR_ROLES, 'active')}
      and ${expiration} between ${dates.firstDate} and ${dates.lastDate} ${matching(paging.search)}
    order by 9, u.id limit ${paging.limit} offset ${paging.offset}`,
  );
  return {
    items: rows.map((value): TrialUserRow => {
      const row = column.row(value);
      return {
        ...signedUpRow(row),
        expiration: column.text(row, 'expiration'),
        isMarkedExpired: column.boolean(row, 'is_marked_expired'),
      };
    }),
    total: totalOf(rows),
  };
}

/** The vendor's product roles the user holds in one account. */
export async function findProductRoleKeys(db: Db, userId: string, tenantId: string): Promise<string[]> {
  const rows = await db
    .select({ key: roles.key })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(
      and(
        eq(userRoles.userId, userId),
        eq(userRoles.tenantId, tenantId),
        isNull(roles.tenantId),
        inArray(roles.key, [...TRIAL_ROLES, ...REGULAR_ROLES]),
      ),
    );
  return rows.map((row) => row.key).sort();
}

/** Takes the vendor's roles `roleIds` from the user in one account. */
export async function removeUserRoles(
  db: Db,
  userId: string,
  tenantId: string,
  roleIds: string[],
): Promise<void> {
  if (roleIds.length === 0) return;
  await db
    .delete(userRoles)
    .where(
      and(eq(userRoles.userId, userId), eq(userRoles.tenantId, tenantId), inArray(userRoles.roleId, roleIds)),
    );
}

/**
 * The user and the account their trial lives in (their active one, else their first), locked until the
 * transaction ends: two approvals at once grant and record one trial.
 */
export async function lockUserForTrial(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).for('update');
  if (!user) return undefined;
  if (user.activeTenantId) return { user, tenantId: user.activeTenantId };
  const [first] = await db
    .select({ tenantId: memberships.tenantId })
    .from(memberships)
    .where(eq(memberships.userId, userId))
    .orderBy(memberships.createdAt)
    .limit(1);
  return { user, tenantId: first?.tenantId ?? null };
}
