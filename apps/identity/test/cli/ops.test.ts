// Issue 16: the operator's CLI (`npm run ops`) as a real child process, on a PGlite data directory and,
// with DATABASE_URL, on a fresh PostgreSQL database: users imported with bcrypt, scrypt and argon2 hashes
// sign in through the HTTP API with their old password and leave an argon2id hash behind; an account
// survives export and import unchanged; a user's mistake is one clear line and exit code 1.
import { execFile } from 'node:child_process';
import { randomBytes, randomUUID, scryptSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { hash as argon2Hash } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.js';
import {
  ipRestrictions,
  securityPolicies,
  sessionPolicies,
  tenants,
  users,
} from '../../src/db/schema/index.js';
import { packageRoot } from '../../src/config.js';
import { API, startTestServer } from '../harness.js';
import { databaseUrl, TEST_DB_PREFIX, urlForDatabase, withAdminClient } from '../test-database.js';

const tsx = path.join(packageRoot, 'node_modules/.bin/tsx');
const tsxBin = (() => {
  try {
    readFileSync(tsx);
    return tsx;
  } catch {
    return path.join(packageRoot, '../../node_modules/.bin/tsx');
  }
})();

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `ops` in its own process with the given database settings. */
function ops(env: NodeJS.ProcessEnv, args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      tsxBin,
      [path.join(packageRoot, 'src/cli/ops.ts'), ...args],
      {
        cwd: packageRoot,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: 'silent', ...env, ...extraEnv },
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : error ? 1 : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A few child processes each: every one starts tsx, migrates and seeds. */
const CLI_TIMEOUT = 240_000;

/** @node-rs/argon2's Algorithm.Argon2i (a const enum, which this module syntax cannot read). */
const ARGON2I = 1;

const PASSWORDS = { bcrypt: 'Bcrypt-old-pass-1', scrypt: 'Scrypt-old-pass-2', argon2: 'Argon2-old-pass-3' };

function scryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1 });
  return `scrypt$16384$8$1$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface Backend {
  name: string;
  /** The settings of one fresh, empty database, and how to drop it. */
  create(): Promise<{ env: NodeJS.ProcessEnv; drop(): Promise<void> }>;
}

const work = mkdtempSync(path.join(tmpdir(), 'ops-cli-'));

const backends: Backend[] = [
  {
    name: 'PGlite',
    async create() {
      const dir = mkdtempSync(path.join(work, 'data-'));
      return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
];
if (databaseUrl) {
  const url = databaseUrl;
  backends.push({
    name: 'PostgreSQL',
    async create() {
      const name = `${TEST_DB_PREFIX}ops_${randomUUID().replaceAll('-', '').slice(0, 10)}`;
      await withAdminClient(url, (client) => client.query(`create database ${name}`));
      return {
        env: { DATABASE_URL: urlForDatabase(url, name) },
        drop: () =>
          withAdminClient(url, (client) => client.query(`drop database if exists ${name} with (force)`)).then(
            () => undefined,
          ),
      };
    },
  });
}

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.each(backends)('ops on $name', (backend) => {
  const dropped: Array<() => Promise<void>> = [];
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    const created = await backend.create();
    env = created.env;
    dropped.push(created.drop);
  });
  afterAll(async () => {
    for (const drop of dropped) await drop();
  });

  /** The server on the CLI's database, once the CLI process has ended. */
  async function withServer<T>(
    run: (database: Database, inject: ReturnType<typeof serverInject>) => Promise<T>,
  ) {
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
    const server = await startTestServer(database.db);
    try {
      return await run(database, serverInject(server.app));
    } finally {
      await server.app.close();
      await database.close();
    }
  }
  const serverInject =
    (app: Awaited<ReturnType<typeof startTestServer>>['app']) => (email: string, password: string) =>
      app.inject({ method: 'POST', url: `${API}/auth/v1/user`, payload: { email, password } });

  it(
    'lists its commands',
    async () => {
      const run = await ops(env, ['--help']);
      expect(run.code).toBe(0);
      for (const name of [
        'create-superuser',
        'create-tenant',
        'create-user',
        'import-users',
        'export-tenant',
        'import-tenant',
      ]) {
        expect(run.stdout).toContain(name);
      }
    },
    CLI_TIMEOUT,
  );

  it(
    'creates an account and a user with roles who signs in',
    async () => {
      const created = await ops(env, ['create-tenant', '--name', 'Cli Foods']);
      expect(created).toMatchObject({ code: 0, stderr: '' });
      expect(created.stdout).toMatch(/Created account "Cli Foods": [0-9a-f-]{36}/);
      const user = await ops(
        env,
        [
          'create-user',
          '--email',
          'owner@cli-foods.test',
          '--tenant',
          'Cli Foods',
          '--name',
          'Owner',
          '--role',
          'Admin',
        ],
        {
          USER_PASSWORD: 'Cli-owner-pass-9',
        },
      );
      expect(user.stderr).toBe('');
      expect(user.code).toBe(0);
      await withServer(async (_database, login) => {
        expect((await login('owner@cli-foods.test', 'Cli-owner-pass-9')).statusCode).toBe(200);
      });
    },
    CLI_TIMEOUT,
  );

  it(
    'imports bcrypt, scrypt and argon2 users who sign in with their old password and keep an argon2id hash',
    async () => {
      const argon2i = await argon2Hash(PASSWORDS.argon2, { algorithm: ARGON2I });
      const file = path.join(work, `users-${randomUUID()}.csv`);
      writeFileSync(
        file,
        [
          'email,name,passwordHash,roles',
          `bcrypt@cli-foods.test,Bea Crypt,${bcrypt.hashSync(PASSWORDS.bcrypt, 4)},Admin`,
          `scrypt@cli-foods.test,Sam Crypt,${scryptHash(PASSWORDS.scrypt)},`,
          // argon2 hashes hold commas: quoted, as CSV writes them.
          `argon2@cli-foods.test,Ari Gon,"${argon2i}",ReadOnly;Admin`,
        ].join('\n'),
      );
      const run = await ops(env, ['import-users', '--tenant', 'Cli Foods', '--file', file]);
      expect(run).toMatchObject({ code: 0, stderr: '', stdout: 'Imported 3 users into "Cli Foods"\n' });

      await withServer(async (database, login) => {
        for (const [kind, password] of Object.entries(PASSWORDS)) {
          const email = `${kind}@cli-foods.test`;
          expect((await login(email, 'Wrong-password-1')).statusCode).toBe(401);
          expect((await login(email, password)).statusCode).toBe(200);
          const [row] = await database.db
            .select({ passwordHash: users.passwordHash })
            .from(users)
            .where(eq(users.email, email));
          expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
          // The upgraded hash holds the same password.
          expect((await login(email, password)).statusCode).toBe(200);
        }
      });
    },
    CLI_TIMEOUT,
  );

  it(
    'refuses bad input with one clear line and exit code 1',
    async () => {
      const json = path.join(work, `bad-${randomUUID()}.json`);
      writeFileSync(
        json,
        JSON.stringify([
          { email: 'not-an-email', passwordHash: bcrypt.hashSync('x', 4) },
          { email: 'plain@cli-foods.test', passwordHash: 'md5$abc' },
        ]),
      );
      const good = path.join(work, `good-${randomUUID()}.json`);
      writeFileSync(
        good,
        JSON.stringify([{ email: 'good@cli-foods.test', passwordHash: bcrypt.hashSync('x', 4) }]),
      );
      const cases: Array<[string[], RegExp]> = [
        [['no-such-command'], /^Unknown command: no-such-command\n/],
        [['create-tenant'], /^--name is required\nusage: create-tenant/],
        [['create-tenant', '--name', 'Cli Foods'], /^An account named "Cli Foods" already exists\n$/],
        [
          ['import-users', '--tenant', 'Nobody Inc', '--file', good],
          /^No account with the id or name "Nobody Inc"\n$/,
        ],
        [
          ['import-users', '--tenant', 'Cli Foods', '--file', path.join(work, 'missing.csv')],
          /^Cannot read .*missing\.csv: ENOENT/,
        ],
        [
          ['import-users', '--tenant', 'Cli Foods', '--file', json],
          /^Nothing imported:\n {2}user 1: not an email address: not-an-email\n {2}user 2: unsupported password hash/,
        ],
        [['import-tenant', '--file', json], /^Not an account export/],
      ];
      for (const [args, message] of cases) {
        const run = await ops(env, args);
        expect(run.code, args.join(' ')).toBe(1);
        expect(run.stderr, args.join(' ')).toMatch(message);
        expect(run.stderr).not.toMatch(/\n\s+at /);
      }
      const duplicate = path.join(work, `dup-${randomUUID()}.json`);
      writeFileSync(
        duplicate,
        JSON.stringify([{ email: 'bcrypt@cli-foods.test', passwordHash: bcrypt.hashSync('x', 4) }]),
      );
      const run = await ops(env, ['import-users', '--tenant', 'Cli Foods', '--file', duplicate]);
      expect(run).toMatchObject({
        code: 1,
        stderr: 'Nothing imported: a user with the email bcrypt@cli-foods.test already exists\n',
      });
    },
    CLI_TIMEOUT,
  );

  it(
    'exports an account and imports it into another database unchanged, and refuses it twice',
    async () => {
      // The account's security policies travel with it.
      const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR ?? '' });
      try {
        const [account] = await database.db.select().from(tenants).where(eq(tenants.name, 'Cli Foods'));
        const tenantId = account?.id ?? '';
        await database.db
          .insert(securityPolicies)
          .values({ scope: tenantId, lockoutEnabled: true, lockoutMaxAttempts: 3 });
        await database.db.insert(sessionPolicies).values({ tenantId, idleTimeoutActive: true });
        await database.db
          .insert(ipRestrictions)
          .values({ tenantId, ip: '203.0.113.0/24', strategy: 'ALLOW' });
      } finally {
        await database.close();
      }
      const first = path.join(work, `export-${randomUUID()}.json`);
      expect((await ops(env, ['export-tenant', '--tenant', 'Cli Foods', '--output', first])).code).toBe(0);
      const target = await backend.create();
      dropped.push(target.drop);
      const imported = await ops(target.env, ['import-tenant', '--file', first]);
      expect(imported).toMatchObject({ code: 0, stderr: '' });
      expect(imported.stdout).toBe('Imported "Cli Foods" with 4 users\n');
      const again = await ops(target.env, ['export-tenant', '--tenant', 'Cli Foods']);
      expect(again.code).toBe(0);
      const withoutTime = (text: string) => ({ ...JSON.parse(text), exportedAt: undefined });
      const original = withoutTime(readFileSync(first, 'utf8'));
      expect(original.users).toHaveLength(4);
      expect(original.policies.securityPolicies).toMatchObject([
        { lockoutEnabled: true, lockoutMaxAttempts: 3 },
      ]);
      expect(original.policies.sessionPolicies).toMatchObject([{ idleTimeoutActive: true }]);
      expect(original.policies.ipRestrictions).toMatchObject([{ ip: '203.0.113.0/24', strategy: 'ALLOW' }]);
      expect(withoutTime(again.stdout)).toEqual(original);

      const twice = await ops(target.env, ['import-tenant', '--file', first]);
      expect(twice.code).toBe(1);
      expect(twice.stderr).toMatch(
        /^Nothing imported: the account [0-9a-f-]{36} already exists in this database\n$/,
      );
    },
    CLI_TIMEOUT,
  );
});
