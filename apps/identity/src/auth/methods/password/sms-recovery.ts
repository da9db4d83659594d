import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { refuse, type Db } from '../../../db/client.js';
import { findUserClaimsByPhoneNumber } from '../../../db/queries/passwordless-users.js';
import {
  consumeSmsRecoverySession,
  insertSmsRecoverySession,
  takeSmsRecoveryGuess,
} from '../../../db/queries/sms-recovery-sessions.js';
import { findUserByEmail } from '../../../db/queries/users.js';
import { appError, errorCatalogue } from '../../../errors.js';
import { hashToken } from '../../../lib/secrets.js';
import { addSeconds, type Clock } from '../../../lib/time.js';
import { auditEvents, recordAudit, type RequestMeta } from '../../../services/audit.js';
import { issuePasswordResetToken } from './reset-token.js';
import { isPhoneNumber, normalizePhoneNumber, type SmsSender } from '../../../services/sms.js';
import type { BackgroundTasks } from '../../../services/background.js';
import type { RecipientPause } from '../../../services/recipient-pause.js';
import type { SecurityPolicyService } from '../../../services/lifecycle/policies.js';

/** Codes by SMS live at most 10 minutes and die after a few wrong guesses (issue 3 "Security"). */
export const SMS_RECOVERY_CODE_TTL_MINUTES = 10;
export const SMS_RECOVERY_MAX_ATTEMPTS = 5;

export type RecoveryIdentifierType = 'email' | 'phoneNumber' | 'username';

export interface SmsRecoveryService {
  /** Texts a 6-digit code to the user's phone; the same answer (a session id) for anyone. */
  send(
    input: { identifier: string; identifierType: RecoveryIdentifierType },
    meta: RequestMeta,
  ): Promise<{ sessionId: string }>;
  /** The code of the session → a single-use password-reset token for resetPasswordPage. */
  verify(
    input: { sessionId: string; otcToken: string },
    meta: RequestMeta,
  ): Promise<{ userId: string; token: string }>;
}

const sameHash = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export function createSmsRecoveryService(deps: {
  db: Db;
  clock: Clock;
  sms: SmsSender;
  policies: SecurityPolicyService;
  background: BackgroundTasks;
  recipientPause: RecipientPause;
}): SmsRecoveryService {
  const { db, clock } = deps;

  const findRecipient = async (identifier: string, type: RecoveryIdentifierType) => {
    if (type === 'email') {
      const user = await findUserByEmail(db, identifier);
      return user?.phoneNumber
        ? { id: user.id, email: user.email, phoneNumber: user.phoneNumber }
        : undefined;
    }
    if (type === 'phoneNumber') {
      const phoneNumber = normalizePhoneNumber(identifier);
      if (!isPhoneNumber(phoneNumber)) return undefined;
      const user = await findUserClaimsByPhoneNumber(db, phoneNumber, clock.now());
      return user ? { id: user.id, email: user.email, phoneNumber } : undefined;
    }
    return undefined; // usernames identify no one yet
  };

  const textCode = async (
    identifier: string,
    identifierType: RecoveryIdentifierType,
    sessionId: string,
    meta: RequestMeta,
  ) => {
    const user = await findRecipient(identifier, identifierType);
    if (!user || !(await deps.recipientPause.take(user.phoneNumber, 'password-reset'))) return;
    const now = clock.now();
    const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
    // Issue 10: the code, the audit row and the text message are one transaction (after the answer);
    // the message goes last, so a failed write before it sends nothing.
    await db.transaction(async () => {
      await insertSmsRecoverySession(db, {
        id: sessionId,
        userId: user.id,
        codeHash: hashToken(code),
        now,
        expiresAt: addSeconds(now, SMS_RECOVERY_CODE_TTL_MINUTES * 60),
      });
      await recordAudit(
        db,
        auditEvents.passwordResetSmsSent,
        meta,
        { userId: user.id, email: user.email },
        now,
      );
      await deps.sms.send({
        to: user.phoneNumber,
        text: `Your Brizo FoodMetrics password reset code is ${code}. It expires in ${SMS_RECOVERY_CODE_TTL_MINUTES} minutes.`,
      });
    });
  };

  const verify = async (
    { sessionId, otcToken }: { sessionId: string; otcToken: string },
    meta: RequestMeta,
  ): Promise<{ userId: string; token: string }> => {
    const now = clock.now();
    const session = await takeSmsRecoveryGuess(db, {
      sessionId,
      now,
      maxAttempts: SMS_RECOVERY_MAX_ATTEMPTS,
    });
    if (
      !session ||
      !sameHash(session.codeHash, hashToken(otcToken)) ||
      !(await consumeSmsRecoverySession(db, session.id, now))
    ) {
      return refuse(
        async () => {
          await recordAudit(
            db,
            auditEvents.passwordResetSmsFailed,
            meta,
            { userId: session?.userId, description: 'invalid, used or expired SMS code' },
            now,
          );
          throw appError(errorCatalogue.lifecycle.smsCodeInvalid);
        },
        { keepWrites: true },
      );
    }
    const token = await issuePasswordResetToken(db, session.userId, now);
    await recordAudit(db, auditEvents.passwordResetSmsVerified, meta, { userId: session.userId }, now);
    return { userId: session.userId, token };
  };

  return {
    async send({ identifier, identifierType }, meta) {
      const { recovery } = await deps.policies.effective(null);
      if (!recovery.sms) throw appError(errorCatalogue.lifecycle.recoveryMethodInactive);
      // Issue 10: the answer goes before the lookup, so a known user answers as fast as an unknown
      // one. Unknown users get a session id too (that never verifies): the answer reveals nothing.
      const sessionId = randomUUID();
      deps.background.run(
        'sms recovery code',
        () => textCode(identifier, identifierType, sessionId, meta),
        identifier.trim().toLowerCase(),
      );
      return { sessionId };
    },

    // Issue 10: the counted guess, the spent code, the reset token and the audit row are one
    // transaction; a wrong code stays counted (the refusal commits) and is audited after the commit.
    verify: (input, meta) => db.transaction(() => verify(input, meta)),
  };
}
