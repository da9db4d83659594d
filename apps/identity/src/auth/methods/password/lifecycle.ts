import { webPaths } from '@brizo/contract';
import type { Config } from '../../../config.js';
import { atomically, type Db } from '../../../db/client.js';
import { consumeOneTimeToken, findUsableOneTimeTokenByHash } from '../../../db/queries/one-time-tokens.js';
import {
  findRecentPasswordHashes,
  incrementFailedAttempts,
  prunePasswordHistory,
  recordPasswordChange,
  resetFailedAttempts,
} from '../../../db/queries/password-states.js';
import { revokeFamiliesOfUser } from '../../../db/queries/refresh-tokens.js';
import type { PasswordLoginUserRow } from '../../../db/queries/password-login.js';
import { findUserById, updateUser, type UserClaimsRow } from '../../../db/queries/users.js';
import { appError, errorCatalogue } from '../../../errors.js';
import { hashToken } from '../../../lib/secrets.js';
import { addSeconds, type Clock } from '../../../lib/time.js';
import { auditEvents, recordAudit, type RequestMeta } from '../../../services/audit.js';
import type { BackgroundTasks } from '../../../services/background.js';
import type { Mailer } from '../../../services/mail.js';
import type { RecipientPause } from '../../../services/recipient-pause.js';
import { revocationKeys, type RevocationList } from '../../../services/revocations.js';
import { issueOneTimeToken } from '../../../services/one-time-tokens.js';
import { issuePasswordResetToken } from './reset-token.js';
import type { PasswordHasher } from './passwords.js';
import type { MfaRequiredResponse } from '../../second-factor/service.js';
import type { LoginResponse } from '../../../services/sessions.js';
import { isCommonPassword } from './common-passwords.js';
import { accountLockedMail } from '../../../services/lifecycle/mails.js';
import type { EffectivePolicies, SecurityPolicyService } from '../../../services/lifecycle/policies.js';

export const UNLOCK_TOKEN_TTL_MINUTES = 60;
export const BREACHED_PASSWORD_FLAG = 'security-center-show-login-flows';
const MINUTE_MS = 60_000;

/**
 * Whether this many wrong passwords in a row lock the account. At or past the limit: a limit lowered
 * below someone's count locks them at their next wrong password (a locked account counts no more).
 */
export const reachesLockout = (attempts: number, maxAttempts: number): boolean => attempts >= maxAttempts;

/** Whole minutes before a password changed at `changedAt` expires under a rotation period; 0 or less: expired. */
export const passwordMinutesLeft = (changedAt: Date, rotationPeriodMinutes: number, now: Date): number =>
  Math.floor((changedAt.getTime() + rotationPeriodMinutes * MINUTE_MS - now.getTime()) / MINUTE_MS);

/**
 * A password login that stops before a session (SPEC section 4 "Password outcomes"): a breached
 * password must be reset first; an expired one carries a reset token for passwordRotationExpired.
 */
export interface PendingPasswordLogin {
  tokenType: 'bearer';
  mfaRequired: false;
  userId: string;
  userEmail: string;
  emailVerified: boolean;
  isBreachedPassword?: true;
  resetPasswordToken?: string;
}

/** A session, maybe with the rotation notice (passwordExpiresIn <= notificationPeriod, minutes). */
export type PasswordLoginAnswer =
  (LoginResponse & { passwordExpiresIn?: number; notificationPeriod?: number }) | PendingPasswordLogin;

