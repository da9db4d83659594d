import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/client.js';
import { replaceMfaRecoveryCode } from '../../../db/queries/mfa.js';
import { hashToken } from '../../../lib/secrets.js';

// Crockford-like alphabet: no 0/O or 1/I/L to misread when typed from paper.
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 20 characters (about 98 bits) in groups of four: XXXX-XXXX-XXXX-XXXX-XXXX. */
export function generateRecoveryCode(): string {
  const bytes = randomBytes(20);
  const chars = [...bytes].map((byte) => RECOVERY_ALPHABET[byte % RECOVERY_ALPHABET.length]);
  return chars.join('').replace(/(.{4})(?=.)/g, '$1-');
}

/** Case, spaces and dashes do not matter when a recovery code is typed back. */
export const hashRecoveryCode = (code: string): string => hashToken(code.toUpperCase().replace(/[\s-]/g, ''));

/** A user's new recovery code, shown once: it replaces the one they had. */
export async function issueRecoveryCode(db: Db, userId: string, now: Date): Promise<string> {
  const recoveryCode = generateRecoveryCode();
  await replaceMfaRecoveryCode(db, userId, hashRecoveryCode(recoveryCode), now);
  return recoveryCode;
}
