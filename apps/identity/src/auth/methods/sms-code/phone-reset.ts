import { timingSafeEqual } from 'node:crypto';
import { atomicMethods, refuse, type Db } from '../../../db/client.js';
import {
  consumePhoneChangeToken,
  consumePhoneNumberChange,
  insertPhoneNumberChange,
  markPhoneResetVerified,
  takePhoneChangeGuess,
  takePhoneResetGuess,
} from '../../../db/queries/phone-number-changes.js';
import { deletePasswordlessCodesOfUser } from '../../../db/queries/passwordless-codes.js';
import { findUserByEmail, findUserById, updateUser } from '../../../db/queries/users.js';
import type { AuditSeverity } from '../../../db/schema/index.js';
import { appError, errorCatalogue } from '../../../errors.js';
import { generateToken, hashToken } from '../../../lib/secrets.js';
import { addSeconds, type Clock } from '../../../lib/time.js';
import { recordAudit, type RequestMeta } from '../../../services/audit.js';
import type { BackgroundTasks } from '../../../services/background.js';
import type { RecipientPause } from '../../../services/recipient-pause.js';
import type { Mailer } from '../../../services/mail.js';
import { greeting, message } from '../../../services/mail-templates.js';
import { generateMfaCode, hashMfaCode } from '../../second-factor/codes.js';
import type { SmsSender } from '../../../services/sms.js';
import type { AccessTokenClaims } from '../../../services/tokens.js';

/** Tokens and codes of a phone change live at most 10 minutes (issue 3 "Security"). */
export const PHONE_RESET_TTL_SECONDS = 10 * 60;
/** Wrong codes a phone change survives. */
export const PHONE_RESET_MAX_ATTEMPTS = 5;

export const phoneResetAuditEvents = {
  resetRequested: { action: 'Phone number reset requested', severity: 'Info' },
  resetRequestedForNoUser: { action: 'Phone number reset requested for no user', severity: 'Medium' },
  resetCodeVerified: { action: 'Phone number reset code verified', severity: 'Info' },
  codeRejected: { action: 'Phone number change code rejected', severity: 'Medium' },
  changeRefused: { action: 'Phone number change refused', severity: 'Medium' },
  changeCodeSent: { action: 'Phone number change code sent', severity: 'Info' },
  phoneNumberChanged: { action: 'User changed phone number', severity: 'High' },
} satisfies Record<string, { action: string; severity: AuditSeverity }>;

export interface PhoneResetService {
  /** ResetPhoneNumber: mails a code to the account; the same answer (a token) for any email. */
  requestReset(email: string, meta: RequestMeta): Promise<{ resetPhoneNumberToken: string }>;
  /** VerifyResetPhoneNumber: the mailed code proves the email; answers the single-use change token. */
  verifyReset(
    input: { resetPhoneNumberToken: string; code: string },
    meta: RequestMeta,
  ): Promise<{ changePhoneNumberToken: string }>;
  /** ChangePhoneNumber: sets the new number (proven next by the SMS sign-in code). */
  changePhoneNumber(
    input: { changePhoneNumberToken: string; phoneNumber: string },
    meta: RequestMeta,
  ): Promise<void>;
  /** Signed in: texts a code to a new number; answers the change id to verify it with. */
  startChange(
    claims: AccessTokenClaims,
    phoneNumber: string,
    meta: RequestMeta,
  ): Promise<{ changePhoneId: string }>;
  /** Signed in: the texted code proves the number, which becomes the account's. */
  verifyChange(
    claims: AccessTokenClaims,
    input: { changePhoneId: string; code: string },
    meta: RequestMeta,
  ): Promise<void>;
}

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Only the last digits: the notice goes by email, which may be read by others than the owner. */
const lastDigits = (phoneNumber: string) => `ending in ${phoneNumber.slice(-4)}`;

const validMinutes = PHONE_RESET_TTL_SECONDS / 60;

/**
 * Phone number reset (SPEC section 4 "Phone reset") for users who sign in by SMS and lost their
 * phone: the email proves who they are, the SMS sign-in that follows proves the new number. Also
 * the signed-in change of the number, proven by a code texted to it. Every step is audited.
 */
