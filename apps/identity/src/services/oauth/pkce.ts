import { createHash, timingSafeEqual } from 'node:crypto';

// PKCE (RFC 7636), S256 only: "plain" sends the secret through the front channel.

/** RFC 7636 asks for 43-128 characters; the Frontegg SDK sends 16 (SPEC section 9), so 16 is the floor. */
const VERIFIER = /^[A-Za-z0-9\-._~]{16,128}$/;
/** base64url of a SHA-256 digest: 43 characters without padding. */
const CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

export const isValidCodeVerifier = (value: string): boolean => VERIFIER.test(value);
export const isValidCodeChallenge = (value: string): boolean => CHALLENGE.test(value);

export const s256Challenge = (verifier: string): string =>
  createHash('sha256').update(verifier, 'ascii').digest('base64url');

/** Whether `verifier` hashes to `challenge`, in constant time. */
export function verifyS256(verifier: string, challenge: string): boolean {
  if (!isValidCodeVerifier(verifier) || !isValidCodeChallenge(challenge)) return false;
  const expected = Buffer.from(s256Challenge(verifier));
  const actual = Buffer.from(challenge);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
