import type { Db } from '../../db/client.js';
import { findUserById, findUserClaimsById } from '../../db/queries/users.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import { auditEvents, recordAudit, type RequestMeta } from '../audit.js';
import type { LoginResponse, SessionService } from '../sessions.js';
import type { TokenService } from '../tokens.js';

export interface ImpersonationService {
  /**
   * A superuser (the vendor) signs in as another user: a new session of that user whose access
   * token carries the actor claim `act`. Audited on both sides, refused for anyone else.
   */
  impersonate(
    input: { impersonatedUserId: string; actorToken: string },
    meta: RequestMeta,
  ): Promise<LoginResponse>;
}

export function createImpersonationService(deps: {
  db: Db;
  clock: Clock;
  tokens: TokenService;
  sessions: SessionService;
}): ImpersonationService {
  const { db, clock } = deps;
  return {
    async impersonate({ impersonatedUserId, actorToken }, meta) {
      const actor = await deps.tokens.verifyAccessToken(actorToken).catch(() => undefined);
      const target = actor?.superUser ? await findUserById(db, impersonatedUserId) : undefined;
      const claims = target
        ? await findUserClaimsById(db, target.id, target.activeTenantId, clock.now())
        : undefined;
      if (!actor?.superUser || !claims || claims.id === actor.sub) {
        await recordAudit(
          db,
          auditEvents.impersonationFailed,
          meta,
          {
            userId: actor?.sub,
            email: actor?.email,
            description: `refused impersonation of ${impersonatedUserId}`,
            json: { impersonatedUserId },
          },
          clock.now(),
        );
        throw appError(errorCatalogue.lifecycle.forbidden);
      }
      const now = clock.now();
      // Issue 10: the audit row of the impersonation and the session it starts are one transaction.
      return db.transaction(async () => {
        await recordAudit(
          db,
          auditEvents.impersonationStarted,
          meta,
          {
            userId: actor.sub,
            email: actor.email,
            tenantId: actor.tenantId,
            description: `impersonating ${claims.email}`,
            json: { impersonatedUserId: claims.id },
          },
          now,
        );
        return deps.sessions.start(claims, meta, auditEvents.impersonationStarted, {
          amr: ['impersonation'],
          acr: 'impersonation',
          auth_time: Math.floor(now.getTime() / 1000),
          act: { sub: actor.sub, email: actor.email, type: 'impersonation' },
        });
      });
    },
  };
}
