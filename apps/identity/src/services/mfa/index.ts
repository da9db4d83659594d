import type { MfaStrategy } from '@brizo/contract';
import type { Config } from '../../config.js';
import { atomicMethods, atomically, refuse, type Db } from '../../db/client.js';
import {
  claimTotpStep,
  consumeMfaChallenge,
  consumeMfaCode,
  consumeMfaRecoveryCode,
  deleteAllMfaOfUser,
  deleteMfaDevice,
  findLatestOpenMfaChallenge,
  findMfaDevicesByUser,
  findOpenMfaChallenge,
  findOpenMfaCode,
  insertMfaChallenge,
  insertMfaCode,
  insertMfaDevice,
  insertMfaTrustedDevice,
  isMfaTrustedDevice,
  recordMfaChallengeFailure,
  recordMfaCodeFailure,
  replaceMfaRecoveryCode,
  setMfaChallengePendingSecret,
  type MfaChallengeRow,
  type MfaDeviceRow,
} from '../../db/queries/mfa.js';
import {
  findUserByEmail,
  findUserById,
  findUserClaimsById,
  type UserClaimsRow,
} from '../../db/queries/users.js';
import type { MfaChallengePurpose } from '../../db/schema/index.js';
import { appError, errorCatalogue } from '../../errors.js';
import { generateToken, hashToken } from '../../lib/secrets.js';
import { addSeconds, type Clock } from '../../lib/time.js';
import { recordAudit, type AuditEvent, type RequestMeta } from '../audit.js';
import type { Mailer } from '../mail.js';
import { message } from '../mail-templates.js';
import type { LoginResponse, SessionService } from '../sessions.js';
import { isPhoneNumber, normalizePhoneNumber, type SmsSender } from '../sms.js';
import type { AccessTokenClaims } from '../tokens.js';
import { mfaAuditEvents } from './audit-events.js';
import { generateMfaCode, generateRecoveryCode, hashMfaCode, hashRecoveryCode, isMfaCode } from './codes.js';
import type { MfaPolicyService } from './policy.js';
import { authenticationClaims, type MfaMethod } from './step-up.js';
import { generateTotpSecret, matchTotpStep, totpProvisioningUri } from './totp.js';

/** The flows of createMfaService that write more than one row: each runs in one transaction. */
const atomicFlows = [
  'verifyAuthenticator',
  'enrollAuthenticator',
  'sendEmailCode',
  'verifyEmailCode',
  'preEnrollSms',
  'enrollSms',
  'sendSmsCode',
  'verifySmsCode',
  'recover',
  'finishAuthenticatorEnrollment',
  'disableAuthenticator',
  'generateStepUp',
] as const;

/** How long the mfaToken between the first and second factor lives. */
export const MFA_TOKEN_TTL_SECONDS = 10 * 60;
/** How long an emailed or texted code lives (the issue: at most 10 minutes). */
export const MFA_CODE_TTL_SECONDS = 5 * 60;
/** Wrong codes allowed per mfaToken (and per emailed/texted code) before it closes. */
export const MFA_MAX_ATTEMPTS = 5;

/** The SDK's UserMFADevicesResponse: one list per device type. */
export interface MfaDevicesView {
  webauthn: { id: string; deviceType: 'Platform' | 'CrossPlatform'; name: string }[];
  phones: { id: string; phoneNumber: string }[];
  authenticators: { id: string }[];
  emails: { email: string }[];
}

/** The password-login answer when a second factor is due (the SDK's isMfaRequired). */
export interface MfaRequiredResponse {
  tokenType: 'bearer';
  mfaRequired: true;
  mfaToken: string;
  mfaEnrolled: boolean;
  /** Enrolled users: the devices to choose from. */
  mfaDevices?: MfaDevicesView;
  /** Forced enrollment: the strategies the user may enroll. */
  mfaStrategies?: MfaStrategy[];
  /** Forced enrollment with an authenticator app: the otpauth:// URI to show as a QR code. */
  qrCode?: string;
  userId: string;
  userEmail: string;
  emailVerified: boolean;
}

/** A passed second factor: the session, maybe a recovery code, maybe a remembered-device cookie. */
export interface MfaCompletion {
  response: LoginResponse & { recoveryCode?: string };
  trustedDevice?: { token: string; maxAgeSeconds: number };
}

interface CodeVerification {
  mfaToken: string;
  otcToken: string;
  code: string;
  rememberDevice?: boolean;
}

export const maskPhoneNumber = (phoneNumber: string) =>
  phoneNumber.length <= 4 ? phoneNumber : `${'*'.repeat(phoneNumber.length - 4)}${phoneNumber.slice(-4)}`;

