import type { Config } from '../../../config.js';
import type { Db } from '../../../db/client.js';
import { consumeOneTimeToken } from '../../../db/queries/one-time-tokens.js';
import { revokeFamiliesOfUser } from '../../../db/queries/refresh-tokens.js';
import { revocationKeys, type RevocationList } from '../../../services/revocations.js';
import { findUserByEmail, findUserById, updateUser } from '../../../db/queries/users.js';
import { appError, errorCatalogue } from '../../../errors.js';
import type { Clock } from '../../../lib/time.js';
import { auditEvents, recordAudit, type RequestMeta } from '../../../services/audit.js';
import { resetPasswordUrl } from '../../../services/links.js';
import type { BackgroundTasks } from '../../../services/background.js';
import type { Mailer } from '../../../services/mail.js';
import { resetPasswordMail } from '../../../services/mail-templates.js';
import { findUsableToken } from '../../../services/one-time-tokens.js';
import { issuePasswordResetToken, RESET_TOKEN_TTL_MINUTES } from './reset-token.js';
import { assertAcceptablePassword, type PasswordHasher } from './passwords.js';
import type { PasswordLifecycleService } from './lifecycle.js';
import type { RecipientPause } from '../../../services/recipient-pause.js';
import type { VendorSettings } from '../../../services/vendor-settings.js';

export interface PasswordResetService {
  /** Mails a reset link; the same answer whether or not the email exists. */
  requestReset(email: string, meta: RequestMeta): Promise<void>;
  /** Sets the new password with a single-use token and signs out every session of the user. */
  resetPassword(input: { userId: string; token: string; password: string }, meta: RequestMeta): Promise<void>;
}

export function createPasswordResetService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  passwords: PasswordHasher;
  vendorSettings: VendorSettings;
  background: BackgroundTasks;
  recipientPause: RecipientPause;
  /** Password history (refuse reuse) and the change time (rotation). */
  lifecycle: PasswordLifecycleService;
  /** Issue 10: the reset ends every session, and their access tokens with them. */
  revocations: RevocationList;
}): PasswordResetService {
  const { db, config, clock } = deps;

  const mailReset = async (email: string, meta: RequestMeta) => {
    const user = await findUserByEmail(db, email);
    if (!user || !(await deps.recipientPause.take(user.email, 'password-reset'))) return;
    const now = clock.now();
    const token = await issuePasswordResetToken(db, user.id, now);
    await deps.mailer.send(
      resetPasswordMail(user, resetPasswordUrl(config, user.id, token), RESET_TOKEN_TTL_MINUTES),
    );
    await recordAudit(
      db,
      auditEvents.passwordResetRequested,
      meta,
      { userId: user.id, email: user.email, tenantId: user.activeTenantId },
      now,
    );
  };

  return {
    async requestReset(email, meta) {
      // Issue 10: the answer goes before the lookup, so a known email answers as fast as an unknown one.
      deps.background.run('password reset mail', () => mailReset(email, meta), email.trim().toLowerCase());
    },

    async resetPassword({ userId, token, password }, meta) {
      const row = await findUsableToken(db, { userId, purpose: 'password-reset', token, now: clock.now() });
      const user = row ? await findUserById(db, userId) : undefined;
      if (!row || !user) {
        await recordAudit(
          db,
          auditEvents.passwordResetFailed,
          meta,
          { userId, description: 'invalid, used or expired reset token' },
          clock.now(),
        );
        throw appError(errorCatalogue.users.resetInvalid);
      }
      assertAcceptablePassword((await deps.vendorSettings.get()).passwordPolicy, password);
      await deps.lifecycle.assertNotReused(user, password);
      const passwordHash = await deps.passwords.hash(password);
      const now = clock.now();
      // Issue 10: the token used, the new password, its history, the ended sessions and the audit row
      // are one transaction (the hash is made before it: PGlite's one connection does not wait on it).
      await db.transaction(async () => {
        if (!(await consumeOneTimeToken(db, row.id, now))) throw appError(errorCatalogue.users.resetInvalid);
        await updateUser(db, user.id, { passwordHash, updatedAt: now });
        await deps.lifecycle.passwordChanged(user);
        await revokeFamiliesOfUser(db, user.id, 'password reset', now);
        await recordAudit(
          db,
          auditEvents.passwordReset,
          meta,
          { userId: user.id, email: user.email, tenantId: user.activeTenantId },
          now,
        );
      });
      deps.revocations.revoke(revocationKeys.user(user.id), now.getTime());
    },
  };
}
