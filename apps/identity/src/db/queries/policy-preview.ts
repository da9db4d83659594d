// Issue 14, the policy impact preview (services/security/policy-preview.ts): what the server knows
// about a tenant's members that a security policy would act on — MFA enrolment, failed passwords,
// password age and history, email domains, and the addresses they signed in from. Read-only, and every
// query starts from the tenant's memberships, so no answer can name another tenant's member.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../client.js';
import { column, executeRows } from '../rows.js';

/** A member as a preview lists it, with the facts the kinds' reasons quote. */
export interface PreviewMemberRow {
  userId: string;
  email: string;
  name: string;
  lastLogin: Date | null;
  isLocked: boolean;
  failedAttempts: number;
  /** Earlier passwords kept for the history policy (the current one is not counted). */
  earlierPasswords: number;
  /** When the password last changed, or when the account was created (what rotation counts from). */
  passwordChangedAt: Date;
}

/**
 * Which members a SQL-side kind lists: a condition over the tenant's membership `m` and its user `u`.
 * Built only here, from the kinds' parameters, never from request text.
 */
export type MemberCondition = SQL;

const memberFacts = sql.raw(`
  u.id as user_id, u.email, u.name, u.last_login, u.is_locked,
  coalesce(ps.failed_attempts, 0)::int as failed_attempts,
  (select count(*) from password_history h where h.user_id = u.id)::int as earlier_passwords,
  coalesce(ps.changed_at, u.created_at) as password_changed_at`);

const memberFrom = (tenantId: string) => sql`
  from memberships m
  join users u on u.id = m.user_id
  left join password_states ps on ps.user_id = m.user_id
  where m.tenant_id = ${tenantId}`;

const number = (value: unknown): number => {
  const parsed = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`Unexpected number ${String(value)}`);
  return parsed;
};

function memberRow(value: unknown): PreviewMemberRow {
  const row = column.row(value);
  return {
    userId: column.text(row, 'user_id'),
    email: column.text(row, 'email'),
    name: column.text(row, 'name'),
    lastLogin: column.dateOrNull(row, 'last_login'),
    isLocked: column.boolean(row, 'is_locked'),
    failedAttempts: number(row.failed_attempts),
    earlierPasswords: number(row.earlier_passwords),
    passwordChangedAt: column.date(row, 'password_changed_at'),
  };
}

/** MFA: no second factor enrolled; `exceptSso`: and no identity from one of the tenant's enabled SSO connections. */
export function notEnrolledInMfa(options: { exceptSso: boolean }): MemberCondition {
  const unenrolled = sql.raw('not exists (select 1 from mfa_devices d where d.user_id = m.user_id)');
  if (!options.exceptSso) return unenrolled;
  return sql`${unenrolled} and not exists (
    select 1 from user_identities i join sso_connections c on c.id::text = i.connection_key
    where i.user_id = m.user_id and c.tenant_id = m.tenant_id and c.enabled)`;
}

/** Password policies: the member has a password (members signing in otherwise never type one). */
export const hasPassword: MemberCondition = sql.raw('u.password_hash is not null');

/** Lockout: the account is locked. */
export const isLocked: MemberCondition = sql.raw('u.is_locked');

/** Lockout: locked already, or a password and at least `failedAttempts` wrong ones in a row on record. */
export const lockedOrFailedAtLeast = (failedAttempts: number): MemberCondition =>
  sql`(u.is_locked or (u.password_hash is not null and coalesce(ps.failed_attempts, 0) >= ${failedAttempts}))`;

/** How many members match `condition`. */
export async function countMembersWhere(
  db: Db,
  tenantId: string,
  condition: MemberCondition,
): Promise<number> {
  const [counted] = await executeRows(
    db,
    sql`select count(*)::int as total ${memberFrom(tenantId)} and ${condition}`,
  );
  return number(column.row(counted).total);
}

/** The members matching `condition`, by email: how many, and one page. */
export async function pageMembersWhere(
  db: Db,
  tenantId: string,
  condition: MemberCondition,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: PreviewMemberRow[] }> {
  const total = await countMembersWhere(db, tenantId, condition);
  const rows = await executeRows(
    db,
    sql`select ${memberFacts} ${memberFrom(tenantId)} and ${condition}
      order by m.sort_email collate "C", m.user_id limit ${page.limit} offset ${page.offset}`,
  );
  return { total, rows: rows.map(memberRow) };
}

/** These members of the tenant, in the order given (ids of other tenants' users find nothing). */
export async function findMembersByIds(
  db: Db,
  tenantId: string,
  userIds: string[],
): Promise<PreviewMemberRow[]> {
  if (userIds.length === 0) return [];
  const rows = await executeRows(
    db,
    sql`select ${memberFacts} ${memberFrom(tenantId)}
      and m.user_id in (select (jsonb_array_elements_text(${JSON.stringify(userIds)}::jsonb))::uuid)`,
  );
  const byId = new Map(rows.map(memberRow).map((row) => [row.userId, row]));
  return userIds.flatMap((id) => byId.get(id) ?? []);
}

