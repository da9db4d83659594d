import { atomicMethods, refuse, type Db } from '../../../db/client.js';
import {
  claimTotpStep,
  consumeMfaChallenge,
  consumeMfaRecoveryCode,
  deleteMfaDevice,
  findLatestOpenMfaChallenge,
  findMfaDevicesByUser,
  insertMfaDevice,
  setMfaChallengePendingSecret,
  type MfaChallengeRow,
} from '../../../db/queries/mfa.js';
import { findUserById } from '../../../db/queries/users.js';
import { appError, errorCatalogue } from '../../../errors.js';
import type { Clock } from '../../../lib/time.js';
import type { RequestMeta } from '../../../services/audit.js';
import type { AccessTokenClaims } from '../../../services/tokens.js';
import { mfaAuditEvents } from '../../second-factor/audit-events.js';
import { isMfaCode } from '../../second-factor/codes.js';
import type { MfaCompletion, MfaService } from '../../second-factor/service.js';
import { hashRecoveryCode } from '../recovery-codes/codes.js';
import { generateTotpSecret, matchTotpStep, totpProvisioningUri } from './totp.js';

/**
 * An authenticator app's code (TOTP) as the second factor of a login or step-up, enrolled during a
 * forced login or by the signed-in user, and removed with a current code. At login the same call
 * takes a recovery code instead, as the SDK sends it there.
 */
