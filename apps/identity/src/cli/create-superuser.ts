// `npm run create-superuser --workspace apps/identity -- --email you@example.com [--name "…"] [--tenant "…"]`
// Creates (or promotes) the first superuser of an install that has no demo accounts (README "Production").
// The password comes from SUPERUSER_PASSWORD, else from standard input (typed without echo on a terminal),
// never from the command line, where it would stay in the shell's history and the process list.
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError } from '../db/data-dir-lock.js';
import { systemClock } from '../lib/time.js';
import { createPasswordHasher } from '../auth/methods/password/passwords.js';
import { seed } from '../services/seed.js';
import { createSuperuser, SuperuserError } from '../services/superuser.js';

const USAGE = 'usage: create-superuser --email <address> [--name <full name>] [--tenant <account name>]';

async function readPassword(): Promise<string> {
  if (process.env.SUPERUSER_PASSWORD) return process.env.SUPERUSER_PASSWORD;
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of stdin) chunks.push(Buffer.from(chunk));
    return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? '';
  }
  process.stdout.write('Password: ');
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  return new Promise((resolve, reject) => {
    let typed = '';
    const onData = (keys: string) => {
      for (const key of keys) {
        if (key === '\u0003') {
          stdin.setRawMode(false);
          reject(new SuperuserError('Cancelled'));
          return;
        }
        if (key === '\r' || key === '\n') {
          stdin.setRawMode(false);
          stdin.off('data', onData);
          stdin.pause();
          process.stdout.write('\n');
          resolve(typed);
          return;
        }
        typed = key === '\u007f' ? typed.slice(0, -1) : typed + key;
      }
    };
    stdin.on('data', onData);
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, name: { type: 'string' }, tenant: { type: 'string' } },
  });
  if (!values.email) throw new SuperuserError(USAGE);
  const config = loadConfig();
  const password = await readPassword();
  const database = await openDatabase(config);
  try {
    await database.migrate();
    const passwords = createPasswordHasher();
    // The roles and permissions a fresh install needs (and never demo accounts in production).
    await seed({ db: database.db, config, clock: systemClock, passwords });
    const result = await createSuperuser(
      { db: database.db, passwords },
      {
        email: values.email,
        name: values.name ?? values.email.split('@')[0] ?? values.email,
        tenantName: values.tenant ?? 'Administration',
        password,
      },
    );
    process.stdout.write(
      result.created
        ? `Created superuser ${values.email}: sign in at ${config.publicUrl}/account/login\n`
        : `${values.email} already existed: it is now a superuser and keeps its password\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const known =
    error instanceof SuperuserError || error instanceof ConfigError || error instanceof DataDirLockedError;
  process.stderr.write(`${known ? error.message : String(error)}\n`);
  process.exit(1);
});
