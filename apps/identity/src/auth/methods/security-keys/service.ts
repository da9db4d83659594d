// Security keys and platform authenticators as a second factor (MFA strategies WebAuthnPlatform
// and WebAuthnCrossPlatform): enrolled during a forced login, verified at login and step-up. It
// plugs into the MFA gate (auth/second-factor): the same mfaToken, attempt limits, recovery code,
// remembered device and session start as the other factors.
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';
import type { MfaStrategy } from '@brizo/contract';
import { atomicMethods, refuse, refusing, type Db } from '../../../db/client.js';
import {
  deleteMfaDevice,
  findMfaDevicesByUser,
  insertMfaDevice,
  type MfaDeviceRow,
} from '../../../db/queries/mfa.js';
import { recordMfaWebAuthnUse } from '../../../db/queries/mfa-webauthn-devices.js';
import { findUserById } from '../../../db/queries/users.js';
import type { MfaChallengeRow } from '../../../db/queries/mfa.js';
import type { WebAuthnDeviceType } from '@brizo/contract';
import { AppError, appError, errorCatalogue } from '../../../errors.js';
import type { Clock } from '../../../lib/time.js';
import type { RequestMeta } from '../../../services/audit.js';
import { mfaAuditEvents } from '../../second-factor/audit-events.js';
import type { MfaCompletion, MfaService } from '../../second-factor/service.js';
import type { MfaPolicyService } from '../../second-factor/policy.js';
import type {
  AssertionInput,
  AttestationInput,
  StoredCredential,
  WebAuthnCeremonies,
} from '../../webauthn/ceremonies.js';

/** What a 'webauthn' MFA device keeps in mfa_devices.data. */
const credentialData = z.object({
  credentialId: z.string(),
  publicKey: z.string(),
  counter: z.number().int().nonnegative().default(0),
  transports: z.array(z.string()).default([]),
  deviceType: z.enum(['Platform', 'CrossPlatform']),
});

const strategyOf: Record<WebAuthnDeviceType, MfaStrategy> = {
  Platform: 'WebAuthnPlatform',
  CrossPlatform: 'WebAuthnCrossPlatform',
};

const deviceNames: Record<WebAuthnDeviceType, string> = {
  Platform: 'This device',
  CrossPlatform: 'Security key',
};

interface WebAuthnDevice extends StoredCredential {
  id: string;
  deviceType: WebAuthnDeviceType;
}

export function asWebAuthnDevice(row: MfaDeviceRow): WebAuthnDevice | undefined {
  if (row.type !== 'webauthn') return undefined;
  const data = credentialData.safeParse(row.data);
  return data.success ? { id: row.id, ...data.data } : undefined;
}

/** The signed-in user acting, from the access token. */
export interface Caller {
  id: string;
  email: string;
  tenantId: string | null;
}

export interface MfaWebAuthnService {
  /** Forced enrollment during login: creation options (webauthnToken names the ceremony). */
  enrollmentOptions(
    mfaToken: string,
  ): Promise<{ webauthnToken: string; options: PublicKeyCredentialCreationOptionsJSON }>;
  enroll(
    input: {
      mfaToken: string;
      webauthnToken: string;
      deviceType: WebAuthnDeviceType;
      options: AttestationInput;
      rememberDevice?: boolean;
    },
    meta: RequestMeta,
  ): Promise<MfaCompletion>;
  /** Login or step-up: request options for one enrolled key. */
  verificationOptions(
    deviceId: string,
    mfaToken: string,
  ): Promise<{ webauthnToken: string; options: PublicKeyCredentialRequestOptionsJSON }>;
  verify(
    deviceId: string,
    input: { mfaToken: string; webauthnToken: string; options: AssertionInput; rememberDevice?: boolean },
    meta: RequestMeta,
  ): Promise<MfaCompletion>;
  /** A signed-in user adds a key (profile); the first factor of an account comes with a recovery code. */
  startEnrollment(
    caller: Caller,
  ): Promise<{ webauthnToken: string; options: PublicKeyCredentialCreationOptionsJSON }>;
  finishEnrollment(
    caller: Caller,
    input: { webauthnToken: string; deviceType: WebAuthnDeviceType; options: AttestationInput },
    meta: RequestMeta,
  ): Promise<{ recoveryCode?: string }>;
  /** A signed-in user removes a key, proving it is at hand with one more assertion. */
  disableOptions(
    caller: Caller,
    deviceId: string,
  ): Promise<{ webauthnToken: string; options: PublicKeyCredentialRequestOptionsJSON }>;
  disable(
    caller: Caller,
    deviceId: string,
    input: { webauthnToken: string; options: AssertionInput },
    meta: RequestMeta,
  ): Promise<void>;
}