export interface PasswordLifecycleService {
  /** Counts a wrong password; at the lockout policy's maxAttempts the user is locked and mailed. */
  recordFailedPassword(user: UserClaimsRow, meta: RequestMeta): Promise<void>;
  /** After the password is proven: breached, expired or expiring passwords, else the session. */
  completePasswordLogin(
    user: PasswordLoginUserRow,
    password: string,
    meta: RequestMeta,
    startSession: () => Promise<LoginResponse | MfaRequiredResponse>,
  ): Promise<PasswordLoginAnswer | MfaRequiredResponse>;
  /** Refuses a password of the user's recent history (password history policy). */
  assertNotReused(
    user: { id: string; passwordHash: string | null; activeTenantId: string | null },
    password: string,
  ): Promise<void>;
  /** Bookkeeping after a password change: the change time (rotation) and the history. */
  passwordChanged(user: {
    id: string;
    passwordHash: string | null;
    activeTenantId: string | null;
  }): Promise<void>;
  /** POST /users/v3/me/unlock: a single-use mailed token unlocks the account. */
  unlock(token: string, meta: RequestMeta): Promise<void>;
  /** Feature flags the tests and dev tools turn on (SPEC section 9 names them; all off here). */
  flags: {
    isOn(name: string): boolean;
    set(name: string, value: 'on' | 'off' | undefined): void;
    overrides(): Record<string, 'on' | 'off'>;
  };
}