export function createTotpService(deps: { db: Db; clock: Clock; mfa: Pick<MfaService, 'factors'> }) {
  const { db, clock } = deps;
  const {
    openChallenge,
    issueChallenge,
    requireNotEnrolled,
    requireActiveStrategy,
    newRecoveryCode,
    audit,
    complete,
    reject,
  } = deps.mfa.factors;

  const verifyTotp = async (
    challenge: MfaChallengeRow,
    value: string,
    meta: RequestMeta,
    deviceId?: string,
  ): Promise<boolean> => {
    const devices = (await findMfaDevicesByUser(db, challenge.userId)).filter(
      (device) => device.type === 'authenticator' && device.secret && (!deviceId || device.id === deviceId),
    );
    if (deviceId && devices.length === 0) throw appError(errorCatalogue.mfa.deviceNotFound);
    for (const device of devices) {
      const step = matchTotpStep(device.secret ?? '', value, clock.now());
      if (step === null) continue;
      if (await claimTotpStep(db, device.id, step)) return true;
      await reject(challenge, meta, 'authenticator code replayed');
    }
    return false;
  };

  // Issue 10: each flow (the spent token, the device, the recovery code, the session and the audit
  // rows) is one transaction; refusals are recorded after its rollback.
  return atomicMethods(
    db,
    ['verifyAuthenticator', 'enrollAuthenticator', 'finishAuthenticatorEnrollment', 'disableAuthenticator'],
    {
      /** POST /user/mfa/verify: an authenticator code, or a recovery code instead. */
      async verifyAuthenticator(
        input: { mfaToken: string; value: string; rememberDevice?: boolean; deviceId?: string },
        meta: RequestMeta,
      ): Promise<MfaCompletion> {
        const challenge = await openChallenge(input.mfaToken);
        const value = input.value.trim();
        if (isMfaCode(value)) {
          if (await verifyTotp(challenge, value, meta, input.deviceId))
            return complete(challenge, meta, 'authenticator', input);
          return reject(challenge, meta, 'wrong authenticator code');
        }
        if (input.deviceId) return reject(challenge, meta, 'not a 6-digit code');
        const used = await consumeMfaRecoveryCode(db, challenge.userId, hashRecoveryCode(value), clock.now());
        if (!used) return reject(challenge, meta, 'wrong or used recovery code');
        return complete(challenge, meta, 'recoveryCode', input);
      },

      /** Forced enrollment: the authenticator secret to show (kept on the mfaToken until proven). */
      async preEnrollAuthenticator(mfaToken: string) {
        const challenge = await openChallenge(mfaToken, ['login']);
        await requireNotEnrolled(challenge);
        await requireActiveStrategy('AuthenticatorApp');
        let secret = challenge.pendingSecret;
        if (!secret) {
          secret = generateTotpSecret();
          await setMfaChallengePendingSecret(db, challenge.id, secret);
        }
        const user = await findUserById(db, challenge.userId);
        return { qrCode: totpProvisioningUri(secret, user?.email ?? '') };
      },

      async enrollAuthenticator(
        input: { mfaToken: string; token: string; rememberDevice?: boolean },
        meta: RequestMeta,
      ): Promise<MfaCompletion> {
        const challenge = await openChallenge(input.mfaToken, ['login']);
        await requireNotEnrolled(challenge);
        await requireActiveStrategy('AuthenticatorApp');
        const secret = challenge.pendingSecret;
        if (!secret) throw appError(errorCatalogue.mfa.invalidMfaToken);
        const step = isMfaCode(input.token.trim())
          ? matchTotpStep(secret, input.token.trim(), clock.now())
          : null;
        if (step === null) return reject(challenge, meta, 'wrong authenticator code at enrollment');
        await insertMfaDevice(db, {
          userId: challenge.userId,
          type: 'authenticator',
          name: 'Authenticator app',
          secret,
          lastUsedStep: step,
          now: clock.now(),
        });
        const recoveryCode = await newRecoveryCode(challenge.userId);
        await audit(mfaAuditEvents.mfaEnrolled, meta, challenge, 'authenticator app');
        return complete(challenge, meta, 'authenticator', { ...input, recoveryCode });
      },

      /** Signed-in enrollment of an authenticator app: the secret to scan. */
      async startAuthenticatorEnrollment(claims: AccessTokenClaims) {
        await requireActiveStrategy('AuthenticatorApp');
        const devices = await findMfaDevicesByUser(db, claims.sub);
        if (devices.some((device) => device.type === 'authenticator'))
          throw appError(errorCatalogue.mfa.alreadyEnrolled);
        const secret = generateTotpSecret();
        await issueChallenge({ id: claims.sub, tenantId: claims.tenantId }, 'enroll', secret);
        return { qrCode: totpProvisioningUri(secret, claims.email) };
      },

      async finishAuthenticatorEnrollment(claims: AccessTokenClaims, token: string, meta: RequestMeta) {
        const challenge = await findLatestOpenMfaChallenge(db, {
          userId: claims.sub,
          purpose: 'enroll',
          now: clock.now(),
        });
        if (!challenge?.pendingSecret) throw appError(errorCatalogue.mfa.invalidMfaToken);
        const step = isMfaCode(token.trim())
          ? matchTotpStep(challenge.pendingSecret, token.trim(), clock.now())
          : null;
        if (step === null) return reject(challenge, meta, 'wrong authenticator code at enrollment');
        if (!(await consumeMfaChallenge(db, challenge.id, clock.now())))
          throw appError(errorCatalogue.mfa.invalidMfaToken);
        await insertMfaDevice(db, {
          userId: claims.sub,
          type: 'authenticator',
          name: 'Authenticator app',
          secret: challenge.pendingSecret,
          lastUsedStep: step,
          now: clock.now(),
        });
        const recoveryCode = await newRecoveryCode(claims.sub);
        await audit(
          mfaAuditEvents.mfaEnrolled,
          meta,
          { userId: claims.sub, tenantId: claims.tenantId },
          'authenticator app',
        );
        return { recoveryCode };
      },

      /** Removes an authenticator app, proven by a current code of it. */
      async disableAuthenticator(
        claims: AccessTokenClaims,
        deviceId: string | undefined,
        token: string,
        meta: RequestMeta,
      ) {
        const now = clock.now();
        const devices = (await findMfaDevicesByUser(db, claims.sub)).filter(
          (device) => device.type === 'authenticator' && (!deviceId || device.id === deviceId),
        );
        const device = devices[0];
        if (!device?.secret) throw appError(errorCatalogue.mfa.deviceNotFound);
        const step = isMfaCode(token.trim()) ? matchTotpStep(device.secret, token.trim(), now) : null;
        if (step === null || !(await claimTotpStep(db, device.id, step))) {
          return refuse(async () => {
            await audit(
              mfaAuditEvents.mfaFailed,
              meta,
              { userId: claims.sub, tenantId: claims.tenantId },
              'wrong code to disable',
            );
            throw appError(errorCatalogue.mfa.invalidCode);
          });
        }
        await deleteMfaDevice(db, claims.sub, device.id);
        await audit(
          mfaAuditEvents.mfaDisabled,
          meta,
          { userId: claims.sub, tenantId: claims.tenantId },
          'authenticator app',
        );
      },
    },
  );
}

export type TotpService = ReturnType<typeof createTotpService>;
