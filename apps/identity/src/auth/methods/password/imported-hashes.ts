import { scrypt, timingSafeEqual } from 'node:crypto';
import bcrypt from 'bcryptjs';

// Issue 16: password hashes brought by `ops import-users` from another system. The password login
// verifies them with their own algorithm and then replaces them with an argon2id hash of the same
// password (auth/methods/password/login.ts), so each imported hash is used at most once.
//
// Accepted formats:
// - argon2: `$argon2id$…` or `$argon2i$…` (PHC strings), verified by the argon2 library as is;
// - bcrypt: `$2a$`, `$2b$` or `$2y$` followed by the cost and the 53-character salt and hash;
// - scrypt: `scrypt$N$r$p$salt$hash`, N the cost (a power of 2), r the block size, p the
//   parallelisation, salt and hash in standard base64; the derived key is as long as the hash.

const BCRYPT = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;
const SCRYPT = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;
const ARGON2 = /^\$argon2(id|i)\$/;

/** Whether an imported hash is in a format sign-in can verify. */
export function isImportableHash(passwordHash: string): boolean {
  if (BCRYPT.test(passwordHash) || ARGON2.test(passwordHash)) return true;
  const match = SCRYPT.exec(passwordHash);
  return match !== null && scryptParameters(match) !== undefined;
}

/** What a stored hash still needs: anything but argon2id is replaced at the next sign-in. */
export const needsRehash = (passwordHash: string): boolean => !passwordHash.startsWith('$argon2id$');

const scryptParameters = (match: RegExpExecArray) => {
  const [N, r, p] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Bounds a stored hash may not exceed: a crafted N would otherwise cost gigabytes per sign-in.
  if (N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return undefined;
  return {
    N,
    r,
    p,
    salt: Buffer.from(match[4] ?? '', 'base64'),
    expected: Buffer.from(match[5] ?? '', 'base64'),
  };
};

const scryptKey = (
  password: string,
  salt: Buffer,
  length: number,
  options: { N: number; r: number; p: number },
) =>
  new Promise<Buffer>((resolve, reject) => {
    scrypt(
      password,
      salt,
      length,
      { ...options, maxmem: 256 * options.N * options.r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });

/** Verifies a bcrypt or scrypt hash (argon2 goes to the argon2 library); false for anything else. */
export async function verifyImportedHash(passwordHash: string, password: string): Promise<boolean> {
  if (BCRYPT.test(passwordHash)) return bcrypt.compare(password, passwordHash);
  const match = SCRYPT.exec(passwordHash);
  const parameters = match ? scryptParameters(match) : undefined;
  if (!parameters || parameters.expected.length < 16) return false;
  const { N, r, p, salt, expected } = parameters;
  const key = await scryptKey(password, salt, expected.length, { N, r, p });
  return timingSafeEqual(key, expected);
}
