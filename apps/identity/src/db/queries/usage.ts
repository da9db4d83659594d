// The Usage section and the reports (issue 14): read-only counts over what the server already records,
// the audit log above all, each scoped to one tenant. Days and months are UTC.
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { apiTokens, auditLogs, invitations, memberships, mfaDevices, users } from '../schema/index.js';

/** A half-open interval of instants: [from, until). */
export interface Interval {
  from: Date;
  until: Date;
}

// Literal SQL (no parameters), so the GROUP BY repeats exactly the selected expression.
const utcDay = sql<string>`to_char(${auditLogs.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;
const utcMonth = sql<string>`to_char(${auditLogs.createdAt} at time zone 'UTC', 'YYYY-MM')`;

const inTenantActions = (tenantId: string, actions: readonly string[], interval: Interval) =>
  and(
    eq(auditLogs.tenantId, tenantId),
    inArray(auditLogs.action, [...actions]),
    gte(auditLogs.createdAt, interval.from),
    lt(auditLogs.createdAt, interval.until),
  );

/**
 * How many audit rows of each action each UTC day had. One index range per action
 * (audit_logs_tenant_action_idx: tenant, action, created_at).
 */
export async function countAuditActionsByDay(
  db: Db,
  tenantId: string,
  actions: readonly string[],
  interval: Interval,
): Promise<Array<{ day: string; action: string; count: number }>> {
  if (actions.length === 0) return [];
  return db
    .select({ day: utcDay, action: auditLogs.action, count: sql<number>`count(*)::int` })
    .from(auditLogs)
    .where(inTenantActions(tenantId, actions, interval))
    .groupBy(utcDay, auditLogs.action);
}

/** Distinct users with an audit row of one of the actions, per UTC calendar month. */
export async function countDistinctUsersByMonth(
  db: Db,
  tenantId: string,
  actions: readonly string[],
  interval: Interval,
): Promise<Array<{ month: string; users: number }>> {
  if (actions.length === 0) return [];
  return db
    .select({ month: utcMonth, users: sql<number>`count(distinct ${auditLogs.userId})::int` })
    .from(auditLogs)
    .where(inTenantActions(tenantId, actions, interval))
    .groupBy(utcMonth);
}

/** Distinct users with an audit row of one of the actions in the interval. */
export async function countDistinctUsers(
  db: Db,
  tenantId: string,
  actions: readonly string[],
  interval: Interval,
): Promise<number> {
  if (actions.length === 0) return 0;
  const [row] = await db
    .select({ users: sql<number>`count(distinct ${auditLogs.userId})::int` })
    .from(auditLogs)
    .where(inTenantActions(tenantId, actions, interval));
  return row?.users ?? 0;
}

/** The audit rows of the interval by severity and action, for the audit digest (most frequent first). */
export async function countAuditBySeverityAndAction(
  db: Db,
  tenantId: string,
  interval: Interval,
  severities: readonly string[],
  limit: number,
): Promise<Array<{ severity: string; action: string; count: number }>> {
  const total = sql<number>`count(*)::int`;
  return db
    .select({ severity: auditLogs.severity, action: auditLogs.action, count: total })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.tenantId, tenantId),
        gte(auditLogs.createdAt, interval.from),
        lt(auditLogs.createdAt, interval.until),
        inArray(auditLogs.severity, [...severities] as Array<typeof auditLogs.$inferSelect.severity>),
      ),
    )
    .groupBy(auditLogs.severity, auditLogs.action)
    .orderBy(desc(total), asc(auditLogs.action))
    .limit(limit);
}

/** The newest audit rows of the interval with one of the severities. */
export async function listAuditEventsBySeverity(
  db: Db,
  tenantId: string,
  interval: Interval,
  severities: readonly string[],
  limit: number,
): Promise<
  Array<{ createdAt: Date; action: string; severity: string; email: string | null; ip: string | null }>
> {
  return db
    .select({
      createdAt: auditLogs.createdAt,
      action: auditLogs.action,
      severity: auditLogs.severity,
      email: auditLogs.email,
      ip: auditLogs.ip,
    })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.tenantId, tenantId),
        inArray(auditLogs.severity, [...severities] as Array<typeof auditLogs.$inferSelect.severity>),
        gte(auditLogs.createdAt, interval.from),
        lt(auditLogs.createdAt, interval.until),
      ),
    )
    .orderBy(desc(auditLogs.createdAt))
    .limit(limit);
}

// A membership is disabled (by an administrator, or a temporary member's time is up), else pending
// until the person activates their account, else active.
const isDisabledMember = (now: Date) =>
  sql`(${memberships.isDisabled} or coalesce(${memberships.temporaryExpirationDate} <= ${now.toISOString()}::timestamptz, false))`;
const hasMfa = sql`exists (select 1 from ${mfaDevices} where ${mfaDevices.userId} = ${memberships.userId})`;

export interface SeatCounts {
  active: number;
  pendingMembers: number;
  disabled: number;
  /** Active members with at least one second factor. */
  mfaEnrolled: number;
}

/** The tenant's memberships by state, and how many of its active members have MFA. */
export async function countSeats(db: Db, tenantId: string, now: Date): Promise<SeatCounts> {
  const disabled = isDisabledMember(now);
  const [row] = await db
    .select({
      active: sql<number>`(count(*) filter (where not ${disabled} and ${users.verified}))::int`,
      pendingMembers: sql<number>`(count(*) filter (where not ${disabled} and not ${users.verified}))::int`,
      disabled: sql<number>`(count(*) filter (where ${disabled}))::int`,
      mfaEnrolled: sql<number>`(count(*) filter (where not ${disabled} and ${users.verified} and ${hasMfa}))::int`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.tenantId, tenantId));
  return row ?? { active: 0, pendingMembers: 0, disabled: 0, mfaEnrolled: 0 };
}

/** Invitations of existing users into the tenant that are neither accepted nor expired. */
export async function countOpenInvitations(db: Db, tenantId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(invitations)
    .where(
      and(eq(invitations.tenantId, tenantId), isNull(invitations.acceptedAt), gt(invitations.expiresAt, now)),
    );
  return row?.total ?? 0;
}

/** The tenant's API tokens (personal and the tenant's own, of either kind) that have not expired. */
export async function countActiveApiTokens(db: Db, tenantId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(apiTokens)
    .where(
      and(eq(apiTokens.tenantId, tenantId), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now))),
    );
  return row?.total ?? 0;
}

export interface MemberActivityRow {
  email: string;
  name: string;
  lastLogin: Date | null;
  state: 'active' | 'pending' | 'disabled';
  mfaEnrolled: boolean;
}

/** The tenant's members with their last sign-in, least recently active first, at most `limit`. */
export async function listMemberActivity(
  db: Db,
  tenantId: string,
  now: Date,
  limit: number,
): Promise<MemberActivityRow[]> {
  const disabled = isDisabledMember(now);
  return db
    .select({
      email: users.email,
      name: users.name,
      lastLogin: users.lastLogin,
      state: sql<
        MemberActivityRow['state']
      >`case when ${disabled} then 'disabled' when ${users.verified} then 'active' else 'pending' end`,
      mfaEnrolled: sql<boolean>`${hasMfa}`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.tenantId, tenantId))
    .orderBy(sql`${users.lastLogin} asc nulls first`, asc(users.email))
    .limit(limit);
}

/** Which of `emails` (lower-cased) belong to members of the tenant whose membership is not disabled. */
export async function findMemberEmails(
  db: Db,
  tenantId: string,
  emails: readonly string[],
  now: Date,
): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.tenantId, tenantId),
        inArray(sql`lower(${users.email})`, [...emails]),
        sql`not ${isDisabledMember(now)}`,
      ),
    );
  return rows.map((row) => row.email);
}