export function devicesView(devices: MfaDeviceRow[], email: string): MfaDevicesView {
  const view: MfaDevicesView = { webauthn: [], phones: [], authenticators: [], emails: [] };
  for (const device of devices) {
    if (device.type === 'authenticator') view.authenticators.push({ id: device.id });
    else if (device.type === 'sms')
      view.phones.push({ id: device.id, phoneNumber: maskPhoneNumber(device.phoneNumber ?? '') });
    else if (device.type === 'email') view.emails.push({ email });
    else if (device.type === 'webauthn')
      view.webauthn.push({
        id: device.id,
        deviceType: device.data.deviceType === 'Platform' ? 'Platform' : 'CrossPlatform',
        name: device.name,
      });
  }
  return view;
}

const codeMail = (to: string, code: string) =>
  message(to, 'Your Brizo FoodMetrics verification code', [
    `Your verification code is ${code}.`,
    `It expires in ${MFA_CODE_TTL_SECONDS / 60} minutes. If you did not try to sign in, change your password.`,
  ]);
const codeText = (code: string) =>
  `Your Brizo FoodMetrics verification code is ${code}. It expires in ${MFA_CODE_TTL_SECONDS / 60} minutes.`;

/**
 * Multi-factor authentication: the gate after a first factor, the second factors (authenticator
 * app, email code, SMS code; WebAuthn plugs in as another device type), recovery codes,
 * remembered devices and step-up. Every success and failure is audited.
 */
