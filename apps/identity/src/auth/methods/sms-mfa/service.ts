import { atomicMethods, type Db } from '../../../db/client.js';
import { findMfaDevicesByUser, insertMfaDevice } from '../../../db/queries/mfa.js';
import { findUserById } from '../../../db/queries/users.js';
import { appError, errorCatalogue } from '../../../errors.js';
import type { Clock } from '../../../lib/time.js';
import type { RequestMeta } from '../../../services/audit.js';
import { isPhoneNumber, normalizePhoneNumber } from '../../../services/sms.js';
import { mfaAuditEvents } from '../../second-factor/audit-events.js';
import {
  maskPhoneNumber,
  type CodeVerification,
  type MfaCompletion,
  type MfaService,
} from '../../second-factor/service.js';

/**
 * A code texted to an enrolled phone as the second factor of a login or step-up, or a phone enrolled
 * during a forced login (the signed-in user's own phones: auth/second-factor/self-service.ts).
 */
export function createSmsMfaService(deps: { db: Db; clock: Clock; mfa: Pick<MfaService, 'factors'> }) {
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
    reject,
  } = deps.mfa.factors;

  // Issue 10: each flow (the code and its audit row, or the spent code, the device, the recovery code
  // and the session) is one transaction; refusals are recorded after its rollback.
  return atomicMethods(db, ['preEnrollSms', 'enrollSms', 'sendSmsCode', 'verifySmsCode'], {
    /** Forced enrollment by SMS: texts a code to the number to prove. */
    async preEnrollSms(input: { mfaToken: string; phoneNumber: string }, meta: RequestMeta) {
      const challenge = await openChallenge(input.mfaToken, ['login']);
      await requireNotEnrolled(challenge);
      await requireActiveStrategy('SMS');
      const phoneNumber = normalizePhoneNumber(input.phoneNumber);
      if (!isPhoneNumber(phoneNumber)) throw appError(errorCatalogue.mfa.invalidPhoneNumber);
      const user = await findUserById(db, challenge.userId);
      if (!user) throw appError(errorCatalogue.mfa.invalidMfaToken);
      const { otcToken, deliver } = await sendCode(
        'sms',
        { userId: user.id, email: user.email, phoneNumber },
        challenge.id,
      );
      await audit(mfaAuditEvents.mfaCodeSent, meta, { ...challenge, email: user.email }, 'sms enrollment');
      await deliver();
      return { otcToken, phoneNumber };
    },

    async enrollSms(input: CodeVerification, meta: RequestMeta): Promise<MfaCompletion> {
      const challenge = await openChallenge(input.mfaToken, ['login']);
      await requireNotEnrolled(challenge);
      const code = await checkCode(challenge, input, meta);
      if (code.channel !== 'sms' || !code.phoneNumber)
        return reject(challenge, meta, 'not an SMS enrollment code');
      await insertMfaDevice(db, {
        userId: challenge.userId,
        type: 'sms',
        name: 'Phone',
        phoneNumber: code.phoneNumber,
        now: clock.now(),
      });
      const recoveryCode = await newRecoveryCode(challenge.userId);
      await audit(mfaAuditEvents.mfaEnrolled, meta, challenge, 'sms');
      return complete(challenge, meta, 'sms', { ...input, recoveryCode });
    },

    async sendSmsCode(deviceId: string, mfaToken: string, meta: RequestMeta) {
      const challenge = await openChallenge(mfaToken);
      const device = (await findMfaDevicesByUser(db, challenge.userId)).find(
        (candidate) => candidate.id === deviceId && candidate.type === 'sms',
      );
      if (!device?.phoneNumber) throw appError(errorCatalogue.mfa.deviceNotFound);
      const user = await findUserById(db, challenge.userId);
      if (!user) throw appError(errorCatalogue.mfa.invalidMfaToken);
      const { otcToken, deliver } = await sendCode(
        'sms',
        { userId: user.id, email: user.email, phoneNumber: device.phoneNumber, deviceId },
        challenge.id,
      );
      await audit(mfaAuditEvents.mfaCodeSent, meta, { ...challenge, email: user.email }, 'sms');
      await deliver();
      return { otcToken, phoneNumber: maskPhoneNumber(device.phoneNumber) };
    },

    async verifySmsCode(
      deviceId: string,
      input: CodeVerification,
      meta: RequestMeta,
    ): Promise<MfaCompletion> {
      const challenge = await openChallenge(input.mfaToken);
      const code = await checkCode(challenge, input, meta);
      if (code.channel !== 'sms' || code.deviceId !== deviceId)
        return reject(challenge, meta, 'code of another device');
      return complete(challenge, meta, 'sms', input);
    },
  });
}

export type SmsMfaService = ReturnType<typeof createSmsMfaService>;
