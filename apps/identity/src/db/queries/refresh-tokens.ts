import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../client.js';
import { keptStatement } from '../pglite-kept-plans.js';
import { executeRows } from '../rows.js';
import {
  auditLogs,
  refreshTokenFamilies,
  refreshTokens,
  users,
  type SessionAuthentication,
} from '../schema/index.js';
import { qualified, userClaimsColumns, type UserClaimsRow } from './users.js';

export interface SessionStart {
  familyId: string;
  userId: string;
  tenantId: string | null;
  tokenHash: string;
  expiresAt: Date;
  now: Date;
  ipAddress: string | null;
  userAgent: string | null;
  /** How the user signed in (MFA, passkey, impersonation); null for a plain first factor. */
  authentication: SessionAuthentication | null;
  audit: typeof auditLogs.$inferInsert;
}

// Every sign-in runs it: on PGlite it took 1.5-1.8 ms planned each time, 0.6-0.8 ms with its plan kept.
const sessionStartStatement = keptStatement((start: SessionStart) => {
  const a = start.audit;
  // Raw SQL takes dates as ISO strings: both drivers then agree on the parameter's text.
  const now = start.now.toISOString();
  const expiresAt = start.expiresAt.toISOString();
  return sql`
    with family as (
      insert into ${refreshTokenFamilies} (id, user_id, tenant_id, ip_address, user_agent, authentication, created_at)
      values (${start.familyId}, ${start.userId}, ${start.tenantId}, ${start.ipAddress}, ${start.userAgent},
              ${start.authentication === null ? null : JSON.stringify(start.authentication)}::jsonb, ${now})
      returning id
    ), token as (
      insert into ${refreshTokens} (token_hash, family_id, created_at, expires_at)
      select ${start.tokenHash}, id, ${now}, ${expiresAt} from family
    ), login as (
      update ${users} set last_login = ${now} where id = ${start.userId}
    ), audit as (
      insert into ${auditLogs} (tenant_id, user_id, email, action, description, severity, ip, user_agent, json, created_at)
      values (${a.tenantId ?? null}, ${a.userId ?? null}, ${a.email ?? null}, ${a.action}, ${a.description ?? ''}, ${a.severity},
              ${a.ip ?? null}, ${a.userAgent ?? null}, ${JSON.stringify(a.json ?? {})}::jsonb, ${now})
      returning id, tenant_id, created_at
    )
    -- Issue 14: the sign-in's domain event, for the tenant's webhooks and channels (db/queries/audit-logs.ts).
    insert into event_outbox (audit_id, tenant_id, created_at)
    select id, tenant_id, created_at from audit where tenant_id is not null
  `;
});

/**
 * One statement for the writes of a sign-in: the session (refresh family), its first token, the
 * user's lastLogin, the audit entry and its domain event. Password login stays at one read and one write.
 */
export async function insertSessionStart(db: Db, start: SessionStart): Promise<void> {
  await db.execute(sessionStartStatement(start));
}

export type RefreshSessionRow = UserClaimsRow & {
  familyId: string;
  familyRevokedAt: Date | null;
  /** When the session signed in: its lifetime runs from here (issue 10). */
  familyCreatedAt: Date;
  authentication: SessionAuthentication | null;
  tokenExpiresAt: Date;
  tokenRotatedAt: Date | null;
};

