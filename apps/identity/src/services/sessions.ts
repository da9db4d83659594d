import { randomUUID } from 'node:crypto';
import type { Config } from '../config.js';
import { atomically, type Db } from '../db/client.js';
import {
  findRefreshSession,
  insertRefreshToken,
  insertSessionStart,
  revokeFamily,
  rotateRefreshToken,
  setFamilyTenant,
  type RotatedSession,
} from '../db/queries/refresh-tokens.js';
import {
  findUserAuthorization,
  setActiveTenant,
  type UserAuthorization,
  type UserClaimsRow,
} from '../db/queries/users.js';
import { appError, errorCatalogue } from '../errors.js';
import { generateToken, hashToken } from '../lib/secrets.js';
import { addSeconds, type Clock } from '../lib/time.js';
import { auditEntry, auditEvents, recordAudit, type AuditEvent, type RequestMeta } from './audit.js';
import type { AuthorizationCache } from './authorization-cache.js';
import type { IpRestrictionService } from './security/ip-restrictions.js';
import { revocationKeys, type RevocationList } from './revocations.js';
import type { TenantSecurityService } from './security/tenant-security.js';
import type { AuthenticationClaims, TokenService, TokenSubject } from './tokens.js';
import { mayUseTenant, withUsableTenant } from './team/access.js';
import { auditActionRecorded } from './observability/audit-taps.js';

/**
 * A rotated refresh token presented again this soon is a race between two tabs of one browser,
 * not a theft: it gets a new token in the same family instead of revoking the session.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

/** The login response of the SDK (ILoginResponse): the same for login, activation and refresh. */
export interface LoginResponse {
  tokenType: 'bearer';
  mfaRequired: false;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  expires: string;
  userId: string;
  userEmail: string;
  emailVerified: boolean;
}

export interface SessionService {
  cookieName: string;
  cookieOptions: { httpOnly: true; sameSite: 'lax'; path: '/'; secure: boolean; maxAge: number };
  /** Signs the user in: a new session (refresh family), its first refresh token and an access token. */
  start(
    user: UserClaimsRow,
    meta: RequestMeta,
    event: AuditEvent,
    authentication?: AuthenticationClaims,
  ): Promise<LoginResponse>;
  /** Rotates the refresh token; a reused rotated token revokes the whole session. */
  refresh(
    refreshToken: string | undefined,
    requestedTenantId: string | null | undefined,
    meta: RequestMeta,
  ): Promise<LoginResponse>;
  /**
   * Whether a session has outlived its lifetime from its sign-in (issue 10): the tenant's absolute
   * timeout when active, else SESSION_LIFETIME_SECONDS. Refreshes check it in SQL (migration 0019).
   */
  hasOutlived(session: { familyCreatedAt: Date; tenantId: string | null }): Promise<boolean>;
  /** Revokes the session of this refresh token, if any (a logout, or a sign-in that replaces it). */
  end(
    refreshToken: string | undefined,
    meta: RequestMeta,
    reason?: 'logout' | 'signed in again',
  ): Promise<void>;
}