export function createMfaWebAuthnService(deps: {
  db: Db;
  clock: Clock;
  ceremonies: WebAuthnCeremonies;
  mfa: MfaService;
  policies: MfaPolicyService;
}): MfaWebAuthnService {
  const { db, clock, ceremonies } = deps;
  const { factors } = deps.mfa;

  const devicesOf = async (userId: string) =>
    (await findMfaDevicesByUser(db, userId)).flatMap((row) => asWebAuthnDevice(row) ?? []);

  const activeWebAuthnStrategies = async () =>
    (await deps.policies.activeStrategies()).filter(
      (strategy) => strategy === 'WebAuthnPlatform' || strategy === 'WebAuthnCrossPlatform',
    );

  /**
   * Runs a ceremony check; a failed one counts as a wrong code against the mfaToken (and closes
   * it after the limit), like the other factors. The mfaToken's own errors pass through.
   */
  const counted = async <T>(challenge: MfaChallengeRow, meta: RequestMeta, check: () => Promise<T>) => {
    try {
      return await check();
    } catch (error) {
      // Inside the flow's transaction (issue 10): counted after it, with the challenge kept spent.
      if (error instanceof AppError && error.errorCode.startsWith('ER-WEBAUTHN-'))
        return refuse(() => factors.rejectNow(challenge, meta, `security key: ${error.message}`), {
          keepWrites: true,
        });
      throw error;
    }
  };

  const creationOptions = async (userId: string) => {
    const active = await activeWebAuthnStrategies();
    if (active.length === 0) throw appError(errorCatalogue.mfa.strategyNotActive);
    const user = await findUserById(db, userId);
    if (!user) throw appError(errorCatalogue.mfa.invalidMfaToken);
    const options = await ceremonies.registrationOptions({
      ceremony: 'mfa-enrollment',
      user,
      exclude: await devicesOf(userId),
      residentKey: 'discouraged',
    });
    // Only one kind allowed: ask the browser for that kind of authenticator.
    if (active.length === 1 && options.authenticatorSelection)
      options.authenticatorSelection.authenticatorAttachment =
        active[0] === 'WebAuthnPlatform' ? 'platform' : 'cross-platform';
    return { webauthnToken: options.challenge, options };
  };

  /** Verifies a new key against the ceremony issued to `userId`, and keeps it as an MFA device. */
  const addKey = async (
    userId: string,
    input: { webauthnToken: string; deviceType: WebAuthnDeviceType; options: AttestationInput },
  ) => {
    const ceremony = await ceremonies.consumeChallenge(
      'mfa-enrollment',
      input.options.response.clientDataJSON,
    );
    if (ceremony.challenge !== input.webauthnToken || ceremony.userId !== userId)
      throw appError(errorCatalogue.webauthn.challengeInvalid);
    const credential = await ceremonies.verifyRegistration(
      { ...input.options, deviceType: input.deviceType },
      ceremony,
      errorCatalogue.webauthn.registrationFailed,
    );
    await factors.requireActiveStrategy(strategyOf[credential.deviceType]);
    if ((await devicesOf(userId)).some((device) => device.credentialId === credential.credentialId))
      throw appError(errorCatalogue.webauthn.alreadyRegistered);
    await insertMfaDevice(db, {
      userId,
      type: 'webauthn',
      name: deviceNames[credential.deviceType],
      data: {
        credentialId: credential.credentialId,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports,
        deviceType: credential.deviceType,
        aaguid: credential.aaguid,
      },
      now: clock.now(),
    });
    return credential;
  };

  const requestOptions = async (userId: string, deviceId: string) => {
    const device = (await devicesOf(userId)).find((candidate) => candidate.id === deviceId);
    if (!device) throw appError(errorCatalogue.mfa.deviceNotFound);
    const options = await ceremonies.authenticationOptions({
      ceremony: 'mfa-verification',
      userId,
      deviceId: device.id,
      allow: [device],
    });
    return { webauthnToken: options.challenge, options };
  };

  /** Verifies an assertion of the user's key against the ceremony issued for it, and records the use. */
  const proveKey = async (
    userId: string,
    deviceId: string,
    input: { webauthnToken: string; options: AssertionInput },
  ) => {
    const device = (await devicesOf(userId)).find((candidate) => candidate.id === deviceId);
    if (!device) throw appError(errorCatalogue.mfa.deviceNotFound);
    const ceremony = await ceremonies.consumeChallenge(
      'mfa-verification',
      input.options.response.clientDataJSON,
    );
    if (
      ceremony.challenge !== input.webauthnToken ||
      ceremony.userId !== userId ||
      ceremony.deviceId !== device.id ||
      input.options.id !== device.credentialId
    )
      throw appError(errorCatalogue.webauthn.authenticationFailed);
    const { counter } = await ceremonies.verifyAuthentication(input.options, ceremony, device);
    const recorded = await recordMfaWebAuthnUse(db, {
      deviceId: device.id,
      userId,
      counter,
      lastUsedAt: clock.now(),
    });
    // A concurrent use with a higher counter won: this assertion is a replay or a clone.
    if (!recorded) throw appError(errorCatalogue.webauthn.authenticationFailed);
  };

  /** A signed-in user's failed key ceremony: audited, then answered. */
  const auditedFailure = async <T>(caller: Caller, meta: RequestMeta, what: string, run: () => Promise<T>) =>
    refusing(
      run,
      (error) =>
        factors.audit(
          mfaAuditEvents.mfaFailed,
          meta,
          { userId: caller.id, email: caller.email, tenantId: caller.tenantId },
          `security key ${what}: ${error instanceof Error ? error.message : 'failed'}`,
        ),
      { keepWrites: (error) => error instanceof AppError },
    );

  // Issue 10: each ceremony's success path (the spent challenge, the key added, used or removed, the
  // recovery code, the session and the audit rows) is one transaction; refusals are audited after it.
  return atomicMethods(db, ['enroll', 'verify', 'finishEnrollment', 'disable'], {
    async enrollmentOptions(mfaToken) {
      const challenge = await factors.openChallenge(mfaToken, ['login']);
      await factors.requireNotEnrolled(challenge);
      return creationOptions(challenge.userId);
    },

    async enroll(input, meta) {
      const challenge = await factors.openChallenge(input.mfaToken, ['login']);
      await factors.requireNotEnrolled(challenge);
      const credential = await counted(challenge, meta, () => addKey(challenge.userId, input));
      const recoveryCode = await factors.newRecoveryCode(challenge.userId);
      await factors.audit(mfaAuditEvents.mfaEnrolled, meta, challenge, deviceNames[credential.deviceType]);
      return factors.complete(challenge, meta, 'webauthn', { ...input, recoveryCode });
    },

    async verificationOptions(deviceId, mfaToken) {
      const challenge = await factors.openChallenge(mfaToken);
      return requestOptions(challenge.userId, deviceId);
    },

    async verify(deviceId, input, meta) {
      const challenge = await factors.openChallenge(input.mfaToken);
      await counted(challenge, meta, () => proveKey(challenge.userId, deviceId, input));
      return factors.complete(challenge, meta, 'webauthn', input);
    },

    async startEnrollment(caller) {
      return creationOptions(caller.id);
    },

    async finishEnrollment(caller, input, meta) {
      const firstFactor = (await findMfaDevicesByUser(db, caller.id)).length === 0;
      const credential = await auditedFailure(caller, meta, 'enrollment', () => addKey(caller.id, input));
      const who = { userId: caller.id, email: caller.email, tenantId: caller.tenantId };
      await factors.audit(mfaAuditEvents.mfaEnrolled, meta, who, deviceNames[credential.deviceType]);
      // The account's first factor comes with its recovery code; later keys keep the one the user saved.
      return firstFactor ? { recoveryCode: await factors.newRecoveryCode(caller.id) } : {};
    },

    async disableOptions(caller, deviceId) {
      return requestOptions(caller.id, deviceId);
    },

    async disable(caller, deviceId, input, meta) {
      await auditedFailure(caller, meta, 'removal', () => proveKey(caller.id, deviceId, input));
      await deleteMfaDevice(db, caller.id, deviceId);
      const who = { userId: caller.id, email: caller.email, tenantId: caller.tenantId };
      await factors.audit(mfaAuditEvents.mfaDisabled, meta, who, 'security key');
    },
  });
}
