import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: refresh, activation and reset tokens. */
export const generateToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored as their SHA-256 only, so a database leak does not leak live tokens. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');