/** The one read of a token refresh: the token, its family, the user and the claims for the family's tenant. */
export async function findRefreshSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<RefreshSessionRow | undefined> {
  const [row] = await db
    .select({
      ...userClaimsColumns(qualified.familyTenant, now),
      tenantId: refreshTokenFamilies.tenantId,
      familyId: refreshTokenFamilies.id,
      familyRevokedAt: refreshTokenFamilies.revokedAt,
      familyCreatedAt: refreshTokenFamilies.createdAt,
      authentication: refreshTokenFamilies.authentication,
      tokenExpiresAt: refreshTokens.expiresAt,
      tokenRotatedAt: refreshTokens.rotatedAt,
    })
    .from(refreshTokens)
    .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.familyId))
    .innerJoin(users, eq(users.id, refreshTokenFamilies.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

const sessionAuthentication = z.object({
  amr: z.array(z.string()).optional(),
  acr: z.string().optional(),
  auth_time: z.number(),
  act: z.object({ sub: z.string(), email: z.string(), type: z.literal('impersonation') }).optional(),
});

const rotatedRow = z.object({
  family_id: z.string(),
  tenant_id: z.string().nullable(),
  authentication: sessionAuthentication.nullable(),
  id: z.string(),
  email: z.string(),
  name: z.string(),
  verified: z.boolean(),
  super_user: z.boolean(),
  is_locked: z.boolean(),
  metadata: z.string(),
});

export interface RotatedSession {
  familyId: string;
  tenantId: string | null;
  authentication: SessionAuthentication | null;
  user: {
    id: string;
    email: string;
    name: string;
    verified: boolean;
    superUser: boolean;
    isLocked: boolean;
    metadata: string;
  };
}

interface Rotation {
  oldHash: string;
  newHash: string;
  now: Date;
  expiresAt: Date;
  defaultLifetimeSeconds: number;
}

// Every refresh runs it: on PGlite it took 0.5-0.9 ms run as a new statement, 0.24-0.34 ms kept.
const rotationStatement = keptStatement(
  (rotation: Rotation) =>
    sql`select * from rotate_refresh_token(${rotation.oldHash}, ${rotation.newHash}, ${rotation.now.toISOString()}, ${rotation.expiresAt.toISOString()}, ${rotation.defaultLifetimeSeconds}::integer)`,
);

/**
 * The happy path of a refresh in one call of the SQL function rotate_refresh_token (migration
 * 0001, 0019): rotates the presented token and returns the session's user. Undefined when the token
 * is not current, is expired, its session is revoked or has outlived its lifetime (the tenant's
 * absolute timeout, else `defaultLifetimeSeconds` from its sign-in); the caller then finds out which.
 */
export async function rotateRefreshToken(db: Db, rotation: Rotation): Promise<RotatedSession | undefined> {
  const rows = await executeRows(db, rotationStatement(rotation));
  const row = rows[0] === undefined ? undefined : rotatedRow.parse(rows[0]);
  if (!row) return undefined;
  return {
    familyId: row.family_id,
    tenantId: row.tenant_id,
    authentication: row.authentication,
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      verified: row.verified,
      superUser: row.super_user,
      isLocked: row.is_locked,
      metadata: row.metadata,
    },
  };
}

/** Adds a token to a family without rotating anything (the grace answer to a concurrent refresh). */
export async function insertRefreshToken(
  db: Db,
  token: { familyId: string; tokenHash: string; now: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values({
    familyId: token.familyId,
    tokenHash: token.tokenHash,
    createdAt: token.now,
    expiresAt: token.expiresAt,
  });
}

export async function revokeFamily(db: Db, familyId: string, reason: string, now: Date): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(refreshTokenFamilies.id, familyId), isNull(refreshTokenFamilies.revokedAt)));
}

export async function revokeFamiliesOfUser(db: Db, userId: string, reason: string, now: Date): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(refreshTokenFamilies.userId, userId), isNull(refreshTokenFamilies.revokedAt)));
}

export async function setFamilyTenant(db: Db, familyId: string, tenantId: string): Promise<void> {
  await db.update(refreshTokenFamilies).set({ tenantId }).where(eq(refreshTokenFamilies.id, familyId));
}

/**
 * Issue 10: a re-authentication on a live session of this user records its new way and time of
 * authentication (an impersonation's actor stays); the session's next refreshes carry it.
 * Undefined when the session is not this user's or has ended.
 */
export async function reauthenticateFamily(
  db: Db,
  session: { familyId: string; userId: string; amr: string[]; authTime: number },
): Promise<SessionAuthentication | undefined> {
  const match = and(
    eq(refreshTokenFamilies.id, session.familyId),
    eq(refreshTokenFamilies.userId, session.userId),
    isNull(refreshTokenFamilies.revokedAt),
  );
  const [family] = await db
    .select({ authentication: refreshTokenFamilies.authentication })
    .from(refreshTokenFamilies)
    .where(match)
    .limit(1);
  if (!family) return undefined;
  const act = family.authentication?.act;
  const authentication: SessionAuthentication = {
    amr: session.amr,
    auth_time: session.authTime,
    ...(act ? { act } : {}),
  };
  const updated = await db
    .update(refreshTokenFamilies)
    .set({ authentication })
    .where(match)
    .returning({ id: refreshTokenFamilies.id });
  return updated.length > 0 ? authentication : undefined;
}
