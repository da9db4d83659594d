import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { reauthenticateFamily } from '../db/queries/refresh-tokens.js';
import { findUserById, findUserClaimsById } from '../db/queries/users.js';
import { appError, errorCatalogue } from '../errors.js';
import type { Clock } from '../lib/time.js';
import { auditEvents, recordAudit, type RequestMeta } from './audit.js';
import type { PasswordHasher } from './passwords.js';
import type { AccessTokenClaims, SignedAccessToken, TokenService } from './tokens.js';

/** Who a re-authentication is for: the claims of the access token presented with it. */
type Presenter = Pick<AccessTokenClaims, 'sub' | 'sid' | 'tenantId' | 'auth_time'>;

export interface ReauthenticationService {
  /**
   * Issue 10: changing how the account signs in (email, phone, MFA factors, passkeys) needs a
   * sign-in or re-authentication at most REAUTH_MAX_AGE_SECONDS old. A stolen access
   * token alone then cannot take the account over; it answers 403 ER-AUTH-REAUTHENTICATION-REQUIRED.
   */
  assertRecent(claims: Pick<AccessTokenClaims, 'auth_time'>): void;
  /** Whether the signed-in user has a password to re-authenticate with (else a second factor). */
  options(claims: Presenter): Promise<{ password: boolean; maxAgeSeconds: number }>;
  /**
   * The current password proves the user again on this same session: its authentication time
   * moves to now (kept for its refreshes) and a fresh access token carries it.
   */
  withPassword(claims: Presenter, password: string, meta: RequestMeta): Promise<SignedAccessToken>;
}

export function createReauthenticationService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  passwords: PasswordHasher;
  tokens: TokenService;
}): ReauthenticationService {
  const { db, config, clock, passwords, tokens } = deps;
  const maxAgeSeconds = config.reauthenticationMaxAgeSeconds;

  return {
    assertRecent(claims) {
      const age = clock.now().getTime() / 1000 - (claims.auth_time ?? Number.NEGATIVE_INFINITY);
      if (!(age <= maxAgeSeconds)) throw appError(errorCatalogue.auth.reauthenticationRequired);
    },

    async options(claims) {
      const user = await findUserById(db, claims.sub);
      if (!user) throw appError(errorCatalogue.auth.invalidAccessToken);
      return { password: user.passwordHash !== null, maxAgeSeconds };
    },

    async withPassword(claims, password, meta) {
      const user = await findUserById(db, claims.sub);
      if (!user) throw appError(errorCatalogue.auth.invalidAccessToken);
      const who = { userId: user.id, email: user.email, tenantId: claims.tenantId };
      const proven = user.passwordHash !== null && (await passwords.verify(user.passwordHash, password));
      if (!proven) {
        await recordAudit(
          db,
          auditEvents.reauthenticationFailed,
          meta,
          { ...who, description: 'wrong password' },
          clock.now(),
        );
        throw appError(errorCatalogue.auth.reauthenticationFailed);
      }
      const now = clock.now();
      const authentication = await reauthenticateFamily(db, {
        familyId: claims.sid,
        userId: user.id,
        amr: ['pwd'],
        authTime: Math.floor(now.getTime() / 1000),
      });
      // The session ended meanwhile (signed out, revoked): no new token for it.
      if (!authentication) throw appError(errorCatalogue.auth.sessionExpired);
      const subject = await findUserClaimsById(db, user.id, claims.tenantId, now);
      if (!subject || subject.isLocked) throw appError(errorCatalogue.auth.sessionExpired);
      await recordAudit(db, auditEvents.reauthenticated, meta, { ...who, description: 'password' }, now);
      return tokens.signAccessToken(subject, claims.sid, authentication);
    },
  };
}
