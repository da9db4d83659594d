import { dictionary } from '@zxcvbn-ts/language-common';

// The offline breached-password list: zxcvbn's common-password dictionary (about 49,000 passwords
// seen most often in public breaches). Compared case-insensitively, as the list is lower-case.
let commonPasswords: Set<string> | undefined;

export function isBreachedPassword(password: string): boolean {
  commonPasswords ??= new Set(dictionary['passwords-common'] ?? []);
  return commonPasswords.has(password.toLowerCase());
}
