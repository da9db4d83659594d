import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy, createPasswordHasher, DEFAULT_PASSWORD_POLICY } from './passwords.js';

describe('password hashing', () => {
  it('uses argon2id with m=19456 KiB, t=2, p=1 and verifies', async () => {
    const hasher = createPasswordHasher({ maxConcurrent: 2 });
    const hash = await hasher.hash('Brizo-demo-2026!');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, 'Brizo-demo-2026!')).toBe(true);
    expect(await hasher.verify(hash, 'brizo-demo-2026!')).toBe(false);
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false);
  });

  it('bounds concurrent hashes with the semaphore', async () => {
    const hasher = createPasswordHasher({ maxConcurrent: 1 });
    const results = await Promise.all(
      ['a', 'b', 'c'].map((password) => hasher.hash(`${password}-Password-1!`)),
    );
    expect(new Set(results).size).toBe(3);
  });
});

describe('password policy (SPEC section 5)', () => {
  const check = (password: string) => checkPasswordPolicy(DEFAULT_PASSWORD_POLICY, password);
  it.each(['Brizo-demo-2026!', 'Correct-horse-9!', 'abcDEF12'])('accepts %s', (password) => {
    expect(check(password)).toBeUndefined();
  });
  it('accepts a long passphrase without character classes', () => {
    expect(check('correct horse battery staple')).toBeUndefined();
  });
  it.each([
    ['Ab1!', /at least 8 characters/],
    ['x'.repeat(129), /fewer than 129/],
    ['Abcccc1!', /three or more repeated/],
    ['abcdefgh', /at least 3 of/],
  ])('refuses %s', (password, message) => {
    expect(check(password)).toMatch(message);
  });
});
