import { atomicMethods, refuse, type Db } from '../../../db/client.js';
import { consumeMfaRecoveryCode, deleteAllMfaOfUser } from '../../../db/queries/mfa.js';
import { findUserByEmail } from '../../../db/queries/users.js';
import { appError, errorCatalogue } from '../../../errors.js';
import type { Clock } from '../../../lib/time.js';
import { recordAudit, type RequestMeta } from '../../../services/audit.js';
import { mfaAuditEvents } from '../../second-factor/audit-events.js';
import type { MfaService } from '../../second-factor/service.js';
import { hashRecoveryCode } from './codes.js';

/** A lost second factor: the recovery code shown with the first enrollment removes them all. */
export function createRecoveryCodeService(deps: { db: Db; clock: Clock; mfa: Pick<MfaService, 'factors'> }) {
  const { db, clock } = deps;
  const { audit } = deps.mfa.factors;

  // Issue 10: the spent code, the removed factors and the audit row are one transaction.
  return atomicMethods(db, ['recover'], {
    /**
     * POST /user/mfa/recover: a recovery code removes the user's factors, so they can sign in
     * and enroll again. Unknown email and wrong code answer the same.
     */
    async recover(input: { email: string; recoveryCode: string }, meta: RequestMeta): Promise<void> {
      const user = await findUserByEmail(db, input.email);
      const used =
        user !== undefined &&
        (await consumeMfaRecoveryCode(db, user.id, hashRecoveryCode(input.recoveryCode), clock.now()));
      if (!user || !used) {
        return refuse(async () => {
          await recordAudit(
            db,
            mfaAuditEvents.mfaRecoveryFailed,
            meta,
            {
              userId: user?.id,
              email: input.email,
              tenantId: user?.activeTenantId,
              description: 'wrong recovery code',
            },
            clock.now(),
          );
          throw appError(errorCatalogue.mfa.invalidRecoveryCode);
        });
      }
      await deleteAllMfaOfUser(db, user.id);
      await audit(
        mfaAuditEvents.mfaRecovered,
        meta,
        { userId: user.id, email: user.email, tenantId: user.activeTenantId },
        'factors removed',
      );
    },
  });
}

export type RecoveryCodeService = ReturnType<typeof createRecoveryCodeService>;