export function createPasswordLifecycleService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  passwords: PasswordHasher;
  policies: SecurityPolicyService;
  background: BackgroundTasks;
  recipientPause: RecipientPause;
  /** Issue 10: an account the lockout policy locks loses its access tokens at once. */
  revocations: RevocationList;
}): PasswordLifecycleService {
  const { db, config, clock, policies } = deps;
  const flagOverrides = new Map<string, 'on' | 'off'>();
  const audit = (
    event: (typeof auditEvents)[keyof typeof auditEvents],
    meta: RequestMeta,
    user: { id: string; email: string; tenantId?: string | null },
    description?: string,
  ) =>
    recordAudit(
      db,
      event,
      meta,
      { userId: user.id, email: user.email, tenantId: user.tenantId, description },
      clock.now(),
    );

  const lock = async (user: UserClaimsRow, meta: RequestMeta) => {
    const now = clock.now();
    await updateUser(db, user.id, { isLocked: true, updatedAt: now });
    // As an administrator's lock (team.ts), in every tenant: the sessions end (their refresh tokens
    // would work again once unlocked) and so do the access tokens issued so far.
    await revokeFamiliesOfUser(db, user.id, 'user locked', now);
    deps.revocations.revoke(revocationKeys.user(user.id), now.getTime());
    const token = await issueOneTimeToken(db, {
      userId: user.id,
      purpose: 'unlock',
      now,
      expiresAt: addSeconds(now, UNLOCK_TOKEN_TTL_MINUTES * 60),
    });
    const url = `${config.publicUrl}${webPaths.unlock}?${new URLSearchParams({ token }).toString()}`;
    await audit(auditEvents.userLocked, meta, user, 'too many failed password attempts');
    // Issue 10: the mail goes after the answer, which must not take longer than an unknown email's.
    deps.background.run('unlock mail', async () => {
      if (await deps.recipientPause.take(user.email, 'unlock')) {
        await deps.mailer.send(accountLockedMail(user, url, UNLOCK_TOKEN_TTL_MINUTES));
      }
    });
  };

  const pending = (user: UserClaimsRow, extra: Partial<PendingPasswordLogin>): PendingPasswordLogin => ({
    tokenType: 'bearer',
    mfaRequired: false,
    userId: user.id,
    userEmail: user.email,
    emailVerified: user.verified,
    ...extra,
  });

  /** The rest of a password login, in one transaction: see completePasswordLogin. */
  const finishPasswordLogin = async (
    user: PasswordLoginUserRow,
    meta: RequestMeta,
    startSession: () => Promise<LoginResponse | MfaRequiredResponse>,
    { rotation, breached }: { rotation: EffectivePolicies['rotation']; breached: boolean },
  ): Promise<PasswordLoginAnswer | MfaRequiredResponse> => {
    if (user.failedAttempts > 0) await resetFailedAttempts(db, user.id);
    if (breached) {
      await audit(
        auditEvents.breachedPasswordLogin,
        meta,
        user,
        'password found on the breached-password list',
      );
      return pending(user, { isBreachedPassword: true });
    }

    if (!rotation) return startSession();
    const now = clock.now();
    const minutesLeft = passwordMinutesLeft(
      new Date(user.passwordSetAt * 1000),
      rotation.rotationPeriod,
      now,
    );
    if (minutesLeft <= 0) {
      const resetPasswordToken = await issuePasswordResetToken(db, user.id, now);
      await audit(auditEvents.passwordExpired, meta, user, 'password older than the rotation period');
      return pending(user, { resetPasswordToken });
    }
    const session = await startSession();
    // A second factor comes first; the expiry notice rides on the session once there is one.
    if (session.mfaRequired || minutesLeft > rotation.notificationPeriod) return session;
    return { ...session, passwordExpiresIn: minutesLeft, notificationPeriod: rotation.notificationPeriod };
  };

  return {
    async recordFailedPassword(user, meta) {
      const { lockout } = await policies.effective(user.tenantId);
      if (!lockout.enabled || user.isLocked) return;
      const attempts = await incrementFailedAttempts(db, user.id, clock.now());
      // A locked user's later attempts return above: no second mail.
      if (reachesLockout(attempts, lockout.maxAttempts)) await lock(user, meta);
    },

    async completePasswordLogin(user, password, meta, startSession) {
      const { rotation } = await policies.effective(user.tenantId);
      const breached = flagOverrides.get(BREACHED_PASSWORD_FLAG) === 'on' && isCommonPassword(password);
      // Issue 10: the reset attempt count, the session (or the challenge, or the expired password's reset
      // token) and their audit rows are one transaction. Issue 17: most sign-ins write only the session
      // start, which sees to its own atomicity: no transaction, no BEGIN and COMMIT round trips.
      if (user.failedAttempts === 0 && !breached && !rotation) return startSession();
      return atomically(db, () => finishPasswordLogin(user, meta, startSession, { rotation, breached }));
    },

    async assertNotReused(user, password) {
      const { history } = await policies.effective(user.activeTenantId);
      if (!history.enabled) return;
      const earlier = await findRecentPasswordHashes(db, user.id, Math.max(history.historySize - 1, 0));
      const candidates = [user.passwordHash, ...earlier].filter((hash): hash is string => !!hash);
      for (const hash of candidates.slice(0, history.historySize)) {
        if (await deps.passwords.verify(hash, password))
          throw appError(errorCatalogue.lifecycle.passwordReused);
      }
    },

    async passwordChanged(user) {
      await recordPasswordChange(db, { userId: user.id, previousHash: user.passwordHash, now: clock.now() });
      await prunePasswordHistory(db, user.id, 10);
    },

    async unlock(token, meta) {
      const now = clock.now();
      const row = await findUsableOneTimeTokenByHash(db, {
        tokenHash: hashToken(token),
        purposes: ['unlock'],
        now,
      });
      const user = row ? await findUserById(db, row.userId) : undefined;
      // Issue 10: the token used, the account unlocked, its attempts reset and the audit row are one
      // transaction; the refusal's audit row is written outside it, so the refusal cannot undo it.
      const unlocked =
        row !== undefined &&
        user !== undefined &&
        (await db.transaction(async () => {
          if (!(await consumeOneTimeToken(db, row.id, now))) return false;
          await updateUser(db, user.id, { isLocked: false, updatedAt: now });
          await resetFailedAttempts(db, user.id);
          await audit(auditEvents.userUnlocked, meta, { ...user, tenantId: user.activeTenantId });
          return true;
        }));
      if (!unlocked) {
        await recordAudit(
          db,
          auditEvents.unlockFailed,
          meta,
          { description: 'invalid, used or expired unlock token' },
          now,
        );
        throw appError(errorCatalogue.lifecycle.unlockInvalid);
      }
    },

    flags: {
      isOn: (name) => flagOverrides.get(name) === 'on',
      set: (name, value) => {
        if (value) flagOverrides.set(name, value);
        else flagOverrides.delete(name);
      },
      overrides: () => Object.fromEntries(flagOverrides),
    },
  };
}
