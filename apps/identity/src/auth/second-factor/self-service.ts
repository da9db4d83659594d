import type { MfaStrategy } from '@brizo/contract';
import { atomicMethods, refuse, type Db } from '../../db/client.js';
import {
  consumeMfaCode,
  deleteMfaDevice,
  findMfaDevicesByUser,
  findOpenMfaCode,
  insertMfaCode,
  insertMfaDevice,
  recordMfaCodeFailure,
  type MfaCodeRow,
  type MfaDeviceRow,
} from '../../db/queries/mfa.js';
import { appError, errorCatalogue } from '../../errors.js';
import { generateToken, hashToken } from '../../lib/secrets.js';
import { addSeconds, type Clock } from '../../lib/time.js';
import { recordAudit, type AuditEvent, type RequestMeta } from '../../services/audit.js';
import type { Mailer } from '../../services/mail.js';
import { message } from '../../services/mail-templates.js';
import type { SmsSender } from '../../services/sms.js';
import type { AccessTokenClaims } from '../../services/tokens.js';
import { mfaAuditEvents } from './audit-events.js';
import { issueRecoveryCode } from '../methods/recovery-codes/codes.js';
import { generateMfaCode, hashMfaCode, isMfaCode } from './codes.js';
import { MFA_CODE_TTL_SECONDS, MFA_MAX_ATTEMPTS, maskPhoneNumber } from './service.js';
import type { MfaPolicyService } from './policy.js';

/** An emailed or texted code, named by the otcToken its send answered. */
export interface CodeProof {
  otcToken: string;
  code: string;
}

/** A finished enrollment: the recovery code when this was the user's first factor. */
export type EnrollmentResult = { recoveryCode?: string };

type Channel = 'sms' | 'email';

const strategyOf: Record<Channel, MfaStrategy> = { sms: 'SMS', email: 'EmailCode' };

/** What each code is for, in the user's words: the message says what typing it will do. */
const purposeText = {
  enroll: { sms: 'add this phone to', email: 'add email codes to' },
  disable: { sms: 'remove this phone from', email: 'remove email codes from' },
} as const;

const validMinutes = MFA_CODE_TTL_SECONDS / 60;

/**
 * The signed-in user's own SMS and email-code factors (/identity/resources/users/v1/mfa/sms and
 * /emailcode): each change is proven by a code sent to the phone or address concerned. One
 * device per type (SPEC section 5). Codes are single use, expire after 5 minutes and die after
 * MFA_MAX_ATTEMPTS wrong guesses; every success and failure is audited.
 */
