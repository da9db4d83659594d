import { atomicMethods, type Db } from '../../../db/client.js';
import { findMfaDevicesByUser, insertMfaDevice } from '../../../db/queries/mfa.js';
import { findUserById } from '../../../db/queries/users.js';
import { appError, errorCatalogue } from '../../../errors.js';
import type { Clock } from '../../../lib/time.js';
import type { RequestMeta } from '../../../services/audit.js';
import { mfaAuditEvents } from '../../second-factor/audit-events.js';
import type { CodeVerification, MfaCompletion, MfaService } from '../../second-factor/service.js';

/**
 * A code mailed to the account's address as the second factor of a login or step-up, or enrolled
 * during a forced login (the signed-in user's own enrollment: auth/second-factor/self-service.ts).
 */
export function createEmailMfaService(deps: { db: Db; clock: Clock; mfa: Pick<MfaService, 'factors'> }) {
  const { db, clock } = deps;
  const {
    openChallenge,
    requireNotEnrolled,
    requireActiveStrategy,
    sendCode,
    checkCode,
    newRecoveryCode,
    audit,
    complete,
  } = deps.mfa.factors;

  // Issue 10: each flow (the code and its audit row, or the spent code, the device, the recovery code
  // and the session) is one transaction; refusals are recorded after its rollback.
  return atomicMethods(db, ['sendEmailCode', 'verifyEmailCode'], {
    /** Emails a code: to an enrolled email device, or to enroll email during a forced login. */
    async sendEmailCode(mfaToken: string, meta: RequestMeta) {
      const challenge = await openChallenge(mfaToken);
      const devices = await findMfaDevicesByUser(db, challenge.userId);
      if (!devices.some((device) => device.type === 'email')) {
        await requireNotEnrolled(challenge);
        await requireActiveStrategy('EmailCode');
      }
      const user = await findUserById(db, challenge.userId);
      if (!user) throw appError(errorCatalogue.mfa.invalidMfaToken);
      const { otcToken, deliver } = await sendCode(
        'email',
        { userId: user.id, email: user.email },
        challenge.id,
      );
      await audit(mfaAuditEvents.mfaCodeSent, meta, { ...challenge, email: user.email }, 'email');
      await deliver();
      return { otcToken };
    },

    async verifyEmailCode(input: CodeVerification, meta: RequestMeta): Promise<MfaCompletion> {
      const challenge = await openChallenge(input.mfaToken);
      await checkCode(challenge, input, meta);
      const devices = await findMfaDevicesByUser(db, challenge.userId);
      if (devices.some((device) => device.type === 'email')) return complete(challenge, meta, 'email', input);
      // An enrollment during a forced login: like the other factors, it answers a recovery code
      // (SPEC section 4, "After enrollment: recoveryCode").
      await requireNotEnrolled(challenge);
      await insertMfaDevice(db, {
        userId: challenge.userId,
        type: 'email',
        name: 'Email',
        now: clock.now(),
      });
      const recoveryCode = await newRecoveryCode(challenge.userId);
      await audit(mfaAuditEvents.mfaEnrolled, meta, challenge, 'email code');
      return complete(challenge, meta, 'email', { ...input, recoveryCode });
    },
  });
}

export type EmailMfaService = ReturnType<typeof createEmailMfaService>;
