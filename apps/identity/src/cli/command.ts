import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { PasswordHasher } from '../auth/methods/password/passwords.js';

// Issue 16: the shape of an `ops` command (cli/ops.ts lists them). Each command parses its own
// arguments and throws a UsageError for a user's mistake: the dispatcher prints its message alone.

export interface OpsDeps {
  /** The settings, read from the environment once a command needs them. */
  config(): Config;
  /** Opens the database (migrated, roles seeded), runs the work, closes it. */
  withDatabase<T>(work: (db: Db, config: Config) => Promise<T>): Promise<T>;
  passwords: PasswordHasher;
  stdout: (text: string) => void;
  /** The whole of standard input (a password, a file piped in). */
  readStdin(): Promise<string>;
}

export interface OpsCommand {
  name: string;
  description: string;
  usage: string;
  run(args: string[], deps: OpsDeps): Promise<void>;
}

/** A mistake of the person running the command: exit code 1 and this message, no stack trace. */
export class UsageError extends Error {
  override name = 'UsageError';
}

type OptionSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;

/** node:util's parseArgs, with an unknown or malformed option turned into a UsageError naming the usage. */
export function parseOptions<T extends OptionSpec>(args: string[], options: T, usage: string) {
  try {
    return parseArgs({ args, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new UsageError(`${reason}\nusage: ${usage}`);
  }
}

/** A required option's value, or a UsageError naming it. */
export function required(value: string | undefined, option: string, usage: string): string {
  if (value === undefined || value.trim() === '')
    throw new UsageError(`--${option} is required\nusage: ${usage}`);
  return value.trim();
}