export function createPhoneResetService(deps: {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  background: BackgroundTasks;
  recipientPause: RecipientPause;
}): PhoneResetService {
  const { db, clock } = deps;

  const audit = async (
    event: (typeof phoneResetAuditEvents)[keyof typeof phoneResetAuditEvents],
    meta: RequestMeta,
    who: { userId?: string | null; email?: string | null; tenantId?: string | null },
    description = '',
  ) => {
    // Steps after the first know the user by id only: the log names them by email too.
    const user = who.userId && !who.email ? await findUserById(db, who.userId) : undefined;
    const named = user ? { ...who, email: user.email, tenantId: user.activeTenantId } : who;
    await recordAudit(db, event, meta, { ...named, description }, clock.now());
  };

  const setPhoneNumber = async (userId: string, phoneNumber: string, meta: RequestMeta, how: string) => {
    const now = clock.now();
    await updateUser(db, userId, { phoneNumber, updatedAt: now });
    // Sign-in codes texted to the old number die with it; the first code to the new one is not held back.
    await deletePasswordlessCodesOfUser(db, userId, 'SmsCode');
    const user = await findUserById(db, userId);
    const who = { userId, email: user?.email, tenantId: user?.activeTenantId };
    await audit(phoneResetAuditEvents.phoneNumberChanged, meta, who, how);
    if (!user) return;
    // The notice is the flow's last write (issue 10): in its transaction, it is mailed only with the change.
    await deps.mailer.send(
      message(user.email, 'The phone number of your Brizo FoodMetrics account changed', [
        greeting(user.name),
        `The phone number of your account is now the one ${lastDigits(phoneNumber)}.`,
        'If you did not make this change, contact support right away.',
      ]),
    );
  };

  const mailResetCode = async (email: string, resetPhoneNumberToken: string, meta: RequestMeta) => {
    const user = await findUserByEmail(db, email);
    if (!user) {
      await audit(phoneResetAuditEvents.resetRequestedForNoUser, meta, { email });
      return;
    }
    if (!(await deps.recipientPause.take(user.email, 'phone-reset'))) return;
    // Issue 10: the code, its mail and the audit row are one transaction (after the answer).
    await db.transaction(async () => {
      const code = generateMfaCode();
      const now = clock.now();
      await insertPhoneNumberChange(db, {
        userId: user.id,
        purpose: 'reset',
        tokenHash: hashToken(resetPhoneNumberToken),
        codeHash: hashMfaCode(resetPhoneNumberToken, code),
        now,
        expiresAt: addSeconds(now, PHONE_RESET_TTL_SECONDS),
      });
      await deps.mailer.send(
        message(user.email, `${code} is your Brizo FoodMetrics phone number reset code`, [
          greeting(user.name),
          `Your code to reset the phone number of your account is ${code}.`,
          `It expires in ${validMinutes} minutes and works once. If you did not ask for it, you can ignore this email.`,
        ]),
      );
      await audit(phoneResetAuditEvents.resetRequested, meta, {
        userId: user.id,
        email: user.email,
        tenantId: user.activeTenantId,
      });
    });
  };

  const verifyReset = async (
    { resetPhoneNumberToken, code }: { resetPhoneNumberToken: string; code: string },
    meta: RequestMeta,
  ): Promise<{ changePhoneNumberToken: string }> => {
    const now = clock.now();
    const row = await takePhoneResetGuess(db, {
      tokenHash: hashToken(resetPhoneNumberToken),
      now,
      maxAttempts: PHONE_RESET_MAX_ATTEMPTS,
    });
    const changePhoneNumberToken = generateToken();
    const proven =
      row !== undefined &&
      sameHash(row.codeHash, hashMfaCode(resetPhoneNumberToken, code)) &&
      (await markPhoneResetVerified(db, {
        id: row.id,
        changeTokenHash: hashToken(changePhoneNumberToken),
        now,
        expiresAt: addSeconds(now, PHONE_RESET_TTL_SECONDS),
      }));
    if (!proven) {
      return refuse(
        async () => {
          await audit(
            phoneResetAuditEvents.codeRejected,
            meta,
            { userId: row?.userId },
            row ? 'wrong emailed code' : 'unknown, used or expired reset token',
          );
          throw appError(errorCatalogue.phoneReset.invalidCode);
        },
        { keepWrites: true },
      );
    }
    await audit(phoneResetAuditEvents.resetCodeVerified, meta, { userId: row.userId });
    return { changePhoneNumberToken };
  };

  // Issue 10: each step's writes, its audit row and its message are one transaction. A wrong code
  // stays counted: that refusal commits and is audited after the commit.
  return atomicMethods(db, ['startChange', 'verifyChange'], {
    async requestReset(email, meta) {
      const resetPhoneNumberToken = generateToken();
      // Issue 10: the answer goes before the lookup, so a known email answers as fast as an unknown one.
      // The token is handed out anyway; for an unknown email it never verifies.
      deps.background.run(
        'phone reset mail',
        () => mailResetCode(email, resetPhoneNumberToken, meta),
        email.trim().toLowerCase(),
      );
      return { resetPhoneNumberToken };
    },

    // Issue 10: the counted guess, the proven code and the audit row are one transaction; a wrong
    // code stays counted (the refusal commits) and is audited after the commit.
    verifyReset: (input, meta) => db.transaction(() => verifyReset(input, meta)),

    async changePhoneNumber({ changePhoneNumberToken, phoneNumber }, meta) {
      // Issue 10: the spent token, the number, the ended sign-in codes, the audit row and the notice
      // are one transaction.
      return db.transaction(async () => {
        const row = await consumePhoneChangeToken(db, {
          changeTokenHash: hashToken(changePhoneNumberToken),
          now: clock.now(),
        });
        if (!row) {
          return refuse(async () => {
            await audit(
              phoneResetAuditEvents.changeRefused,
              meta,
              {},
              'unknown, used or expired change token',
            );
            throw appError(errorCatalogue.phoneReset.invalidToken);
          });
        }
        await setPhoneNumber(row.userId, phoneNumber, meta, 'reset, proven by email');
      });
    },
    async startChange(claims, phoneNumber, meta) {
      const code = generateMfaCode();
      const now = clock.now();
      const changePhoneId = await insertPhoneNumberChange(db, {
        userId: claims.sub,
        purpose: 'change',
        codeHash: hashMfaCode(`${claims.sub}:${phoneNumber}`, code),
        phoneNumber,
        now,
        expiresAt: addSeconds(now, PHONE_RESET_TTL_SECONDS),
      });
      await audit(phoneResetAuditEvents.changeCodeSent, meta, {
        userId: claims.sub,
        email: claims.email,
        tenantId: claims.tenantId,
      });
      // Texted last (issue 10): a failed write before it sends nothing.
      await deps.sms.send({
        to: phoneNumber,
        text: `Your Brizo FoodMetrics code to confirm this phone number is ${code}. It expires in ${validMinutes} minutes.`,
      });
      return { changePhoneId };
    },

    async verifyChange(claims, { changePhoneId, code }, meta) {
      const now = clock.now();
      const row = await takePhoneChangeGuess(db, {
        id: changePhoneId,
        userId: claims.sub,
        now,
        maxAttempts: PHONE_RESET_MAX_ATTEMPTS,
      });
      const proven =
        row?.phoneNumber &&
        sameHash(row.codeHash, hashMfaCode(`${claims.sub}:${row.phoneNumber}`, code)) &&
        (await consumePhoneNumberChange(db, row.id, now));
      const who = { userId: claims.sub, email: claims.email, tenantId: claims.tenantId };
      if (!row?.phoneNumber || !proven) {
        return refuse(
          async () => {
            await audit(
              phoneResetAuditEvents.codeRejected,
              meta,
              who,
              row ? 'wrong texted code' : 'unknown, used or expired change',
            );
            throw appError(errorCatalogue.phoneReset.invalidCode);
          },
          { keepWrites: true },
        );
      }
      await setPhoneNumber(claims.sub, row.phoneNumber, meta, 'signed in, proven by SMS');
    },
  });
}