export function createMfaService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  sessions: SessionService;
  policies: MfaPolicyService;
}) {
  const { db, config, clock, sessions, policies } = deps;

  const audit = async (
    event: AuditEvent,
    meta: RequestMeta,
    who: { userId: string; tenantId?: string | null; email?: string },
    description: string,
  ) => {
    const email = who.email ?? (await findUserById(db, who.userId))?.email;
    await recordAudit(
      db,
      event,
      meta,
      { userId: who.userId, tenantId: who.tenantId ?? null, email, description },
      clock.now(),
    );
  };

  const openChallenge = async (
    mfaToken: string,
    purposes: MfaChallengePurpose[] = ['login', 'step-up'],
  ): Promise<MfaChallengeRow> => {
    const challenge = await findOpenMfaChallenge(db, hashToken(mfaToken), clock.now());
    if (!challenge || !purposes.includes(challenge.purpose))
      throw appError(errorCatalogue.mfa.invalidMfaToken);
    return challenge;
  };

  const issueChallenge = async (
    user: { id: string; tenantId: string | null },
    purpose: MfaChallengePurpose,
    pendingSecret: string | null = null,
  ): Promise<string> => {
    const mfaToken = generateToken();
    const now = clock.now();
    await insertMfaChallenge(db, {
      tokenHash: hashToken(mfaToken),
      userId: user.id,
      tenantId: user.tenantId,
      purpose,
      pendingSecret,
      now,
      expiresAt: addSeconds(now, MFA_TOKEN_TTL_SECONDS),
    });
    return mfaToken;
  };

  const rejectNow = async (challenge: MfaChallengeRow, meta: RequestMeta, reason: string): Promise<never> => {
    const failures = await recordMfaChallengeFailure(db, challenge.id, MFA_MAX_ATTEMPTS, clock.now());
    await audit(mfaAuditEvents.mfaFailed, meta, challenge, reason);
    throw appError(
      failures >= MFA_MAX_ATTEMPTS ? errorCatalogue.mfa.tooManyAttempts : errorCatalogue.mfa.invalidCode,
    );
  };

  /**
   * A wrong code: counted, audited; the mfaToken closes at MFA_MAX_ATTEMPTS. Inside a flow's
   * transaction (issue 10) the count and the audit row are written after its rollback.
   */
  const reject = (challenge: MfaChallengeRow, meta: RequestMeta, reason: string): Promise<never> =>
    refuse(() => rejectNow(challenge, meta, reason));

  const requireActiveStrategy = async (strategy: MfaStrategy) => {
    if (!(await policies.activeStrategies()).includes(strategy))
      throw appError(errorCatalogue.mfa.strategyNotActive);
  };

  /** Enrollment during login is for users with no factor yet: a password alone must not add one. */
  const requireNotEnrolled = async (challenge: MfaChallengeRow) => {
    if (challenge.purpose !== 'login') throw appError(errorCatalogue.mfa.invalidMfaToken);
    if ((await findMfaDevicesByUser(db, challenge.userId)).length > 0)
      throw appError(errorCatalogue.mfa.alreadyEnrolled);
  };

  const newRecoveryCode = async (userId: string): Promise<string> => {
    const recoveryCode = generateRecoveryCode();
    await replaceMfaRecoveryCode(db, userId, hashRecoveryCode(recoveryCode), clock.now());
    return recoveryCode;
  };

  /** The second factor passed: the mfaToken is spent and the session starts. */
  const complete = async (
    challenge: MfaChallengeRow,
    meta: RequestMeta,
    method: MfaMethod,
    options: { rememberDevice?: boolean; recoveryCode?: string } = {},
  ): Promise<MfaCompletion> => {
    const now = clock.now();
    if (!(await consumeMfaChallenge(db, challenge.id, now)))
      throw appError(errorCatalogue.mfa.invalidMfaToken);
    const user = await findUserClaimsById(db, challenge.userId, challenge.tenantId, now);
    if (!user || user.isLocked) {
      return refuse(async () => {
        await audit(mfaAuditEvents.mfaFailed, meta, challenge, user ? 'user locked' : 'user deleted');
        throw appError(user ? errorCatalogue.auth.userLocked : errorCatalogue.mfa.invalidMfaToken);
      });
    }
    const event =
      challenge.purpose === 'step-up' ? mfaAuditEvents.stepUpSucceeded : mfaAuditEvents.mfaSucceeded;
    const response = await sessions.start(user, meta, event, authenticationClaims(method, now));

    let trustedDevice: MfaCompletion['trustedDevice'];
    const policy = await policies.forTenant(challenge.tenantId);
    if (options.rememberDevice && policy.allowRememberMyDevice && policy.mfaDeviceExpiration > 0) {
      const token = generateToken();
      await insertMfaTrustedDevice(db, {
        userId: user.id,
        tokenHash: hashToken(token),
        now,
        expiresAt: addSeconds(now, policy.mfaDeviceExpiration),
      });
      trustedDevice = { token, maxAgeSeconds: policy.mfaDeviceExpiration };
    }
    return {
      response: options.recoveryCode ? { ...response, recoveryCode: options.recoveryCode } : response,
      trustedDevice,
    };
  };

  const sendCode = async (
    channel: 'email' | 'sms',
    target: { userId: string; email: string; phoneNumber?: string; deviceId?: string },
    challengeId: string | null,
  ): Promise<{ otcToken: string; deliver: () => Promise<void> }> => {
    const otcToken = generateToken();
    const code = generateMfaCode();
    const now = clock.now();
    await insertMfaCode(db, {
      otcTokenHash: hashToken(otcToken),
      codeHash: hashMfaCode(otcToken, code),
      userId: target.userId,
      challengeId,
      channel,
      phoneNumber: target.phoneNumber ?? null,
      deviceId: target.deviceId ?? null,
      now,
      expiresAt: addSeconds(now, MFA_CODE_TTL_SECONDS),
    });
    return {
      otcToken,
      // Sent last, after the audit row (issue 10): a failed write before it sends nothing.
      deliver: () =>
        channel === 'email'
          ? deps.mailer.send(codeMail(target.email, code))
          : deps.sms.send({ to: target.phoneNumber ?? '', text: codeText(code) }),
    };
  };

  /** Checks an emailed/texted code of this challenge; a wrong one counts against both. */
  const checkCode = async (challenge: MfaChallengeRow, input: CodeVerification, meta: RequestMeta) => {
    const now = clock.now();
    const code = await findOpenMfaCode(db, hashToken(input.otcToken), now);
    if (!code || code.challengeId !== challenge.id) return reject(challenge, meta, 'unknown or expired code');
    if (!isMfaCode(input.code) || code.codeHash !== hashMfaCode(input.otcToken, input.code)) {
      return refuse(async () => {
        await recordMfaCodeFailure(db, code.id, MFA_MAX_ATTEMPTS, now);
        return rejectNow(challenge, meta, `wrong ${code.channel} code`);
      });
    }
    if (!(await consumeMfaCode(db, code.id, now))) return reject(challenge, meta, 'code already used');
    return code;
  };

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

  const loginView = (user: UserClaimsRow) => ({
    tokenType: 'bearer' as const,
    mfaRequired: true as const,
    userId: user.id,
    userEmail: user.email,
    emailVerified: user.verified,
  });

  /**
   * After a proven first factor: a session, unless the user has MFA (and this device is not
   * remembered) or the tenant's policy forces MFA, in which case the answer is an mfaToken.
   */
  const startOrChallenge = async (
    user: UserClaimsRow,
    meta: RequestMeta,
    event: AuditEvent,
    trustedDeviceToken: string | undefined,
  ): Promise<LoginResponse | MfaRequiredResponse> => {
    const [devices, policy] = await Promise.all([
      findMfaDevicesByUser(db, user.id),
      policies.forTenant(user.tenantId),
    ]);
    const enrolled = devices.length > 0;
    if (!enrolled && policy.enforceMFAType === 'DontForce') return sessions.start(user, meta, event);

    if (enrolled && trustedDeviceToken && policy.allowRememberMyDevice) {
      const now = clock.now();
      const remembered = await isMfaTrustedDevice(db, {
        userId: user.id,
        tokenHash: hashToken(trustedDeviceToken),
        now,
      });
      if (remembered) {
        await audit(mfaAuditEvents.mfaSkippedRememberedDevice, meta, { ...user, userId: user.id }, '');
        return sessions.start(user, meta, event);
      }
    }

    if (enrolled) {
      const mfaToken = await issueChallenge(user, 'login');
      await audit(mfaAuditEvents.mfaRequired, meta, { ...user, userId: user.id }, 'enrolled');
      return {
        ...loginView(user),
        mfaToken,
        mfaEnrolled: true,
        mfaDevices: devicesView(devices, user.email),
      };
    }
    const mfaStrategies = (await policies.activeStrategies()).filter((strategy) =>
      (
        [
          'AuthenticatorApp',
          'SMS',
          'EmailCode',
          // services/webauthn/mfa-webauthn.ts
          'WebAuthnPlatform',
          'WebAuthnCrossPlatform',
        ] as MfaStrategy[]
      ).includes(strategy),
    );
    const secret = mfaStrategies.includes('AuthenticatorApp') ? generateTotpSecret() : null;
    const mfaToken = await issueChallenge(user, 'login', secret);
    await audit(
      mfaAuditEvents.mfaRequired,
      meta,
      { ...user, userId: user.id },
      'enrollment forced by policy',
    );
    return {
      ...loginView(user),
      mfaToken,
      mfaEnrolled: false,
      mfaStrategies,
      ...(secret ? { qrCode: totpProvisioningUri(secret, user.email) } : {}),
    };
  };

  // Issue 10: each second factor's success path (the spent token or code, the device, the recovery
  // code, the session and the audit rows) is one transaction; refusals are recorded after its rollback.
  return atomicMethods(db, atomicFlows, {
    cookieName: `fe_mfa_device_${config.clientId.replaceAll('-', '')}`,
    cookieOptions: (maxAgeSeconds: number) => ({
      httpOnly: true as const,
      sameSite: 'lax' as const,
      path: '/',
      secure: config.publicUrl.startsWith('https:'),
      maxAge: maxAgeSeconds,
    }),

    /**
     * The gate's building blocks, for a second factor kept in its own module (WebAuthn:
     * services/webauthn/mfa-webauthn.ts): the same mfaToken, attempt counting, enrollment rules,
     * recovery code, audit and session start as the factors here.
     */
    factors: {
      openChallenge,
      requireNotEnrolled,
      requireActiveStrategy,
      reject,
      rejectNow,
      complete,
      newRecoveryCode,
      audit,
    },

    /**
     * After a proven first factor: a session, unless the user has MFA (and this device is not
     * remembered) or the tenant's policy forces MFA, in which case the answer is an mfaToken.
     */
    async startOrChallenge(
      user: UserClaimsRow,
      meta: RequestMeta,
      event: AuditEvent,
      trustedDeviceToken: string | undefined,
    ): Promise<LoginResponse | MfaRequiredResponse> {
      // Issue 10: the session (or the challenge) and its audit rows, in the caller's transaction if any.
      return atomically(db, () => startOrChallenge(user, meta, event, trustedDeviceToken));
    },

    /** GET mfa-policy/allow-remember-device: may this login offer "remember this device"? */
    async rememberDeviceOffer(mfaToken: string) {
      const challenge = await openChallenge(mfaToken);
      const policy = await policies.forTenant(challenge.tenantId);
      return {
        isAllowedToRemember: policy.allowRememberMyDevice,
        mfaDeviceExpiration: policy.mfaDeviceExpiration,
      };
    },

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

    async devices(claims: AccessTokenClaims): Promise<MfaDevicesView> {
      return devicesView(await findMfaDevicesByUser(db, claims.sub), claims.email);
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

    /** POST /user/step-up/generate: an mfaToken for the signed-in user's enrolled devices. */
    async generateStepUp(claims: AccessTokenClaims, meta: RequestMeta) {
      const devices = await findMfaDevicesByUser(db, claims.sub);
      if (devices.length === 0) throw appError(errorCatalogue.mfa.notEnrolled);
      const mfaToken = await issueChallenge({ id: claims.sub, tenantId: claims.tenantId }, 'step-up');
      await audit(
        mfaAuditEvents.stepUpStarted,
        meta,
        { userId: claims.sub, tenantId: claims.tenantId, email: claims.email },
        '',
      );
      return { mfaToken, mfaDevices: devicesView(devices, claims.email) };
    },
  });
}

export type MfaService = ReturnType<typeof createMfaService>;
