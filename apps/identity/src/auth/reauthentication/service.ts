import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { findMfaDevicesByUser } from '../../db/queries/mfa.js';
import { recordMfaWebAuthnUse } from '../../db/queries/mfa-webauthn-devices.js';
import { listPasskeysOfUser, recordPasskeyUse } from '../../db/queries/passkeys.js';
import { reauthenticateFamily } from '../../db/queries/refresh-tokens.js';
import { findUserById, findUserClaimsById, type UserRow } from '../../db/queries/users.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import { auditEvents, recordAudit, type RequestMeta } from '../../services/audit.js';
import type { PasswordLifecycleService } from '../methods/password/lifecycle.js';
import { emailThrottleKey, type AttemptThrottle } from '../methods/password/throttle.js';
import type { PasswordHasher } from '../methods/password/passwords.js';
import type {
  AccessTokenClaims,
  AuthenticationClaims,
  SignedAccessToken,
  TokenService,
} from '../../services/tokens.js';
import type { AssertionInput, StoredCredential, WebAuthnCeremonies } from '../webauthn/ceremonies.js';
import { asWebAuthnDevice } from '../methods/security-keys/service.js';

/** Who a re-authentication is for: the claims of the access token presented with it. */
type Presenter = Pick<AccessTokenClaims, 'sub' | 'sid' | 'tenantId' | 'auth_time'>;

export interface ReauthenticationOptions {
  password: boolean;
  /** The user has a security key (WebAuthn second factor) or a passkey to confirm with. */
  securityKey: boolean;
  maxAgeSeconds: number;
}

export interface ReauthenticationService {
  /**
   * Issue 10: changing how the account signs in (email, phone, username, MFA factors, passkeys)
   * needs a sign-in or re-authentication at most REAUTH_MAX_AGE_SECONDS old. A stolen access
   * token alone then cannot take the account over; it answers 403 ER-AUTH-REAUTHENTICATION-REQUIRED.
   */
  assertRecent(claims: Pick<AccessTokenClaims, 'auth_time'>): void;
  /** How the signed-in user can confirm: a password, a security key or passkey (else a second factor). */
  options(claims: Presenter): Promise<ReauthenticationOptions>;
  /**
   * The current password proves the user again on this same session: its authentication time
   * moves to now (kept for its refreshes) and a fresh access token carries it. Wrong passwords
   * count as at sign-in: the per-account throttle and the lockout policy.
   */
  withPassword(claims: Presenter, password: string, meta: RequestMeta): Promise<SignedAccessToken>;
  /** A WebAuthn assertion challenge for the user's security keys and passkeys. */
  securityKeyOptions(claims: Presenter): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /** An assertion of one of them answering that challenge proves the user again, as the password does. */
  withSecurityKey(
    claims: Presenter,
    assertion: AssertionInput,
    meta: RequestMeta,
  ): Promise<SignedAccessToken>;
}

/** A credential that can confirm the user, and how to record its use (the counter must grow). */
interface UsableKey extends StoredCredential {
  recordUse(counter: number, now: Date): Promise<boolean>;
}