/** Every member with a password, by email: when it last changed (rotation's clock). */
export async function listPasswordAges(
  db: Db,
  tenantId: string,
): Promise<{ userId: string; email: string; passwordChangedAt: Date }[]> {
  const rows = await executeRows(
    db,
    sql`select m.user_id, u.email, coalesce(ps.changed_at, u.created_at) as password_changed_at
      ${memberFrom(tenantId)} and ${hasPassword}
      order by m.sort_email collate "C", m.user_id`,
  );
  return rows.map((value) => {
    const row = column.row(value);
    return {
      userId: column.text(row, 'user_id'),
      email: column.text(row, 'email'),
      passwordChangedAt: column.date(row, 'password_changed_at'),
    };
  });
}

/** The part of the (lower-cased) email after its last @. */
const domainOf = sql.raw(`substring(m.sort_email from '[^@]*$')`);

/** The email domains of the tenant's members, each with how many members have it. */
export async function countMembersByDomain(
  db: Db,
  tenantId: string,
): Promise<{ domain: string; members: number }[]> {
  const rows = await executeRows(
    db,
    sql`select ${domainOf} as domain, count(*)::int as members from memberships m
      where m.tenant_id = ${tenantId} group by 1 order by 1`,
  );
  return rows.map((value) => {
    const row = column.row(value);
    return { domain: column.text(row, 'domain'), members: number(row.members) };
  });
}

/** Members whose email is on one of these domains. */
export const emailDomainIn = (domains: string[]): MemberCondition =>
  sql`${domainOf} in (select jsonb_array_elements_text(${JSON.stringify(domains)}::jsonb))`;

/** The tenant's members on these domains, by email. */
export async function listMembersOfDomains(
  db: Db,
  tenantId: string,
  domains: string[],
): Promise<{ userId: string; email: string }[]> {
  if (domains.length === 0) return [];
  const rows = await executeRows(
    db,
    sql`select m.user_id, u.email ${memberFrom(tenantId)} and ${emailDomainIn(domains)}
      order by m.sort_email collate "C", m.user_id`,
  );
  return rows.map((value) => {
    const row = column.row(value);
    return { userId: column.text(row, 'user_id'), email: column.text(row, 'email') };
  });
}

/**
 * The domains SSO enforcement would act on for this tenant: its validated domains with an enabled
 * connection (as findEnforcedSsoPolicyForDomain joins them), lower case.
 */
export async function findEnforceableSsoDomains(db: Db, tenantId: string): Promise<string[]> {
  const rows = await executeRows(
    db,
    sql`select distinct d.domain from sso_domains d join sso_connections c on c.id = d.connection_id
      where d.tenant_id = ${tenantId} and d.validated and c.enabled order by 1`,
  );
  return rows.map((value) => column.text(column.row(value), 'domain'));
}

/**
 * The addresses the tenant's members came from: successful sign-ins of the audit log since `since`
 * (`actions` are the sign-in events) and their live sessions in the tenant; one row per member and
 * address, with when it was last seen.
 */
export async function listSignInAddresses(
  db: Db,
  query: { tenantId: string; since: Date; now: Date; actions: string[] },
): Promise<{ userId: string; email: string; ip: string; seenAt: Date }[]> {
  const { tenantId } = query;
  const now = query.now.toISOString();
  const rows = await executeRows(
    db,
    sql`select seen.user_id, u.email, seen.ip, max(seen.at) as seen_at from (
        select a.user_id, a.ip, a.created_at as at from audit_logs a
        where a.tenant_id = ${tenantId} and a.created_at >= ${query.since.toISOString()}
          and a.action in (select jsonb_array_elements_text(${JSON.stringify(query.actions)}::jsonb))
          and a.user_id is not null and a.ip is not null
        union all
        select f.user_id, f.ip_address, f.created_at from memberships m
        join refresh_token_families f on f.user_id = m.user_id and f.tenant_id = m.tenant_id
        where m.tenant_id = ${tenantId} and f.revoked_at is null and f.ip_address is not null
          and exists (select 1 from refresh_tokens t where t.family_id = f.id
            and t.rotated_at is null and t.expires_at > ${now})
      ) seen
      join users u on u.id = seen.user_id
      where exists (select 1 from memberships m where m.tenant_id = ${tenantId} and m.user_id = seen.user_id)
      group by seen.user_id, u.email, seen.ip`,
  );
  return rows.map((value) => {
    const row = column.row(value);
    return {
      userId: column.text(row, 'user_id'),
      email: column.text(row, 'email'),
      ip: column.text(row, 'ip'),
      seenAt: column.date(row, 'seen_at'),
    };
  });
}

/**
 * The address of each member's latest sign-in into the tenant (audit log, `actions` as above), for the
 * listed members only: the tenant's email index of the audit log finds each one's newest row.
 */
export async function findLastSignInAddresses(
  db: Db,
  query: { tenantId: string; userIds: string[]; actions: string[] },
): Promise<Map<string, string>> {
  if (query.userIds.length === 0) return new Map();
  const rows = await executeRows(
    db,
    sql`select u.id as user_id, last.ip from users u
      cross join lateral (
        select a.ip from audit_logs a
        where a.tenant_id = ${query.tenantId} and a.email = u.email and a.user_id = u.id
          and a.action in (select jsonb_array_elements_text(${JSON.stringify(query.actions)}::jsonb))
          and a.ip is not null
        order by a.created_at desc limit 1
      ) last
      where u.id in (select (jsonb_array_elements_text(${JSON.stringify(query.userIds)}::jsonb))::uuid)`,
  );
  return new Map(
    rows.map((value) => {
      const row = column.row(value);
      return [column.text(row, 'user_id'), column.text(row, 'ip')] as const;
    }),
  );
}
