// `npm run ops --workspace apps/identity -- <command> [options]` (README "Operator tooling").
// Issue 16: one dispatcher for the operator's commands; each lives in cli/commands/ and is listed once
// below. A user's mistake ends with exit code 1 and a message, never a stack trace.
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { systemClock } from '../lib/time.js';
import { createPasswordHasher } from '../auth/methods/password/passwords.js';
import { seed } from '../services/seed.js';
import { SuperuserError } from '../services/superuser.js';
import { UsageError, type OpsCommand, type OpsDeps } from './command.js';
import { createSuperuserCommand } from './commands/create-superuser.js';
import { createTenantCommand } from './commands/create-tenant.js';
import { createUserCommand } from './commands/create-user.js';
import { importUsersCommand } from './commands/import-users.js';
import { exportTenantCommand } from './commands/export-tenant.js';
import { importTenantCommand } from './commands/import-tenant.js';
import { rotateKeysCommand } from './commands/rotate-keys.js';

/** Every command, in the order `--help` lists them. */
export const commands: readonly OpsCommand[] = [
  createSuperuserCommand,
  createTenantCommand,
  createUserCommand,
  importUsersCommand,
  exportTenantCommand,
  importTenantCommand,
  rotateKeysCommand,
];

const help = () =>
  [
    'usage: ops <command> [options]   (ops <command> --help for its options)',
    '',
    'commands:',
    ...commands.map((command) => `  ${command.name.padEnd(18)} ${command.description}`),
    '',
  ].join('\n');

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

function createDeps(): OpsDeps {
  let config: Config | undefined;
  const passwords = createPasswordHasher();
  const getConfig = () => (config ??= loadConfig());
  return {
    config: getConfig,
    passwords,
    stdout: (text) => process.stdout.write(text),
    readStdin,
    async withDatabase(work) {
      const settings = getConfig();
      const database = await openDatabase(settings);
      try {
        await database.migrate();
        // The roles and permissions every install has (never demo accounts in production).
        await seed({ db: database.db, config: settings, clock: systemClock, passwords });
        return await work(database.db, settings);
      } finally {
        await database.close();
      }
    },
  };
}

/** Runs one command line; answers the exit code. */
export async function runOps(argv: string[], deps: OpsDeps = createDeps()): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    deps.stdout(help());
    return name ? 0 : 1;
  }
  const command = commands.find((candidate) => candidate.name === name);
  if (!command) {
    process.stderr.write(`Unknown command: ${name}\n\n${help()}`);
    return 1;
  }
  if (args.includes('--help') || args.includes('-h')) {
    deps.stdout(`${command.description}\n\nusage: ${command.usage}\n`);
    return 0;
  }
  try {
    await command.run(args, deps);
    return 0;
  } catch (error) {
    const known =
      error instanceof UsageError ||
      error instanceof SuperuserError ||
      error instanceof ConfigError ||
      error instanceof DataDirLockedError;
    // An unexpected failure still prints one line; its stack is for a developer's debugger.
    process.stderr.write(`${known ? error.message : `${command.name} failed: ${String(error)}`}\n`);
    return 1;
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await runOps(process.argv.slice(2));
}
