import type { MfaStrategy } from '@brizo/contract';
import type { Config } from '../../config.js';
import { atomicMethods, atomically, refuse, type Db } from '../../db/client.js';
import {
  consumeMfaChallenge,
  consumeMfaCode,
  findMfaDevicesByUser,
  findOpenMfaChallenge,
  findOpenMfaCode,
  insertMfaChallenge,
  insertMfaCode,
  insertMfaTrustedDevice,
  isMfaTrustedDevice,
  recordMfaChallengeFailure,
  recordMfaCodeFailure,
  type MfaChallengeRow,
  type MfaDeviceRow,
} from '../../db/queries/mfa.js';
import { findUserById, findUserClaimsById, type UserClaimsRow } from '../../db/queries/users.js';
import type { MfaChallengePurpose } from '../../db/schema/index.js';
import { appError, errorCatalogue } from '../../errors.js';
import { generateToken, hashToken } from '../../lib/secrets.js';
import { addSeconds, type Clock } from '../../lib/time.js';
import { recordAudit, type AuditEvent, type RequestMeta } from '../../services/audit.js';
import type { Mailer } from '../../services/mail.js';
import { message } from '../../services/mail-templates.js';
import type { LoginResponse, SessionService } from '../../services/sessions.js';
import type { SmsSender } from '../../services/sms.js';
import type { AccessTokenClaims } from '../../services/tokens.js';
import { mfaAuditEvents } from './audit-events.js';
import { issueRecoveryCode } from '../methods/recovery-codes/codes.js';
import { generateMfaCode, hashMfaCode, isMfaCode } from './codes.js';
import type { MfaPolicyService } from './policy.js';
import { authenticationClaims, type MfaMethod } from './step-up.js';
import { generateTotpSecret, totpProvisioningUri } from '../methods/totp/totp.js';

/** The flows of createMfaService that write more than one row: each runs in one transaction. */
const atomicFlows = ['generateStepUp'] as const;

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

/** An emailed or texted code of a login or step-up, with the mfaToken and otcToken it belongs to. */
export interface CodeVerification {
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
 * Multi-factor authentication: the gate after a first factor (an mfaToken, or a session), and what
 * every second factor builds on (`factors`: the mfaToken's checks and attempt count, enrollment rules,
 * emailed and texted codes, the recovery code, the session start, remembered devices, audit), and
 * step-up. Each factor is a method of its own (auth/methods/<method>/service.ts).
 */
export function createMfaService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  sessions: SessionService;
  policies: MfaPolicyService;
  /** The strategies the second-factor methods bring (auth/methods/index.ts): a forced enrollment offers them. */
  secondFactorStrategies: readonly MfaStrategy[];
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

  const newRecoveryCode = (userId: string): Promise<string> => issueRecoveryCode(db, userId, clock.now());

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
   * Issue 10: the session (or the challenge) and its audit rows are one transaction, the caller's if it
   * has one. Issue 17: each answer opens its own only when it writes more than once; a session start
   * without a second factor is one statement (services/sessions.ts), atomic by itself.
   */
  const startOrChallenge = async (
    user: UserClaimsRow & { mfaEnrolled?: boolean },
    meta: RequestMeta,
    event: AuditEvent,
    trustedDeviceToken: string | undefined,
  ): Promise<LoginResponse | MfaRequiredResponse> => {
    const [devices, policy] = await Promise.all([
      // A password login read the enrollment with the user (issue 17): with none, there is nothing to read.
      user.mfaEnrolled === false ? [] : findMfaDevicesByUser(db, user.id),
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
        return atomically(db, async () => {
          await audit(mfaAuditEvents.mfaSkippedRememberedDevice, meta, { ...user, userId: user.id }, '');
          return sessions.start(user, meta, event);
        });
      }
    }

    if (enrolled) {
      const mfaToken = await atomically(db, async () => {
        const token = await issueChallenge(user, 'login');
        await audit(mfaAuditEvents.mfaRequired, meta, { ...user, userId: user.id }, 'enrolled');
        return token;
      });
      return {
        ...loginView(user),
        mfaToken,
        mfaEnrolled: true,
        mfaDevices: devicesView(devices, user.email),
      };
    }
    const mfaStrategies = (await policies.activeStrategies()).filter((strategy) =>
      deps.secondFactorStrategies.includes(strategy),
    );
    const secret = mfaStrategies.includes('AuthenticatorApp') ? generateTotpSecret() : null;
    const mfaToken = await atomically(db, async () => {
      const token = await issueChallenge(user, 'login', secret);
      await audit(
        mfaAuditEvents.mfaRequired,
        meta,
        { ...user, userId: user.id },
        'enrollment forced by policy',
      );
      return token;
    });
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
     * The gate's building blocks, for the second factors (auth/methods/<method>/service.ts): the same mfaToken, attempt counting, enrollment rules,
     * recovery code, audit and session start as the factors here.
     */
    factors: {
      openChallenge,
      issueChallenge,
      sendCode,
      checkCode,
      requireNotEnrolled,
      requireActiveStrategy,
      reject,
      rejectNow,
      complete,
      newRecoveryCode,
      audit,
    },

    startOrChallenge,

    /** GET mfa-policy/allow-remember-device: may this login offer "remember this device"? */
    async rememberDeviceOffer(mfaToken: string) {
      const challenge = await openChallenge(mfaToken);
      const policy = await policies.forTenant(challenge.tenantId);
      return {
        isAllowedToRemember: policy.allowRememberMyDevice,
        mfaDeviceExpiration: policy.mfaDeviceExpiration,
      };
    },

    async devices(claims: AccessTokenClaims): Promise<MfaDevicesView> {
      return devicesView(await findMfaDevicesByUser(db, claims.sub), claims.email);
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