export function createMfaSelfService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  policies: MfaPolicyService;
}) {
  const { db, clock, policies } = deps;

  const audit = (event: AuditEvent, meta: RequestMeta, claims: AccessTokenClaims, description: string) =>
    recordAudit(
      db,
      event,
      meta,
      { userId: claims.sub, email: claims.email, tenantId: claims.tenantId, description },
      clock.now(),
    );

  const deviceOf = async (userId: string, channel: Channel, deviceId?: string) =>
    (await findMfaDevicesByUser(db, userId)).find(
      (device) => device.type === channel && (deviceId === undefined || device.id === deviceId),
    );

  const requireEnrollable = async (claims: AccessTokenClaims, channel: Channel) => {
    if (!(await policies.activeStrategies()).includes(strategyOf[channel]))
      throw appError(errorCatalogue.mfa.strategyNotActive);
    if (await deviceOf(claims.sub, channel)) throw appError(errorCatalogue.mfa.alreadyEnrolled);
  };

  const requireDevice = async (claims: AccessTokenClaims, channel: Channel, deviceId?: string) => {
    const device = await deviceOf(claims.sub, channel, deviceId);
    if (!device) throw appError(errorCatalogue.mfa.deviceNotFound);
    return device;
  };

  /** Sends a code outside any login (no mfaToken): enrollment codes name no device, removal codes do. */
  const send = async (
    claims: AccessTokenClaims,
    channel: Channel,
    purpose: keyof typeof purposeText,
    target: { phoneNumber?: string; device?: MfaDeviceRow },
    meta: RequestMeta,
  ): Promise<string> => {
    const otcToken = generateToken();
    const code = generateMfaCode();
    const now = clock.now();
    const phoneNumber = target.phoneNumber ?? target.device?.phoneNumber ?? null;
    await insertMfaCode(db, {
      otcTokenHash: hashToken(otcToken),
      codeHash: hashMfaCode(otcToken, code),
      userId: claims.sub,
      challengeId: null,
      channel,
      phoneNumber,
      deviceId: target.device?.id ?? null,
      now,
      expiresAt: addSeconds(now, MFA_CODE_TTL_SECONDS),
    });
    const text = `Your Brizo FoodMetrics code to ${purposeText[purpose][channel]} two-factor authentication is ${code}. It expires in ${validMinutes} minutes.`;
    await audit(mfaAuditEvents.mfaCodeSent, meta, claims, `${channel} ${purpose}`);
    // Sent last (issue 10): a failed write before it sends nothing.
    if (channel === 'sms') await deps.sms.send({ to: phoneNumber ?? '', text });
    else
      await deps.mailer.send(
        message(claims.email, 'Your Brizo FoodMetrics verification code', [
          text,
          'If you did not ask for it, change your password.',
        ]),
      );
    return otcToken;
  };

  /**
   * The code must be this user's, sent by this channel outside a login, for this device (or for
   * an enrollment when `deviceId` is null). A wrong guess counts against the code.
   */
  const checkCode = async (
    claims: AccessTokenClaims,
    proof: CodeProof,
    expected: { channel: Channel; deviceId: string | null },
    meta: RequestMeta,
  ): Promise<MfaCodeRow> => {
    const now = clock.now();
    const code = await findOpenMfaCode(db, hashToken(proof.otcToken), now);
    const isThisCode =
      code !== undefined &&
      code.userId === claims.sub &&
      code.challengeId === null &&
      code.channel === expected.channel &&
      code.deviceId === expected.deviceId;
    // Refusals inside the flow's transaction (issue 10): counted and audited after its rollback.
    if (!isThisCode) {
      return refuse(async () => {
        await audit(mfaAuditEvents.mfaFailed, meta, claims, `unknown or expired ${expected.channel} code`);
        throw appError(errorCatalogue.mfa.invalidCode);
      });
    }
    if (!isMfaCode(proof.code) || code.codeHash !== hashMfaCode(proof.otcToken, proof.code)) {
      return refuse(async () => {
        await recordMfaCodeFailure(db, code.id, MFA_MAX_ATTEMPTS, now);
        await audit(mfaAuditEvents.mfaFailed, meta, claims, `wrong ${expected.channel} code`);
        throw appError(errorCatalogue.mfa.invalidCode);
      });
    }
    if (!(await consumeMfaCode(db, code.id, now))) throw appError(errorCatalogue.mfa.invalidCode);
    return code;
  };

  const enroll = async (
    claims: AccessTokenClaims,
    channel: Channel,
    phoneNumber: string | null,
    meta: RequestMeta,
  ): Promise<EnrollmentResult> => {
    // Checked again: another session may have enrolled the same type since the code went out.
    await requireEnrollable(claims, channel);
    const isFirstFactor = (await findMfaDevicesByUser(db, claims.sub)).length === 0;
    await insertMfaDevice(db, {
      userId: claims.sub,
      type: channel,
      name: channel === 'sms' ? 'Phone' : 'Email',
      phoneNumber,
      now: clock.now(),
    });
    await audit(mfaAuditEvents.mfaEnrolled, meta, claims, channel === 'sms' ? 'sms' : 'email code');
    // A recovery code comes with the first factor only: a later one must not silently replace it.
    if (!isFirstFactor) return {};
    return { recoveryCode: await issueRecoveryCode(db, claims.sub, clock.now()) };
  };

  const remove = async (claims: AccessTokenClaims, device: MfaDeviceRow, meta: RequestMeta) => {
    await deleteMfaDevice(db, claims.sub, device.id);
    await audit(mfaAuditEvents.mfaDisabled, meta, claims, device.type === 'sms' ? 'sms' : 'email code');
  };

  // Issue 10: each start (the code, its audit row and its message) and each finish (the spent code,
  // the device added or removed, the recovery code and the audit row) is one transaction.
  return atomicMethods(
    db,
    [
      'startSmsEnrollment',
      'finishSmsEnrollment',
      'startSmsRemoval',
      'finishSmsRemoval',
      'startEmailEnrollment',
      'finishEmailEnrollment',
      'startEmailRemoval',
      'finishEmailRemoval',
    ],
    {
      /** POST /mfa/sms/enroll: texts a code to the number to prove. */
      async startSmsEnrollment(claims: AccessTokenClaims, phoneNumber: string, meta: RequestMeta) {
        await requireEnrollable(claims, 'sms');
        const otcToken = await send(claims, 'sms', 'enroll', { phoneNumber }, meta);
        return { otcToken, phoneNumber };
      },

      async finishSmsEnrollment(claims: AccessTokenClaims, proof: CodeProof, meta: RequestMeta) {
        const code = await checkCode(claims, proof, { channel: 'sms', deviceId: null }, meta);
        return enroll(claims, 'sms', code.phoneNumber, meta);
      },

      /** POST /mfa/sms/{deviceId}/disable: texts a code to the phone being removed. */
      async startSmsRemoval(claims: AccessTokenClaims, deviceId: string, meta: RequestMeta) {
        const device = await requireDevice(claims, 'sms', deviceId);
        const otcToken = await send(claims, 'sms', 'disable', { device }, meta);
        return { otcToken, phoneNumber: maskPhoneNumber(device.phoneNumber ?? '') };
      },

      async finishSmsRemoval(
        claims: AccessTokenClaims,
        deviceId: string,
        proof: CodeProof,
        meta: RequestMeta,
      ) {
        const device = await requireDevice(claims, 'sms', deviceId);
        await checkCode(claims, proof, { channel: 'sms', deviceId: device.id }, meta);
        await remove(claims, device, meta);
      },

      /** POST /mfa/emailcode/enroll: mails a code to the account's address. */
      async startEmailEnrollment(claims: AccessTokenClaims, meta: RequestMeta) {
        await requireEnrollable(claims, 'email');
        return { otcToken: await send(claims, 'email', 'enroll', {}, meta) };
      },

      async finishEmailEnrollment(claims: AccessTokenClaims, proof: CodeProof, meta: RequestMeta) {
        await checkCode(claims, proof, { channel: 'email', deviceId: null }, meta);
        return enroll(claims, 'email', null, meta);
      },

      /** POST /mfa/emailcode/disable: mails a code; typing it back removes email codes. */
      async startEmailRemoval(claims: AccessTokenClaims, meta: RequestMeta) {
        const device = await requireDevice(claims, 'email');
        return { otcToken: await send(claims, 'email', 'disable', { device }, meta) };
      },

      async finishEmailRemoval(claims: AccessTokenClaims, proof: CodeProof, meta: RequestMeta) {
        const device = await requireDevice(claims, 'email');
        await checkCode(claims, proof, { channel: 'email', deviceId: device.id }, meta);
        await remove(claims, device, meta);
      },
    },
  );
}

export type MfaSelfService = ReturnType<typeof createMfaSelfService>;
