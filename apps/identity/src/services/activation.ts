import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { randomInt } from 'node:crypto';
import {
  consumeOneTimeToken,
  guessOneTimeTokenCode,
  setOneTimeTokenCode,
  type OneTimeTokenRow,
} from '../db/queries/one-time-tokens.js';
import {
  findUserByEmail,
  findUserById,
  findUserClaimsById,
  updateUser,
  type UserRow,
} from '../db/queries/users.js';
import { appError, errorCatalogue } from '../errors.js';
import { hashToken } from '../lib/secrets.js';
import { addDays, addSeconds, type Clock } from '../lib/time.js';
import { auditEvents, recordAudit, type RequestMeta } from './audit.js';
import { activationCodeUrl, activationUrl } from './links.js';
import type { BackgroundTasks } from './background.js';
import type { Mailer } from './mail.js';
import type { RecipientPause } from './recipient-pause.js';
import {
  activationCodeMail,
  activationMail,
  newUserInvitationMail,
  type InvitationContext,
} from './mail-templates.js';

/** Who invites, into which account: what an invited person's activation mail names. */
export type InvitationSender = Omit<InvitationContext, 'validDays'>;
import { assertAcceptablePassword, type PasswordHasher } from '../auth/methods/password/passwords.js';
import type { MfaRequiredResponse, MfaService } from '../auth/second-factor/service.js';
import type { LoginResponse, SessionService } from './sessions.js';
import { mergeJsonObject } from './json-metadata.js';
import { findUsableToken, issueOneTimeToken } from './one-time-tokens.js';
import type { VendorSettings } from './vendor-settings.js';

export const ACTIVATION_TOKEN_TTL_DAYS = 7;
/** A mailed activation code lives 10 minutes (issue 3: one-time codes expire within 10 minutes). */
export const ACTIVATION_CODE_TTL_SECONDS = 10 * 60;
/** Wrong guesses a code survives before a new one must be sent. */
export const ACTIVATION_CODE_MAX_ATTEMPTS = 5;

const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
/** Bound to the token, so equal codes of two sign-ups hash differently. */
const codeHash = (tokenId: string, code: string) => hashToken(`${tokenId}:${code}`);

type ActivationInput = { userId: string; token: string; password?: string | undefined };

export interface ActivationService {
  /**
   * Issues a fresh activation token (older ones stop working) and mails a link to it, or, when the
   * vendor activates by code, a code; then the token (the `activationToken` of the sign-up answer)
   * only opens /account/activate/code and activates nothing without the code.
   */
  /** `token`: one the caller already answered with (a sign-up answers before its work, issue 10). */
  sendActivationMail(
    user: Pick<UserRow, 'id' | 'email' | 'name'>,
    token?: string,
    /** An invited person's activation: the mail is the invitation, naming inviter and account. */
    invitation?: InvitationSender,
  ): Promise<{ activationToken?: string }>;
  strategy(query: { userId: string; token: string }): Promise<{ shouldSetPassword: boolean }>;
  activate(input: ActivationInput, meta: RequestMeta): Promise<LoginResponse | MfaRequiredResponse>;
  /** Activation by code: the token of the sign-up answer plus the mailed code. */
  activateWithCode(
    input: ActivationInput & { code: string },
    meta: RequestMeta,
  ): Promise<LoginResponse | MfaRequiredResponse>;
  /** Same answer whether or not the email exists or is already active. */
  resend(email: string, meta: RequestMeta): Promise<void>;
  /** The code page's resend: a new code for the same token (same answer for an unknown token). */
  resendCode(query: { userId: string; token: string }, meta: RequestMeta): Promise<void>;
}

