import { describe, expect, it } from 'vitest';
import { isValidCodeVerifier, s256Challenge, verifyS256 } from './pkce.js';

describe('PKCE S256', () => {
  it('matches the RFC 7636 appendix B example', () => {
    expect(s256Challenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
    expect(
      verifyS256(
        'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
        'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      ),
    ).toBe(true);
  });

  it('accepts the SDK’s 16-character verifiers', () => {
    const verifier = 'AbCdEfGh12345678';
    expect(isValidCodeVerifier(verifier)).toBe(true);
    expect(verifyS256(verifier, s256Challenge(verifier))).toBe(true);
  });

  it.each([
    ['a wrong verifier', 'AbCdEfGh12345679'],
    ['a too short verifier', 'short'],
    ['a verifier with forbidden characters', 'AbCdEfGh1234567!'],
  ])('refuses %s', (_name, verifier) => {
    expect(verifyS256(verifier, s256Challenge('AbCdEfGh12345678'))).toBe(false);
  });

  it('refuses the plain method: the challenge itself is no verifier', () => {
    const verifier = 'AbCdEfGh12345678';
    expect(verifyS256(s256Challenge(verifier), s256Challenge(verifier))).toBe(false);
  });
});
