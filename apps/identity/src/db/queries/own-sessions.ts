import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { refreshTokenFamilies, refreshTokens } from '../schema/index.js';

// The signed-in user's sessions (refresh-token families) for the Privacy section. Every query
// names the owner: a user lists and revokes only their own sessions.

export interface ActiveSessionRow {
  id: string;
  tenantId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: Date;
  /** When the session's newest refresh token expires. */
  expiresAt: Date;
  impersonated: boolean;
}

/** A session is live while it is not revoked and its current refresh token has not expired. */
const liveToken = (now: Date) =>
  sql`exists (select 1 from ${refreshTokens} where ${refreshTokens.familyId} = ${refreshTokenFamilies.id}
      and ${refreshTokens.rotatedAt} is null and ${refreshTokens.expiresAt} > ${now.toISOString()})`;

export async function listActiveSessionsOfUser(
  db: Db,
  userId: string,
  now: Date,
): Promise<ActiveSessionRow[]> {
  const rows = await db
    .select({
      id: refreshTokenFamilies.id,
      tenantId: refreshTokenFamilies.tenantId,
      ipAddress: refreshTokenFamilies.ipAddress,
      userAgent: refreshTokenFamilies.userAgent,
      createdAt: refreshTokenFamilies.createdAt,
      authentication: refreshTokenFamilies.authentication,
      expiresAt: sql<string>`(select max(${refreshTokens.expiresAt}) from ${refreshTokens}
        where ${refreshTokens.familyId} = ${refreshTokenFamilies.id})`,
    })
    .from(refreshTokenFamilies)
    .where(
      and(eq(refreshTokenFamilies.userId, userId), isNull(refreshTokenFamilies.revokedAt), liveToken(now)),
    )
    .orderBy(desc(refreshTokenFamilies.createdAt), desc(refreshTokenFamilies.id))
    .limit(200);
  return rows.map(({ authentication, expiresAt, ...row }) => ({
    ...row,
    expiresAt: new Date(expiresAt),
    impersonated: authentication?.act !== undefined,
  }));
}

/** Revokes one live session of the user; false when the user has no such live session. */
export async function revokeSessionOfUser(
  db: Db,
  revocation: { userId: string; sessionId: string; reason: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: revocation.now, revokedReason: revocation.reason })
    .where(
      and(
        eq(refreshTokenFamilies.id, revocation.sessionId),
        eq(refreshTokenFamilies.userId, revocation.userId),
        isNull(refreshTokenFamilies.revokedAt),
      ),
    )
    .returning({ id: refreshTokenFamilies.id });
  return rows.length > 0;
}

/** Revokes every session of the user but `keepSessionId` (SPEC section 4: deleting all keeps the current one). */
export async function revokeOtherSessionsOfUser(
  db: Db,
  revocation: { userId: string; keepSessionId: string; reason: string; now: Date },
): Promise<string[]> {
  const rows = await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: revocation.now, revokedReason: revocation.reason })
    .where(
      and(
        eq(refreshTokenFamilies.userId, revocation.userId),
        ne(refreshTokenFamilies.id, revocation.keepSessionId),
        isNull(refreshTokenFamilies.revokedAt),
      ),
    )
    .returning({ id: refreshTokenFamilies.id });
  return rows.map((row) => row.id);
}
