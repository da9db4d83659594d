import os from 'node:os';
import { hash, verify } from '@node-rs/argon2';
import { verifyImportedHash } from './imported-hashes.js';
import type { PasswordPolicy } from '../../../db/schema/index.js';
import { appError, errorCatalogue } from '../../../errors.js';
import { Semaphore } from '../../../lib/semaphore.js';
import { isCommonPassword } from './common-passwords.js';

/** OWASP's argon2id profile: m=19 MiB, t=2, p=1 (@node-rs/argon2 defaults to argon2id). */
export const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** Spends the time of one verify, so unknown users answer as slowly as wrong passwords. */
  verifyNothing(password: string): Promise<void>;
}

/**
 * Hashes run on libuv's pool; the semaphore keeps a login burst from queueing hundreds of
 * 19 MiB hashes at once (memory) and keeps latency fair (FIFO).
 */
export function createPasswordHasher(options: { maxConcurrent?: number } = {}): PasswordHasher {
  const semaphore = new Semaphore(options.maxConcurrent ?? os.availableParallelism());
  let dummyHash: Promise<string> | undefined;
  const hasher: PasswordHasher = {
    hash: (password) => semaphore.run(() => hash(password, ARGON2_OPTIONS)),
    verify: (passwordHash, password) =>
      semaphore.run(async () => {
        try {
          // Issue 16: imported users keep their bcrypt or scrypt hash until their first sign-in.
          if (!passwordHash.startsWith('$argon2')) return await verifyImportedHash(passwordHash, password);
          return await verify(passwordHash, password);
        } catch {
          return false; // a malformed stored hash never matches
        }
      }),
    async verifyNothing(password) {
      dummyHash ??= hash('not-a-real-password', ARGON2_OPTIONS);
      await hasher.verify(await dummyHash, password);
    },
  };
  return hasher;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  allowPassphrases: true,
  maxLength: 128,
  minLength: 8,
  minPhraseLength: 20,
  minOptionalTestsToPass: 3,
  blockPwnedPasswords: false,
  requiredTests: { checkThreeRepeatedChars: true },
  optionalTests: {
    requireLowercase: true,
    requireUppercase: true,
    requireNumbers: true,
    requireSpecialChars: true,
  },
};

/**
 * The password rules of SPEC section 5 (the web app shows them as hints). Returns the first
 * broken rule as a message, or undefined when the password is acceptable.
 */
export function checkPasswordPolicy(policy: PasswordPolicy, password: string): string | undefined {
  const length = [...password].length;
  if (length < policy.minLength) return `The password must be at least ${policy.minLength} characters long.`;
  if (length > policy.maxLength) return `The password must be fewer than ${policy.maxLength + 1} characters.`;
  if (policy.requiredTests.checkThreeRepeatedChars && /(.)\1\1/u.test(password)) {
    return 'The password may not contain sequences of three or more repeated characters.';
  }
  const isPassphrase = policy.allowPassphrases && length >= policy.minPhraseLength;
  if (isPassphrase) return undefined;
  const tests = [
    {
      enabled: policy.optionalTests.requireLowercase,
      passes: /\p{Ll}/u.test(password),
      hint: 'one lowercase letter',
    },
    {
      enabled: policy.optionalTests.requireUppercase,
      passes: /\p{Lu}/u.test(password),
      hint: 'one capital letter',
    },
    { enabled: policy.optionalTests.requireNumbers, passes: /\p{N}/u.test(password), hint: 'one number' },
    {
      enabled: policy.optionalTests.requireSpecialChars,
      passes: /[^\p{L}\p{N}\s]/u.test(password),
      hint: 'one special character',
    },
  ].filter((test) => test.enabled);
  const required = Math.min(policy.minOptionalTestsToPass, tests.length);
  const passed = tests.filter((test) => test.passes).length;
  if (passed >= required) return undefined;
  const missing = tests.filter((test) => !test.passes).map((test) => test.hint);
  return `The password must contain at least ${required} of: ${tests.map((test) => test.hint).join(', ')} (missing ${missing.join(', ')}).`;
}

/**
 * Every new password: the policy's rules, then (issue 10) the list of common and breached passwords,
 * whatever the policy says. Throws the error a client sees.
 */
export function assertAcceptablePassword(policy: PasswordPolicy, password: string): void {
  const broken = checkPasswordPolicy(policy, password);
  if (broken) throw appError(errorCatalogue.users.passwordPolicy, broken);
  if (isCommonPassword(password)) throw appError(errorCatalogue.users.passwordTooCommon);
}
