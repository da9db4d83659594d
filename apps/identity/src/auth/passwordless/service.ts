import { randomInt } from 'node:crypto';
import { webPaths } from '@brizo/contract';
import type { Config } from '../../config.js';
import { refuse, type Db } from '../../db/client.js';
import type { SsoEnforcement } from '../../services/sso/enforcement.js';
import {
  consumePasswordlessToken,
  findPasswordlessCodeOwner,
  guessPasswordlessCode,
  issuePasswordlessCode,
} from '../../db/queries/passwordless-codes.js';
import { findUserByPhoneNumber, findUserClaimsByPhoneNumber } from '../../db/queries/passwordless-users.js';
import { findUserByUsername, findUserClaimsByUsername } from '../../db/queries/usernames.js';
import {
  findUserByEmail,
  findUserById,
  findUserClaimsByEmail,
  findUserClaimsById,
  updateUser,
  type UserClaimsRow,
  type UserRow,
} from '../../db/queries/users.js';
import type { PasswordlessType } from '../../db/schema/index.js';
import { appError, errorCatalogue } from '../../errors.js';
import { generateToken, hashToken } from '../../lib/secrets.js';
import { addSeconds, type Clock } from '../../lib/time.js';
import { recordAudit, type AuditEvent, type RequestMeta } from '../../services/audit.js';
import { mergeJsonObject, parseJsonObject } from '../../services/json-metadata.js';
import type { BackgroundTasks } from '../../services/background.js';
import type { Mailer } from '../../services/mail.js';
import type { RecipientPause } from '../../services/recipient-pause.js';
import type { MfaRequiredResponse, MfaService } from '../second-factor/service.js';
import type { LoginResponse } from '../../services/sessions.js';
import { normalizePhoneNumber, type SmsSender } from '../../services/sms.js';
import type { VendorSettings } from '../../services/vendor-settings.js';
import { signInCodeMail } from '../methods/email-code/message.js';
import { magicLinkMail } from '../methods/magic-link/message.js';
import { signInCodeSms } from '../methods/sms-code/message.js';

/** Codes and links die after 10 minutes (issue 3: "at most 10 minutes"). */
export const PASSWORDLESS_TTL_SECONDS = 10 * 60;
/** Wrong guesses a 6-digit code survives: 5 in 10^6 is a 1-in-200,000 chance per code. */
export const PASSWORDLESS_MAX_ATTEMPTS = 5;

export const passwordlessAuditEvents = {
  codeSent: { action: 'Passwordless sign-in code sent', severity: 'Info' },
  codeNotSent: { action: 'Passwordless sign-in requested for no eligible user', severity: 'Medium' },
  loginSucceeded: { action: 'User logged in with passwordless', severity: 'Info' },
  loginFailed: { action: 'User failed to log in with passwordless', severity: 'Medium' },
} satisfies Record<string, AuditEvent>;

/** Who asks to sign in: the SDK sends one of these, per the vendor's strategy. */
export interface PasswordlessIdentifier {
  email?: string | undefined;
  username?: string | undefined;
  phoneNumber?: string | undefined;
  /** Quick SMS login right after a phone sign-up identifies the user by id. */
  userId?: string | undefined;
}

export interface PasswordlessService {
  /** Sends a code or link when the user exists; answers the same when not (no enumeration). */
  preLogin(
    type: PasswordlessType,
    identifier: PasswordlessIdentifier,
    meta: RequestMeta,
  ): Promise<{ phoneNumber?: string }>;
  /**
   * Signs in with a mailed link's token, or with a code and the identifier it was sent for. A user
   * with a second factor (or a tenant that forces one) gets an MFA challenge, as after a password.
   */
  postLogin(
    type: PasswordlessType,
    input: PasswordlessIdentifier & { token: string },
    meta: RequestMeta,
    trustedDeviceToken?: string,
  ): Promise<LoginResponse | MfaRequiredResponse>;
}

