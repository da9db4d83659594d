import { createSuperuser, SuperuserError } from '../../services/superuser.js';
import { parseOptions, type OpsCommand } from '../command.js';

// Creates (or promotes) the first superuser of an install that has no demo accounts (README "Production").
// The password comes from SUPERUSER_PASSWORD, else from standard input (typed without echo on a terminal),
// never from the command line, where it would stay in the shell's history and the process list.

const usage = 'create-superuser --email <address> [--name <full name>] [--tenant <account name>]';

async function readPassword(readStdin: () => Promise<string>): Promise<string> {
  if (process.env.SUPERUSER_PASSWORD) return process.env.SUPERUSER_PASSWORD;
  const stdin = process.stdin;
  if (!stdin.isTTY) return (await readStdin()).split(/\r?\n/)[0] ?? '';
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

export const createSuperuserCommand: OpsCommand = {
  name: 'create-superuser',
  description: 'Create (or promote) a superuser with the Admin role in an account',
  usage,
  async run(args, deps) {
    const values = parseOptions(
      args,
      { email: { type: 'string' }, name: { type: 'string' }, tenant: { type: 'string' } },
      usage,
    );
    if (!values.email) throw new SuperuserError(`usage: ${usage}`);
    const email = values.email;
    const config = deps.config();
    const password = await readPassword(deps.readStdin);
    await deps.withDatabase(async (db) => {
      const result = await createSuperuser(
        { db, passwords: deps.passwords },
        {
          email,
          name: values.name ?? email.split('@')[0] ?? email,
          tenantName: values.tenant ?? 'Administration',
          password,
        },
      );
      deps.stdout(
        result.created
          ? `Created superuser ${email}: sign in at ${config.publicUrl}/account/login\n`
          : `${email} already existed: it is now a superuser and keeps its password\n`,
      );
    });
  },
};