export function createSessionService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  tokens: TokenService;
  authorization: AuthorizationCache;
  /** Issue 10: an ended session's access tokens stop working at once, not at their expiry. */
  revocations: RevocationList;
  /** The tenant's policies of the Security section (issue 4): IP restrictions, max concurrent sessions. */
  restrictions?: {
    ipRestrictions: Pick<IpRestrictionService, 'assertAllowed'>;
    tenantSecurity: Pick<TenantSecurityService, 'limitsSessions' | 'enforceSessionLimit' | 'sessionPolicy'>;
  };
}): SessionService {
  const { db, config, clock, tokens, authorization, restrictions, revocations } = deps;

  /** Ends a session: its refresh tokens in the database, its access tokens in the revocation list. */
  const endSession = async (familyId: string, reason: string, now: Date): Promise<void> => {
    await revokeFamily(db, familyId, reason, now);
    revocations.revoke(revocationKeys.session(familyId), now.getTime());
  };

  const respond = async (
    user: TokenSubject,
    sessionId: string,
    refreshToken: string,
    authentication?: AuthenticationClaims,
  ): Promise<LoginResponse> => {
    const signed = await tokens.signAccessToken(user, sessionId, authentication);
    return {
      tokenType: 'bearer',
      mfaRequired: false,
      accessToken: signed.accessToken,
      refreshToken,
      expiresIn: signed.expiresIn,
      expires: signed.expires.toUTCString(),
      userId: user.id,
      userEmail: user.email,
      emailVerified: user.verified,
    };
  };

  const refreshFailed = async (
    meta: RequestMeta,
    reason: string,
    user?: { id: string; email: string; tenantId: string | null },
  ) => {
    await recordAudit(
      db,
      auditEvents.refreshFailed,
      meta,
      { userId: user?.id, email: user?.email, tenantId: user?.tenantId, description: reason },
      clock.now(),
    );
    return appError(errorCatalogue.auth.sessionExpired);
  };

  /**
   * The presented token did not rotate: unknown, expired, revoked, or already rotated. A rotation
   * within the grace period (two tabs racing) gets another token in the family; any later reuse
   * of a rotated token is treated as theft and revokes the whole family.
   */
  const refreshOffThePath = async (
    oldHash: string,
    next: { tokenHash: string; now: Date; expiresAt: Date },
    meta: RequestMeta,
  ): Promise<RotatedSession> => {
    const { now } = next;
    const found = await findRefreshSession(db, oldHash, now);
    if (!found) throw appError(errorCatalogue.auth.noSession);
    const owner = { id: found.id, email: found.email, tenantId: found.tenantId };
    if (found.familyRevokedAt) {
      // Ended by the session policy in this very refresh (rotate_refresh_token), or earlier: its
      // access tokens end too (issue 10).
      revocations.revoke(revocationKeys.session(found.familyId), now.getTime());
      throw await refreshFailed(meta, 'session revoked', owner);
    }
    if (found.tokenExpiresAt <= now) throw await refreshFailed(meta, 'refresh token expired', owner);
    const rotatedAt = found.tokenRotatedAt ?? now;
    if (now.getTime() - rotatedAt.getTime() > REFRESH_REUSE_GRACE_SECONDS * 1000) {
      // Issue 10: the revoked session and its audit row are one transaction.
      await db.transaction(async () => {
        await revokeFamily(db, found.familyId, 'refresh token reuse', now);
        await recordAudit(
          db,
          auditEvents.refreshTokenReused,
          meta,
          {
            userId: found.id,
            email: found.email,
            tenantId: found.tenantId,
            json: { sessionId: found.familyId },
          },
          now,
        );
      });
      revocations.revoke(revocationKeys.session(found.familyId), now.getTime());
      throw appError(errorCatalogue.auth.sessionExpired);
    }
    await insertRefreshToken(db, { familyId: found.familyId, ...next });
    return {
      familyId: found.familyId,
      tenantId: found.tenantId,
      authentication: found.authentication,
      user: found,
    };
  };

  return {
    cookieName: `fe_refresh_${config.clientId.replaceAll('-', '')}`,
    cookieOptions: {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: config.publicUrl.startsWith('https:'),
      maxAge: config.refreshTokenTtlSeconds,
    },

    async start(signingIn, meta, event, authentication) {
      // Issue 4 (Users section): never into a tenant where the membership is disabled or expired.
      const user = await withUsableTenant(db, signingIn, clock.now());
      // Every way of signing in ends here: the tenant's IP restrictions refuse a session from a blocked address.
      await restrictions?.ipRestrictions.assertAllowed(user.tenantId, meta);
      const now = clock.now();
      authorization.put(user.id, user.tenantId, {
        tenantIds: user.tenantIds,
        roleKeys: user.roleKeys,
        permissionKeys: user.permissionKeys,
        applicationIds: user.applicationIds,
        accessEndsAt: user.accessEndsAt,
      });
      const familyId = randomUUID();
      const refreshToken = generateToken();
      // Issue 10: every session knows when its user signed in, so account changes can ask for a recent sign-in.
      authentication ??= { auth_time: Math.floor(now.getTime() / 1000) };
      const writeStart = () =>
        insertSessionStart(db, {
          familyId,
          userId: user.id,
          tenantId: user.tenantId,
          tokenHash: hashToken(refreshToken),
          expiresAt: addSeconds(now, config.refreshTokenTtlSeconds),
          now,
          ipAddress: meta.ip,
          userAgent: meta.userAgent,
          authentication,
          audit: auditEntry(
            event,
            meta,
            { userId: user.id, email: user.email, tenantId: user.tenantId },
            now,
          ),
        });
      // Issue 10: the session, its first token, the last login, the audit row and the sessions ended
      // by the tenant's limit are one transaction (the caller's, when it has one). Issue 17: without a
      // limit the writes are the one statement, atomic by itself, so no BEGIN and COMMIT round trips.
      const security = restrictions?.tenantSecurity;
      let beyondLimit: string[] = [];
      if (security && (await security.limitsSessions(user.tenantId))) {
        beyondLimit = await atomically(db, async () => {
          await writeStart();
          // Max concurrent sessions (tenant session policy): the new session stays, the oldest ones end.
          return security.enforceSessionLimit(user.id, user.tenantId);
        });
      } else {
        await writeStart();
      }
      for (const ended of beyondLimit) revocations.revoke(revocationKeys.session(ended), now.getTime());
      auditActionRecorded(event.action);
      return respond(user, familyId, refreshToken, authentication);
    },

    async refresh(refreshToken, requestedTenantId, meta) {
      if (!refreshToken) throw appError(errorCatalogue.auth.noSession);
      const now = clock.now();
      const oldHash = hashToken(refreshToken);
      const newToken = generateToken();
      const next = {
        tokenHash: hashToken(newToken),
        now,
        expiresAt: addSeconds(now, config.refreshTokenTtlSeconds),
      };

      // Happy path: one statement rotates and returns the session's user.
      let session = await rotateRefreshToken(db, {
        oldHash,
        newHash: next.tokenHash,
        now,
        expiresAt: next.expiresAt,
        defaultLifetimeSeconds: config.sessionLifetimeSeconds,
      });
      if (!session) session = await refreshOffThePath(oldHash, next, meta);
      if (session.user.isLocked) {
        await endSession(session.familyId, 'user locked', now);
        throw await refreshFailed(meta, 'user locked', { ...session.user, tenantId: session.tenantId });
      }

      let tenantId = session.tenantId;
      let granted: UserAuthorization | undefined;
      if (requestedTenantId && requestedTenantId !== tenantId) {
        // Switching tenants is rare and must see new memberships at once: read, do not cache-hit.
        const switched = await findUserAuthorization(db, session.user.id, requestedTenantId, clock.now());
        if (switched?.tenantIds.includes(requestedTenantId)) {
          const { familyId, user } = session;
          // Issue 10: the session's tenant and the user's active tenant change together.
          await db.transaction(async () => {
            await setFamilyTenant(db, familyId, requestedTenantId);
            await setActiveTenant(db, user.id, requestedTenantId);
          });
          authorization.put(session.user.id, requestedTenantId, switched);
          tenantId = requestedTenantId;
          granted = switched;
        }
      }
      granted ??= await authorization.get(session.user.id, tenantId);
      if (!granted) throw appError(errorCatalogue.auth.noSession);
      // Issue 4 (Users section): a member disabled in, removed from or expired out of the tenant.
      if (!mayUseTenant(tenantId, granted)) {
        await endSession(session.familyId, 'member access ended', now);
        throw await refreshFailed(meta, 'member access ended', { ...session.user, tenantId });
      }
      // The tenant's IP restrictions also hold for a session begun from an address allowed at the time.
      if (restrictions) {
        try {
          await restrictions.ipRestrictions.assertAllowed(tenantId, meta);
        } catch (error) {
          await endSession(session.familyId, 'ip restricted', now);
          throw error;
        }
      }
      // The session's way of signing in (step-up, impersonation) stays on every token it refreshes.
      return respond(
        { ...session.user, ...granted, tenantId },
        session.familyId,
        newToken,
        session.authentication ?? undefined,
      );
    },

    async hasOutlived({ familyCreatedAt, tenantId }) {
      const policy = tenantId ? await restrictions?.tenantSecurity.sessionPolicy(tenantId) : undefined;
      const absolute = policy?.sessionTimeoutConfiguration;
      const lifetimeSeconds = absolute?.isActive ? absolute.timeout : config.sessionLifetimeSeconds;
      return addSeconds(familyCreatedAt, lifetimeSeconds) <= clock.now();
    },

    async end(refreshToken, meta, reason = 'logout') {
      if (!refreshToken) return;
      const now = clock.now();
      const session = await findRefreshSession(db, hashToken(refreshToken), now);
      if (!session || session.familyRevokedAt) return;
      if (reason !== 'logout') return endSession(session.familyId, reason, now);
      // Issue 14: the ended session and its audit row are one transaction.
      await atomically(db, async () => {
        await endSession(session.familyId, reason, now);
        await recordAudit(
          db,
          auditEvents.logout,
          meta,
          {
            userId: session.id,
            email: session.email,
            tenantId: session.tenantId,
            json: { sessionId: session.familyId },
          },
          now,
        );
      });
    },
  };
}