/** The vendor strategies (SPEC section 4 "Login flow") under which each passwordless type is allowed. */
export const strategiesAllowing: Record<PasswordlessType, readonly string[]> = {
  MagicLink: ['MagicLink', 'UsernameAndMagicLink'],
  Code: ['Code', 'UsernameAndCode'],
  SmsCode: ['SmsCode', 'UsernameAndSms'],
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
/** A code is only unique per user: its hash is bound to the user so equal codes of two users differ. */
const codeHash = (userId: string, code: string) => hashToken(`${userId}:${code}`);

export function createPasswordlessService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  mfa: Pick<MfaService, 'startOrChallenge'>;
  vendorSettings: VendorSettings;
  background: BackgroundTasks;
  recipientPause: RecipientPause;
  /** Issue 13: a tenant enforcing SSO refuses its domains' mailed and texted codes. */
  ssoEnforcement?: SsoEnforcement;
}): PasswordlessService {
  const { db, config, clock, mailer, sms, mfa, vendorSettings } = deps;
  const validMinutes = PASSWORDLESS_TTL_SECONDS / 60;

  const requireStrategy = async (type: PasswordlessType) => {
    const vendor = await vendorSettings.get();
    // Users who signed up by phone number have no password: a texted code is how they sign in.
    const bySignUpPhone =
      type === 'SmsCode' &&
      vendor.signUpStrategies.some((item) => item.strategy === 'phoneNumber' && item.isActive);
    if (!strategiesAllowing[type].includes(vendor.mainAuthStrategy) && !bySignUpPhone) {
      throw appError(errorCatalogue.auth.strategyNotActive);
    }
    return vendor;
  };

  const usesUserId = (identifier: PasswordlessIdentifier): identifier is { userId: string } =>
    !identifier.email && !identifier.phoneNumber && UUID.test(identifier.userId ?? '');

  /** Pre-login: who to send to (a light read: the claims are only needed to sign in). */
  const findRecipient = async (identifier: PasswordlessIdentifier): Promise<UserRow | undefined> => {
    if (identifier.email) return findUserByEmail(db, identifier.email);
    if (identifier.phoneNumber)
      return findUserByPhoneNumber(db, normalizePhoneNumber(identifier.phoneNumber));
    if (usesUserId(identifier)) return findUserById(db, identifier.userId);
    if (identifier.username) return findUserByUsername(db, identifier.username);
    return undefined;
  };

  /** Post-login: the user with the token claims of its active tenant. */
  const findUser = async (identifier: PasswordlessIdentifier): Promise<UserClaimsRow | undefined> => {
    if (identifier.email) return findUserClaimsByEmail(db, identifier.email, clock.now());
    if (identifier.phoneNumber) {
      return findUserClaimsByPhoneNumber(db, normalizePhoneNumber(identifier.phoneNumber), clock.now());
    }
    if (identifier.username && !usesUserId(identifier))
      return findUserClaimsByUsername(db, identifier.username, clock.now());
    const user = usesUserId(identifier) ? await findUserById(db, identifier.userId) : undefined;
    return user && findUserClaimsById(db, user.id, user.activeTenantId, clock.now());
  };

  const audit = (
    event: AuditEvent,
    meta: RequestMeta,
    type: PasswordlessType,
    who: { userId?: string; email?: string | null; tenantId?: string | null },
    description: string,
  ) => recordAudit(db, event, meta, { ...who, description, json: { method: type } }, clock.now());

  const identifierOf = (identifier: PasswordlessIdentifier) =>
    identifier.email || identifier.phoneNumber || identifier.username || identifier.userId || null;

  /** Sends a new code or link, unless one went to this address within the recipient pause. */
  const send = async (type: PasswordlessType, user: UserRow): Promise<boolean> => {
    if (type === 'SmsCode' && !user.phoneNumber) return false;
    // Checked before issuing: a paused request leaves the code already sent valid.
    const address = type === 'SmsCode' ? user.phoneNumber : user.email;
    if (!address || !(await deps.recipientPause.take(address, 'sign-in'))) return false;
    const now = clock.now();
    const secret = type === 'MagicLink' ? generateToken() : newCode();
    await issuePasswordlessCode(db, {
      userId: user.id,
      type,
      codeHash: type === 'MagicLink' ? hashToken(secret) : codeHash(user.id, secret),
      now,
      expiresAt: addSeconds(now, PASSWORDLESS_TTL_SECONDS),
    });
    if (type === 'MagicLink') {
      const url = `${config.publicUrl}${webPaths.magicLink}?${new URLSearchParams({ token: secret }).toString()}`;
      await mailer.send(magicLinkMail(user, url, validMinutes));
    } else if (type === 'SmsCode' && user.phoneNumber) {
      await sms.send(signInCodeSms(user.phoneNumber, secret, validMinutes));
    } else {
      await mailer.send(signInCodeMail(user, secret, validMinutes));
    }
    return true;
  };

  /** Refused inside the sign-in's transaction (issue 10): the audit row is written after its rollback. */
  const refuseSignIn = (
    type: PasswordlessType,
    meta: RequestMeta,
    who: { userId?: string; email?: string | null; tenantId?: string | null },
    reason: string,
    answer: Parameters<typeof appError>[0],
    options: { keepWrites?: boolean } = {},
  ): Promise<never> =>
    refuse(async () => {
      await audit(passwordlessAuditEvents.loginFailed, meta, type, who, reason);
      throw appError(answer);
    }, options);

  const signIn = async (
    type: PasswordlessType,
    user: UserClaimsRow,
    options: { allowNotVerified: boolean; trustedDeviceToken: string | undefined },
    meta: RequestMeta,
  ): Promise<LoginResponse | MfaRequiredResponse> => {
    const who = { userId: user.id, email: user.email, tenantId: user.tenantId };
    if (user.isLocked) return refuseSignIn(type, meta, who, 'user locked', errorCatalogue.auth.userLocked);
    await deps.ssoEnforcement?.assertMayUseOtherMethods(user, meta, type);
    const vendorMetadata = parseJsonObject(user.vendorMetadata);
    const signedUpByPhone = vendorMetadata.signUpIdentifier === 'phoneNumber';
    if (type === 'SmsCode' && signedUpByPhone && vendorMetadata.activated === false) {
      // The code that finishes a phone sign-up (SPEC stage VerifyPhone) proves the account's identifier.
      await updateUser(db, user.id, {
        vendorMetadata: mergeJsonObject(user.vendorMetadata, { activated: true }),
      });
    }
    if (!user.verified) {
      // A mailed link or code proves the address; a text message proves only the phone.
      if (type !== 'SmsCode') await updateUser(db, user.id, { verified: true });
      else if (!options.allowNotVerified && !signedUpByPhone) {
        return refuseSignIn(type, meta, who, 'user not verified', errorCatalogue.auth.userNotVerified);
      }
    }
    return mfa.startOrChallenge(
      { ...user, verified: user.verified || type !== 'SmsCode' },
      meta,
      passwordlessAuditEvents.loginSucceeded,
      options.trustedDeviceToken,
    );
  };

  const signInWith = async (
    type: PasswordlessType,
    input: PasswordlessIdentifier & { token: string },
    meta: RequestMeta,
    trustedDeviceToken: string | undefined,
  ): Promise<LoginResponse | MfaRequiredResponse> => {
    const vendor = await requireStrategy(type);
    const options = { allowNotVerified: vendor.allowNotVerifiedUsersLogin, trustedDeviceToken };
    const now = clock.now();
    if (type === 'MagicLink') {
      const tokenHash = hashToken(input.token);
      const used = await consumePasswordlessToken(db, { type, codeHash: tokenHash, now });
      const row = used && (await findUserById(db, used.userId));
      const user = row && (await findUserClaimsById(db, row.id, row.activeTenantId, now));
      if (!user) {
        const ownerId = await findPasswordlessCodeOwner(db, { type, codeHash: tokenHash });
        const owner = ownerId ? await findUserById(db, ownerId) : undefined;
        return refuseSignIn(
          type,
          meta,
          { userId: owner?.id, email: owner?.email, tenantId: owner?.activeTenantId },
          owner ? 'used or expired magic link' : 'unknown magic link',
          errorCatalogue.passwordless.invalidLink,
          { keepWrites: true },
        );
      }
      return signIn(type, user, options, meta);
    }
    if (!identifierOf(input)) throw appError(errorCatalogue.passwordless.identifierRequired);
    const user = await findUser(input);
    const isRight =
      user !== undefined &&
      /^\d{6}$/.test(input.token) &&
      (await guessPasswordlessCode(db, {
        userId: user.id,
        type,
        codeHash: codeHash(user.id, input.token),
        now,
        maxAttempts: PASSWORDLESS_MAX_ATTEMPTS,
      }));
    if (!user || !isRight) {
      return refuseSignIn(
        type,
        meta,
        { userId: user?.id, email: user?.email ?? input.email, tenantId: user?.tenantId },
        user ? 'wrong, used or expired code' : `unknown user ${identifierOf(input)}`,
        errorCatalogue.passwordless.invalidCode,
        { keepWrites: true },
      );
    }
    return signIn(type, user, options, meta);
  };

  return {
    async preLogin(type, identifier, meta) {
      await requireStrategy(type);
      const typed = identifierOf(identifier);
      if (!typed) throw appError(errorCatalogue.passwordless.identifierRequired);
      // Issue 10: the answer goes before the lookup, so a known user answers as fast as an unknown one.
      // Keyed by what was typed: a quick SMS sign-in by userId waits for the sign-up that made it.
      deps.background.run(
        'passwordless code',
        // Issue 10: the code, its message and the audit row are one transaction (after the answer).
        () =>
          db.transaction(async () => {
            const user = await findRecipient(identifier);
            const sent = user ? await send(type, user) : false;
            await audit(
              sent ? passwordlessAuditEvents.codeSent : passwordlessAuditEvents.codeNotSent,
              meta,
              type,
              { userId: user?.id, email: user?.email ?? identifier.email, tenantId: user?.activeTenantId },
              sent ? '' : user ? 'not sent: resent too soon or no phone number' : `unknown user ${typed}`,
            );
          }),
        typed.trim().toLowerCase(),
      );
      // The same answer whether or not a code went out: only what the caller typed is echoed.
      return identifier.phoneNumber ? { phoneNumber: normalizePhoneNumber(identifier.phoneNumber) } : {};
    },

    async postLogin(type, input, meta, trustedDeviceToken) {
      // Issue 10: the spent code or link, the account's activation or verification, the session (or
      // the MFA challenge) and the audit rows are one transaction. A wrong guess stays counted, a
      // used link stays used: those refusals commit and are audited after the commit.
      return db.transaction(() => signInWith(type, input, meta, trustedDeviceToken));
    },
  };
}
