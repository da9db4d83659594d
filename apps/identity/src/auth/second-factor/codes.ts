import { createHmac, randomInt } from 'node:crypto';

/** SPEC section 5: MFA codes are 6 digits. */
export const isMfaCode = (value: string): boolean => /^\d{6}$/.test(value);

export const generateMfaCode = (): string => randomInt(0, 1_000_000).toString().padStart(6, '0');

/** A code is only meaningful with its otcToken: the token keys the hash, so equal codes hash apart. */
export const hashMfaCode = (otcToken: string, code: string): string =>
  createHmac('sha256', otcToken).update(code).digest('base64url');
