import type { Db } from '../../../db/client.js';
import { revokeOtherFamiliesOfUser } from '../../../db/queries/password-states.js';
import { findUserById, updateUser } from '../../../db/queries/users.js';
import { appError, errorCatalogue } from '../../../errors.js';
import type { Clock } from '../../../lib/time.js';
import { auditEvents, recordAudit, type RequestMeta } from '../../../services/audit.js';
import { assertAcceptablePassword, type PasswordHasher } from './passwords.js';
import type { VendorSettings } from '../../../services/vendor-settings.js';
import { revocationKeys, type RevocationList } from '../../../services/revocations.js';
import type { PasswordLifecycleService } from './lifecycle.js';

export interface PasswordChangeService {
  /** POST /users/v1/passwords/change: the signed-in user proves the current password and sets a new one. */
  change(
    who: { userId: string; sessionId: string },
    input: { password: string; newPassword: string },
    meta: RequestMeta,
  ): Promise<void>;
}

export function createPasswordChangeService(deps: {
  db: Db;
  clock: Clock;
  passwords: PasswordHasher;
  vendorSettings: VendorSettings;
  lifecycle: PasswordLifecycleService;
  revocations: RevocationList;
}): PasswordChangeService {
  const { db, clock, passwords } = deps;
  return {
    async change({ userId, sessionId }, { password, newPassword }, meta) {
      const user = await findUserById(db, userId);
      if (!user) throw appError(errorCatalogue.request.unauthorized);
      const details = { userId: user.id, email: user.email, tenantId: user.activeTenantId };
      if (!user.passwordHash || !(await passwords.verify(user.passwordHash, password))) {
        await recordAudit(
          db,
          auditEvents.passwordChangeFailed,
          meta,
          { ...details, description: 'wrong current password' },
          clock.now(),
        );
        throw appError(errorCatalogue.lifecycle.wrongCurrentPassword);
      }
      assertAcceptablePassword((await deps.vendorSettings.get()).passwordPolicy, newPassword);
      await deps.lifecycle.assertNotReused(user, newPassword);
      const now = clock.now();
      const passwordHash = await passwords.hash(newPassword);
      // Issue 10: the new password, its history, the ended sessions and the audit row are one
      // transaction (the hash is made before it: PGlite's one connection does not wait on it).
      const ended = await db.transaction(async () => {
        await updateUser(db, user.id, { passwordHash, updatedAt: now });
        await deps.lifecycle.passwordChanged(user);
        // Other sessions may belong to whoever knew the old password: only this one survives.
        const families = await revokeOtherFamiliesOfUser(db, user.id, sessionId, now);
        await recordAudit(db, auditEvents.passwordChanged, meta, details, now);
        return families;
      });
      // Issue 10: and their access tokens stop at once, not when they expire.
      for (const familyId of ended) deps.revocations.revoke(revocationKeys.session(familyId), now.getTime());
    },
  };
}
