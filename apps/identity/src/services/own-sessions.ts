import { atomicMethods, type Db } from '../db/client.js';
import {
  listActiveSessionsOfUser,
  revokeOtherSessionsOfUser,
  revokeSessionOfUser,
} from '../db/queries/own-sessions.js';
import { appError, errorCatalogue } from '../errors.js';
import type { Clock } from '../lib/time.js';
import { auditEvents, recordAdminAudit } from './audit.js';
import type { AdminActor } from './admin-access.js';
import { revocationKeys, type RevocationList } from './revocations.js';

/** The signed-in user and the session (refresh family) their access token belongs to. */
export interface SessionOwner extends AdminActor {
  sessionId: string;
}

export interface SessionView {
  id: string;
  userAgent: string | null;
  ipAddress: string | null;
  createdAt: string;
  expires: string;
  current: boolean;
  impersonated: boolean;
}

export interface OwnSessionsService {
  list(owner: SessionOwner): Promise<SessionView[]>;
  current(owner: SessionOwner): Promise<SessionView>;
  /** Revokes one of the owner's sessions: its refresh family dies, so that browser is signed out at its next refresh. */
  revoke(owner: SessionOwner, sessionId: string): Promise<void>;
  /** Revokes all the owner's sessions but the current one (SPEC section 4). */
  revokeOthers(owner: SessionOwner): Promise<void>;
}

/** The Privacy section's active sessions: a user sees and ends only their own. */
export function createOwnSessionsService(deps: {
  db: Db;
  clock: Clock;
  /** Issue 10: an ended session's access tokens stop at once, not at their expiry. */
  revocations: RevocationList;
}): OwnSessionsService {
  const { db, clock, revocations } = deps;

  const list = async (owner: SessionOwner): Promise<SessionView[]> => {
    const rows = await listActiveSessionsOfUser(db, owner.userId, clock.now());
    return rows.map((row) => ({
      id: row.id,
      userAgent: row.userAgent,
      ipAddress: row.ipAddress,
      createdAt: row.createdAt.toISOString(),
      expires: row.expiresAt.toISOString(),
      current: row.id === owner.sessionId,
      impersonated: row.impersonated,
    }));
  };

  // Issue 10: each change and its audit row are one transaction (db/client.ts).
  return atomicMethods(db, ['revoke', 'revokeOthers'], {
    list,

    async current(owner) {
      const session = (await list(owner)).find((candidate) => candidate.current);
      if (!session) throw appError(errorCatalogue.profile.sessionNotFound);
      return session;
    },

    async revoke(owner, sessionId) {
      const now = clock.now();
      const revoked = await revokeSessionOfUser(db, {
        userId: owner.userId,
        sessionId,
        reason: 'revoked by the user',
        now,
      });
      if (!revoked) throw appError(errorCatalogue.profile.sessionNotFound);
      revocations.revoke(revocationKeys.session(sessionId), now.getTime());
      await recordAdminAudit(
        db,
        owner,
        auditEvents.sessionRevoked,
        { json: { sessionId, current: sessionId === owner.sessionId } },
        now,
      );
    },

    async revokeOthers(owner) {
      const now = clock.now();
      const sessionIds = await revokeOtherSessionsOfUser(db, {
        userId: owner.userId,
        keepSessionId: owner.sessionId,
        reason: 'revoked by the user',
        now,
      });
      for (const id of sessionIds) revocations.revoke(revocationKeys.session(id), now.getTime());
      await recordAdminAudit(db, owner, auditEvents.otherSessionsRevoked, { json: { sessionIds } }, now);
    },
  });
}