export function createActivationService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  passwords: PasswordHasher;
  sessions: SessionService;
  vendorSettings: VendorSettings;
  /** When the tenant's MFA policy forces MFA, activation answers the MFA challenge (SPEC: go to login). */
  mfa: MfaService;
  background: BackgroundTasks;
  recipientPause: RecipientPause;
}): ActivationService {
  const { db, config, clock } = deps;

  const findValidToken = async (userId: string, token: string) => {
    const row = await findUsableToken(db, { userId, purpose: 'activation', token, now: clock.now() });
    const user = row ? await findUserById(db, userId) : undefined;
    return row && user ? { row, user } : undefined;
  };

  const mailCode = async (
    user: Pick<UserRow, 'id' | 'email' | 'name'>,
    tokenId: string,
    token: string,
    invitation?: InvitationSender,
  ) => {
    const code = newCode();
    const now = clock.now();
    await setOneTimeTokenCode(db, tokenId, {
      codeHash: codeHash(tokenId, code),
      expiresAt: addSeconds(now, ACTIVATION_CODE_TTL_SECONDS),
    });
    const pageUrl = activationCodeUrl(config, user.id, token);
    await deps.mailer.send(
      invitation
        ? newUserInvitationMail(user, {
            ...invitation,
            validDays: ACTIVATION_TOKEN_TTL_DAYS,
            acceptUrl: pageUrl,
            code: { value: code, validMinutes: ACTIVATION_CODE_TTL_SECONDS / 60 },
          })
        : activationCodeMail(user, code, ACTIVATION_CODE_TTL_SECONDS / 60, pageUrl),
    );
  };

  const failed = async (userId: string, description: string, meta: RequestMeta) => {
    await recordAudit(db, auditEvents.activationFailed, meta, { userId, description }, clock.now());
    return appError(errorCatalogue.users.activationInvalid);
  };

  /** Sets the password if the account has none, marks it active and signs in (or asks for MFA). */
  const complete = async (
    { row, user }: { row: OneTimeTokenRow; user: UserRow },
    password: string | undefined,
    meta: RequestMeta,
  ) => {
    let passwordHash = user.passwordHash;
    if (passwordHash === null) {
      if (!password) throw appError(errorCatalogue.users.passwordRequired);
      assertAcceptablePassword((await deps.vendorSettings.get()).passwordPolicy, password);
      passwordHash = await deps.passwords.hash(password);
    }
    const now = clock.now();
    // Issue 10: the token used and the account activated are one transaction: a crash between them
    // left an unusable link on an account that was never activated.
    await db.transaction(async () => {
      if (!(await consumeOneTimeToken(db, row.id, now)))
        throw appError(errorCatalogue.users.activationInvalid);
      await updateUser(db, user.id, {
        passwordHash,
        verified: true,
        vendorMetadata: mergeJsonObject(user.vendorMetadata, { activated: true }),
        updatedAt: now,
      });
    });
    const claims = await findUserClaimsById(db, user.id, user.activeTenantId, now);
    if (!claims) throw appError(errorCatalogue.users.activationInvalid);
    return deps.mfa.startOrChallenge(claims, meta, auditEvents.activated, undefined);
  };

  const service: ActivationService = {
    async sendActivationMail(user, givenToken, invitation) {
      const now = clock.now();
      const byCode = (await deps.vendorSettings.get()).activationMethod === 'code';
      const token = await issueOneTimeToken(db, {
        userId: user.id,
        purpose: 'activation',
        now,
        expiresAt: addDays(now, ACTIVATION_TOKEN_TTL_DAYS),
        token: givenToken,
      });
      if (!byCode) {
        const url = activationUrl(config, user.id, token);
        await deps.mailer.send(
          invitation
            ? newUserInvitationMail(user, {
                ...invitation,
                validDays: ACTIVATION_TOKEN_TTL_DAYS,
                acceptUrl: url,
              })
            : activationMail(user, url, ACTIVATION_TOKEN_TTL_DAYS),
        );
        return {};
      }
      const row = await findUsableToken(db, { userId: user.id, purpose: 'activation', token, now });
      if (!row) throw new Error('the activation token just issued is missing');
      await mailCode(user, row.id, token, invitation);
      return { activationToken: token };
    },

    async strategy({ userId, token }) {
      const valid = await findValidToken(userId, token);
      // A code page's token answers like an unknown one: a sign-up with a known email gets a fake
      // token, and this check must not tell the two apart. The code page always asks for a password.
      if (!valid || valid.row.codeHash !== null) throw appError(errorCatalogue.users.activationInvalid);
      return { shouldSetPassword: valid.user.passwordHash === null };
    },

    async activate({ userId, token, password }, meta) {
      const valid = await findValidToken(userId, token);
      if (!valid) throw await failed(userId, 'invalid, used or expired activation token', meta);
      // A token whose mail carried a code is worthless without that code.
      if (valid.row.codeHash !== null)
        throw await failed(userId, 'activation by code sent without its code', meta);
      return complete(valid, password, meta);
    },

    async activateWithCode({ userId, token, password, code }, meta) {
      const valid = await findValidToken(userId, token);
      // One answer for an unknown token and a wrong code: sign-ups with a known email get fake tokens.
      const isRight =
        valid !== undefined &&
        valid.row.codeHash !== null &&
        /^\d{6}$/.test(code) &&
        (await guessOneTimeTokenCode(db, {
          tokenId: valid.row.id,
          codeHash: codeHash(valid.row.id, code),
          now: clock.now(),
          maxAttempts: ACTIVATION_CODE_MAX_ATTEMPTS,
        }));
      if (!isRight) {
        await recordAudit(
          db,
          auditEvents.activationFailed,
          meta,
          {
            userId,
            description: valid
              ? 'wrong, expired or exhausted activation code'
              : 'invalid, used or expired token',
          },
          clock.now(),
        );
        throw appError(errorCatalogue.signUp.activationCodeInvalid);
      }
      return complete(valid, password, meta);
    },

    async resend(email, meta) {
      // Issue 10: the answer goes before the lookup, so a known email answers as fast as an unknown one.
      deps.background.run(
        'activation mail',
        async () => {
          const user = await findUserByEmail(db, email);
          if (!user || user.verified || !(await deps.recipientPause.take(user.email, 'activation'))) return;
          await service.sendActivationMail(user);
          await recordAudit(
            db,
            auditEvents.activationResent,
            meta,
            { userId: user.id, email: user.email, tenantId: user.activeTenantId },
            clock.now(),
          );
        },
        email.trim().toLowerCase(),
      );
    },

    async resendCode({ userId, token }, meta) {
      const valid = await findValidToken(userId, token);
      if (!valid || valid.row.codeHash === null || valid.user.verified) return;
      if (!(await deps.recipientPause.take(valid.user.email, 'activation'))) return;
      await mailCode(valid.user, valid.row.id, token);
      await recordAudit(
        db,
        auditEvents.activationResent,
        meta,
        { userId, email: valid.user.email, tenantId: valid.user.activeTenantId },
        clock.now(),
      );
    },
  };
  return service;
}
