import type { Db } from '../../../db/client.js';
import { findPasswordLoginUser } from '../../../db/queries/password-login.js';
import { recordBreachedPassword } from '../../../db/queries/security-center.js';
import { updateUser } from '../../../db/queries/users.js';
import { appError, errorCatalogue } from '../../../errors.js';
import type { Clock } from '../../../lib/time.js';
import { auditEvents, recordAudit, type RequestMeta } from '../../../services/audit.js';
import { isCommonPassword } from './common-passwords.js';
import { needsRehash } from './imported-hashes.js';
import type { PasswordLifecycleService, PasswordLoginAnswer } from './lifecycle.js';
import { emailThrottleKey, type AttemptThrottle } from './throttle.js';
import type { MfaRequiredResponse, MfaService } from '../../second-factor/service.js';
import type { PasswordHasher } from './passwords.js';
import type { VendorSettings } from '../../../services/vendor-settings.js';
import type { SsoEnforcement } from '../../../services/sso/enforcement.js';

/** The vendor's main auth strategies (SPEC section 9) that sign in with a password. */
export const passwordStrategies = ['EmailAndPassword', 'UsernameAndPassword'] as const;

export interface PasswordLoginService {
  login(
    /** An email, or under UsernameAndPassword a username (or still an email). */
    credentials: { email?: string | null | undefined; username?: string | undefined; password: string },
    meta: RequestMeta,
    /** The "remember this device" cookie, if the browser sent one. */
    options?: { trustedDeviceToken?: string },
  ): Promise<PasswordLoginAnswer | MfaRequiredResponse>;
}

/**
 * Password login: one read (user, claims and what the login decides on), one argon2 verify, one
 * signature, one write.
 * Unknown email and wrong password answer the same, after the same work.
 */
export function createPasswordLoginService(deps: {
  db: Db;
  clock: Clock;
  passwords: PasswordHasher;
  vendorSettings: VendorSettings;
  /** Lockout, breached and expiring passwords (account lifecycle). */
  lifecycle: PasswordLifecycleService;
  /** The second factor, when the user has one or the tenant's MFA policy forces it. */
  mfa: MfaService;
  /** Issue 10: the per-account pause after repeated wrong passwords, lockout policy or not. */
  throttle: AttemptThrottle;
  /** Issue 13: a tenant enforcing SSO refuses its domains' passwords (kept, unusable meanwhile). */
  ssoEnforcement?: SsoEnforcement;
}): PasswordLoginService {
  const { db, clock, passwords } = deps;

  const fail = async (
    meta: RequestMeta,
    email: string,
    reason: string,
    userId?: string,
    tenantId?: string | null,
  ) => {
    await recordAudit(
      db,
      auditEvents.loginFailed,
      meta,
      { email, userId, tenantId, description: reason },
      clock.now(),
    );
  };

  return {
    async login({ email: emailSent, username, password }, meta, options) {
      const byUsername = !emailSent && Boolean(username);
      // What was typed, not the account: an unknown email is throttled exactly as a known one.
      const throttleKey = byUsername
        ? `username:${(username ?? '').trim().toLowerCase()}`
        : emailThrottleKey(emailSent ?? '');
      if ((await deps.throttle.waitSeconds(throttleKey)) > 0) {
        throw appError(errorCatalogue.auth.tooManyAttempts);
      }
      const [vendor, user] = await Promise.all([
        deps.vendorSettings.get(),
        findPasswordLoginUser(
          db,
          byUsername ? { username: username ?? '' } : { email: emailSent ?? '' },
          clock.now(),
        ),
      ]);
      const allowed: readonly string[] = byUsername ? ['UsernameAndPassword'] : passwordStrategies;
      if (!allowed.includes(vendor.mainAuthStrategy)) throw appError(errorCatalogue.auth.strategyNotActive);
      // The audit log names who tried: the email, or the username typed.
      const email = emailSent || username || '';
      if (!user?.passwordHash) {
        await passwords.verifyNothing(password);
        await deps.throttle.failed(throttleKey);
        await fail(
          meta,
          email.trim().toLowerCase(),
          user ? 'user has no password' : 'unknown user',
          user?.id,
        );
        throw appError(errorCatalogue.auth.invalidCredentials);
      }
      if (!(await passwords.verify(user.passwordHash, password))) {
        await deps.throttle.failed(throttleKey);
        await deps.lifecycle.recordFailedPassword(user, meta);
        await fail(meta, user.email, 'wrong password', user.id, user.tenantId);
        throw appError(errorCatalogue.auth.invalidCredentials);
      }
      await deps.throttle.succeeded(throttleKey);
      // Issue 16: an imported bcrypt, scrypt or argon2i hash becomes argon2id now that the password is known.
      if (needsRehash(user.passwordHash)) {
        await updateUser(db, user.id, { passwordHash: await passwords.hash(password) });
      }
      // Security center (issue 4): a stored hash cannot be checked against the breached list later.
      if (isCommonPassword(password)) await recordBreachedPassword(db, user.id, clock.now());
      // Only now, with the password proven, may the answer reveal the account's state.
      if (user.isLocked) {
        await fail(meta, user.email, 'user locked', user.id, user.tenantId);
        throw appError(errorCatalogue.auth.userLocked);
      }
      await deps.ssoEnforcement?.assertMayUseOtherMethods(user, meta, 'password');
      if (!user.verified && !vendor.allowNotVerifiedUsersLogin) {
        await fail(meta, user.email, 'user not verified', user.id, user.tenantId);
        throw appError(errorCatalogue.auth.userNotVerified);
      }
      // With a second factor due, the answer is an mfaToken instead of a session. Its writes are one
      // transaction when there are several (completePasswordLogin), opened after the argon2 verify.
      return deps.lifecycle.completePasswordLogin(user, password, meta, () =>
        deps.mfa.startOrChallenge(user, meta, auditEvents.loginSucceeded, options?.trustedDeviceToken),
      );
    },
  };
}