export function createReauthenticationService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  passwords: PasswordHasher;
  tokens: TokenService;
  /** The per-account throttle of password sign-in (auth/methods/password/throttle.ts), the same instance. */
  throttle: AttemptThrottle;
  lifecycle: Pick<PasswordLifecycleService, 'recordFailedPassword'>;
  ceremonies: WebAuthnCeremonies;
}): ReauthenticationService {
  const { db, config, clock, passwords, tokens, throttle, ceremonies } = deps;
  const maxAgeSeconds = config.reauthenticationMaxAgeSeconds;

  const userOf = async (claims: Presenter): Promise<UserRow> => {
    const user = await findUserById(db, claims.sub);
    if (!user) throw appError(errorCatalogue.auth.invalidAccessToken);
    return user;
  };

  /** The user's security keys (WebAuthn MFA devices) and passkeys. */
  const keysOf = async (userId: string): Promise<UsableKey[]> => {
    const [devices, passkeys] = await Promise.all([
      findMfaDevicesByUser(db, userId),
      listPasskeysOfUser(db, userId),
    ]);
    return [
      ...devices.flatMap((row) => {
        const device = asWebAuthnDevice(row);
        return device
          ? [
              {
                ...device,
                recordUse: (counter: number, now: Date) =>
                  recordMfaWebAuthnUse(db, { deviceId: device.id, userId, counter, lastUsedAt: now }),
              },
            ]
          : [];
      }),
      ...passkeys.map((passkey) => ({
        ...passkey,
        recordUse: (counter: number, now: Date) => recordPasskeyUse(db, { id: passkey.id, counter, now }),
      })),
    ];
  };

  const failed = async (user: UserRow, claims: Presenter, meta: RequestMeta, description: string) =>
    recordAudit(
      db,
      auditEvents.reauthenticationFailed,
      meta,
      { userId: user.id, email: user.email, tenantId: claims.tenantId, description },
      clock.now(),
    );

  /** The session counts as just signed in (`amr`), and a fresh access token says so. */
  const confirmed = async (
    user: UserRow,
    claims: Presenter,
    amr: string[],
    meta: RequestMeta,
    description: string,
  ): Promise<SignedAccessToken> => {
    const now = clock.now();
    const authentication: AuthenticationClaims | undefined = await reauthenticateFamily(db, {
      familyId: claims.sid,
      userId: user.id,
      amr,
      authTime: Math.floor(now.getTime() / 1000),
    });
    // The session ended meanwhile (signed out, revoked): no new token for it.
    if (!authentication) throw appError(errorCatalogue.auth.sessionExpired);
    const subject = await findUserClaimsById(db, user.id, claims.tenantId, now);
    if (!subject || subject.isLocked) throw appError(errorCatalogue.auth.sessionExpired);
    await recordAudit(
      db,
      auditEvents.reauthenticated,
      meta,
      { userId: user.id, email: user.email, tenantId: claims.tenantId, description },
      now,
    );
    return tokens.signAccessToken(subject, claims.sid, authentication);
  };

  return {
    assertRecent(claims) {
      const age = clock.now().getTime() / 1000 - (claims.auth_time ?? Number.NEGATIVE_INFINITY);
      if (!(age <= maxAgeSeconds)) throw appError(errorCatalogue.auth.reauthenticationRequired);
    },

    async options(claims) {
      const user = await userOf(claims);
      return {
        password: user.passwordHash !== null,
        securityKey: (await keysOf(user.id)).length > 0,
        maxAgeSeconds,
      };
    },

    async withPassword(claims, password, meta) {
      const user = await userOf(claims);
      // Issue 10: the account's sign-in throttle holds here too, so a stolen access token cannot try
      // passwords faster through this endpoint than through the sign-in, and the two count together.
      const throttleKey = emailThrottleKey(user.email);
      if ((await throttle.waitSeconds(throttleKey)) > 0) {
        await failed(user, claims, meta, 'too many failed attempts');
        throw appError(errorCatalogue.auth.tooManyAttempts);
      }
      const proven = user.passwordHash !== null && (await passwords.verify(user.passwordHash, password));
      if (!proven) {
        await throttle.failed(throttleKey);
        // And the tenant's lockout policy, as a wrong password at sign-in.
        const subject = await findUserClaimsById(db, user.id, user.activeTenantId, clock.now());
        if (subject && user.passwordHash !== null) await deps.lifecycle.recordFailedPassword(subject, meta);
        await failed(user, claims, meta, 'wrong password');
        throw appError(errorCatalogue.auth.reauthenticationFailed);
      }
      await throttle.succeeded(throttleKey);
      return confirmed(user, claims, ['pwd'], meta, 'password');
    },

    async securityKeyOptions(claims) {
      const user = await userOf(claims);
      const keys = await keysOf(user.id);
      if (keys.length === 0) throw appError(errorCatalogue.auth.noSecurityKey);
      return ceremonies.authenticationOptions({ ceremony: 'reauthentication', userId: user.id, allow: keys });
    },

    async withSecurityKey(claims, assertion, meta) {
      const user = await userOf(claims);
      try {
        const challenge = await ceremonies.consumeChallenge(
          'reauthentication',
          assertion.response.clientDataJSON,
        );
        // A challenge issued to another user, or a credential not this user's, proves nothing here.
        const key = (await keysOf(user.id)).find((candidate) => candidate.credentialId === assertion.id);
        if (challenge.userId !== user.id || !key)
          throw appError(errorCatalogue.webauthn.authenticationFailed);
        const { counter } = await ceremonies.verifyAuthentication(assertion, challenge, key);
        // A concurrent use with a higher counter won: this assertion is a replay or a clone.
        if (!(await key.recordUse(counter, clock.now())))
          throw appError(errorCatalogue.webauthn.authenticationFailed);
      } catch (error) {
        await failed(
          user,
          claims,
          meta,
          `security key: ${error instanceof Error ? error.message : 'failed'}`,
        );
        throw error;
      }
      return confirmed(user, claims, ['hwk'], meta, 'security key');
    },
  };
}
