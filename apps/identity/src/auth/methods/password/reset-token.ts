import type { Db } from '../../../db/client.js';
import { addSeconds } from '../../../lib/time.js';
import { issueOneTimeToken } from '../../../services/one-time-tokens.js';

/** A password-reset token works for an hour, however it was handed out. */
export const RESET_TOKEN_TTL_MINUTES = 60;

/**
 * The single-use token of resetPasswordPage: mailed by a reset request, answered for an expired
 * password (rotation) or after an SMS recovery code. Kept apart from the reset service so the
 * password lifecycle and the reset need not import each other.
 */
export const issuePasswordResetToken = (db: Db, userId: string, now: Date): Promise<string> =>
  issueOneTimeToken(db, {
    userId,
    purpose: 'password-reset',
    now,
    expiresAt: addSeconds(now, RESET_TOKEN_TTL_MINUTES * 60),
  });
