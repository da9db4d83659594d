import type { Db } from '../db/client.js';
import { setFamilyTenant } from '../db/queries/refresh-tokens.js';
import { findUserAuthorization, findUserClaimsById, setActiveTenant } from '../db/queries/users.js';
import { appError, errorCatalogue } from '../errors.js';
import type { Clock } from '../lib/time.js';
import { recordAudit, type RequestMeta } from './audit.js';
import type { AuthorizationCache } from './authorization-cache.js';
import { grantingAncestor } from './tenants/hierarchy-access.js';
import type { AccessTokenClaims, TokenService } from './tokens.js';

export const tenantSwitchAuditEvents = {
  switched: { action: 'User switched tenant', severity: 'Info' },
  refused: { action: 'Tenant switch refused', severity: 'Medium' },
} as const;

export type TenantSwitchService = ReturnType<typeof createTenantSwitchService>;

/**
 * Tenant switching (SPEC section 4, "Tenant switching reloads the token"): the user's active
 * tenant and the session's tenant move to one the user is a member of; the client then refreshes
 * its token (embedded or through /oauth/token) and gets the roles of the new tenant.
 */
export function createTenantSwitchService(deps: {
  db: Db;
  clock: Clock;
  authorization: AuthorizationCache;
  tokens: TokenService;
}) {
  const { db, clock, authorization } = deps;

  /**
   * Issue 15: a sub-account's token for a member of an account above it whose access reaches it
   * (services/tenants/hierarchy-access.ts): acting in the sub-account with that account's roles.
   */
  const subAccountSubject = async (userId: string, tenantId: string) => {
    const via = await grantingAncestor(db, userId, tenantId);
    const subject = via === undefined ? undefined : await findUserClaimsById(db, userId, via, clock.now());
    if (!via || !subject?.tenantIds.includes(via)) throw appError(errorCatalogue.tenants.notMember);
    return { ...subject, tenantId };
  };

  return {
    /**
     * POST /users/v3/me/token (the SDK's GetUserJwt, all-accounts section): an access token of the
     * same session in another tenant of the user, without switching the active tenant. Only a tenant
     * the user is a member of and not disabled in, or a sub-account their access reaches (issue 15);
     * the token ends with the session.
     */
    async tokenForTenant(claims: AccessTokenClaims, tenantId: string) {
      const subject = await findUserClaimsById(db, claims.sub, tenantId, clock.now());
      if (!subject) throw appError(errorCatalogue.tenants.notMember);
      const signed = await deps.tokens.signAccessToken(
        subject.tenantIds.includes(tenantId) ? subject : await subAccountSubject(claims.sub, tenantId),
        claims.sid,
      );
      return {
        accessToken: signed.accessToken,
        expires: signed.expires.toISOString(),
        expiresIn: signed.expiresIn,
      };
    },

    async switchTenant(claims: AccessTokenClaims, tenantId: string, meta: RequestMeta): Promise<void> {
      const who = { userId: claims.sub, email: claims.email, tenantId: claims.tenantId };
      // Always read fresh: a membership removed a second ago must not still open the door.
      const granted = await findUserAuthorization(db, claims.sub, tenantId, clock.now());
      if (!granted?.tenantIds.includes(tenantId)) {
        await recordAudit(
          db,
          tenantSwitchAuditEvents.refused,
          meta,
          { ...who, json: { to: tenantId } },
          clock.now(),
        );
        throw appError(errorCatalogue.tenants.notMember);
      }
      // Issue 10: the user's and the session's tenant and the audit row are one transaction.
      await db.transaction(async () => {
        await setActiveTenant(db, claims.sub, tenantId);
        // `sid` comes from a verified token of this user, so the session is theirs.
        await setFamilyTenant(db, claims.sid, tenantId);
        await recordAudit(
          db,
          tenantSwitchAuditEvents.switched,
          meta,
          { ...who, json: { from: claims.tenantId, to: tenantId } },
          clock.now(),
        );
      });
      authorization.put(claims.sub, tenantId, granted);
    },
  };
}
