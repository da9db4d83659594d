import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { hashToken } from '../../lib/secrets.js';

/** SPEC section 5: MFA codes are 6 digits. */
export const isMfaCode = (value: string): boolean => /^\d{6}$/.test(value);

export const generateMfaCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** A code is only meaningful with its otcToken: the token keys the hash, so equal codes hash apart. */
export const hashMfaCode = (otcToken: string, code: string): string =>
  createHmac('sha256', otcToken).update(code).digest('base64url');

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
