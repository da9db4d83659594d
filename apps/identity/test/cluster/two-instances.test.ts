// Issue 16: two real server processes on one fresh PostgreSQL database and one Redis. What one
// instance decides holds on the other at once: a session signed in on A refreshes on B, a logout or
// a role removal on A is refused on B with no wait for a cache or token TTL, the credential rate
// limit counts across both, and the two starting together on an empty database migrate once and
// make one signing key.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { decodeJwt } from 'jose';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packageRoot } from '../../src/config.js';
import { DEMO_PASSWORD } from '../../src/services/seed.js';
import { forgetKeys, redisAnswers, redisUrlForTests } from './redis-support.js';

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = redisUrlForTests();
const redisUp = await redisAnswers(redisUrl);
const skipReason = !databaseUrl
  ? 'DATABASE_URL is not set (the PostgreSQL pass sets it)'
  : !redisUp
    ? `Redis does not answer at ${redisUrl}`
    : undefined;

const API = '/frontegg/identity/resources';
const TEAM = '/frontegg/team/resources';
const COOKIE = 'fe_refresh_brizoaccess';
const RATE_LIMIT_MAX = 12;
const repoRoot = path.resolve(packageRoot, '../..');

interface Instance {
  url: string;
  process: ChildProcess;
  output: string[];
}

interface Session {
  accessToken: string;
  refreshToken: string;
}

/** DATABASE_URL with another database name. */
const databaseUrlOf = (name: string): string => {
  const url = new URL(databaseUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
};

const refreshCookieOf = (response: Response): string | undefined => {
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const [name, value] = (pair ?? '').split('=');
    if (name === COOKIE) return value;
  }
  return undefined;
};

async function startInstance(port: number, env: NodeJS.ProcessEnv): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/identity/src/server.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { url: `http://127.0.0.1:${port}`, process: child, output };
}

/** Resolves once the instance answers /health/ready; fails with its output if it exits first. */
async function ready(instance: Instance): Promise<void> {
  for (;;) {
    if (instance.process.exitCode !== null) {
      throw new Error(`instance exited (${instance.process.exitCode}):\n${instance.output.join('')}`);
    }
    const answer = await fetch(`${instance.url}/health/ready`).catch(() => undefined);
    if (answer?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stop(instance: Instance | undefined): Promise<void> {
  if (!instance || instance.process.exitCode !== null) return;
  const exited = new Promise((resolve) => instance.process.once('exit', resolve));
  instance.process.kill('SIGTERM');
  await exited;
}

const post = (instance: Instance, url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${instance.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function signIn(instance: Instance, email: string): Promise<Session> {
  const response = await post(instance, `${API}/auth/v1/user`, { email, password: DEMO_PASSWORD });
  expect(response.status, await response.clone().text()).toBe(200);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return { accessToken, refreshToken: refreshCookieOf(response) ?? '' };
}

/** A refresh on `instance`; the session moves to the rotated tokens when it succeeds. */
async function refresh(instance: Instance, session: Session): Promise<number> {
  const response = await post(
    instance,
    `${API}/auth/v1/user/token/refresh`,
    {},
    {
      cookie: `${COOKIE}=${session.refreshToken}`,
    },
  );
  if (response.ok) {
    session.accessToken = ((await response.json()) as { accessToken: string }).accessToken;
    session.refreshToken = refreshCookieOf(response) ?? '';
  }
  return response.status;
}

const me = (instance: Instance, session: Session) =>
  fetch(`${instance.url}${API}/users/v2/me`, { headers: { authorization: `Bearer ${session.accessToken}` } });

describe.skipIf(skipReason !== undefined)(
  `issue 16: two instances${skipReason ? ` (skipped: ${skipReason})` : ''}`,
  () => {
    const databaseName = `cluster_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    let admin: pg.Client;
    let a: Instance | undefined;
    let b: Instance | undefined;
    const keyPrefix = `test-${randomUUID()}:`;
    let loginHits = 0;
    const instances = () => {
      if (!a || !b) throw new Error('instances not started');
      return { a, b };
    };

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${databaseName}`);
      // Below Linux's ephemeral range (32768 and up), where any outgoing connection of a parallel test
      // (PostgreSQL, Redis) may hold the port and the instance fail with EADDRINUSE.
      const portBase = 20_000 + Math.floor(Math.random() * 12_000);
      const env = {
        DATABASE_URL: databaseUrlOf(databaseName),
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: keyPrefix,
        // Tokens made by one instance are checked by the other: one issuer for both.
        PUBLIC_URL: `http://127.0.0.1:${portBase}`,
        DEMO_ACCOUNTS: 'true',
        DEV_TOOLS: 'false',
        RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
        LOG_LEVEL: 'warn',
      };
      // Started together on the empty database: migrations and the first signing key race here.
      a = await startInstance(portBase, env);
      b = await startInstance(portBase + 1, env);
      await Promise.all([ready(a), ready(b)]);
    }, 120_000);

    afterAll(async () => {
      await Promise.all([stop(a), stop(b)]);
      await forgetKeys(keyPrefix);
      if (admin) {
        await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
        await admin.end();
      }
    }, 60_000);

    it('both start together on an empty database: migrated once, one signing key', async () => {
      const client = new pg.Client({ connectionString: databaseUrlOf(databaseName) });
      await client.connect();
      try {
        const keys = await client.query<{ count: string }>('select count(*) from signing_keys');
        expect(Number(keys.rows[0]?.count)).toBe(1);
        const migrations = await client.query<{ count: string; distinct: string }>(
          'select count(*), count(distinct hash) as distinct from drizzle.__drizzle_migrations',
        );
        expect(migrations.rows[0]?.count).toBe(migrations.rows[0]?.distinct);
      } finally {
        await client.end();
      }
    });

    it('a session signed in on A refreshes on B, and its access token works on B', async () => {
      const { a, b } = instances();
      const session = await signIn(a, 'regular@brizo.test');
      loginHits += 1;
      expect((await me(b, session)).status).toBe(200);
      expect(await refresh(b, session)).toBe(200);
      expect((await me(a, session)).status).toBe(200);
    });

    it('a logout on A is refused on B at once: the access token and the refresh token', async () => {
      const { a, b } = instances();
      const session = await signIn(a, 'trial@brizo.test');
      loginHits += 1;
      expect((await me(b, session)).status).toBe(200);
      const logout = await post(
        a,
        `${API}/auth/v1/logout`,
        {},
        { cookie: `${COOKIE}=${session.refreshToken}` },
      );
      expect(logout.ok).toBe(true);
      expect((await me(b, session)).status).toBe(401);
      expect(await refresh(b, { ...session })).toBe(401);
    });

    it("an administrator's role removal on A holds on B at once: old token refused, refresh without the roles", async () => {
      const { a, b } = instances();
      const administrator = await signIn(a, 'admin@brizo.test');
      // Signed in on B: B holds the member's roles in its authorization cache.
      const member = await signIn(b, 'readonly@brizo.test');
      loginHits += 2;
      const before = decodeJwt(member.accessToken) as { sub: string; roles: string[] };
      expect(before.roles.length).toBeGreaterThan(0);
      const removal = await fetch(`${a.url}${TEAM}/members/v1`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${administrator.accessToken}` },
        body: JSON.stringify({ id: before.sub, roleIds: [''] }),
      });
      expect(removal.status, await removal.clone().text()).toBe(200);
      expect((await me(b, member)).status).toBe(401);
      expect(await refresh(b, member)).toBe(200);
      expect((decodeJwt(member.accessToken) as { roles: string[] }).roles).toEqual([]);
    });

    it('the credential rate limit counts the requests of both instances together', async () => {
      const { a, b } = instances();
      const statuses: number[] = [];
      // Unknown accounts, one each: the per-account password throttle stays out of the way.
      for (let attempt = 0; attempt < 2 * RATE_LIMIT_MAX; attempt++) {
        const instance = attempt % 2 === 0 ? a : b;
        const response = await post(instance, `${API}/auth/v1/user`, {
          email: `nobody-${randomUUID()}@cluster.test`,
          password: 'not-the-password',
        });
        statuses.push(response.status);
      }
      const admitted = statuses.filter((status) => status !== 429).length;
      // Counted per instance, each would have admitted RATE_LIMIT_MAX from this address.
      expect(admitted).toBe(RATE_LIMIT_MAX - loginHits);
      expect(statuses.filter((status, index) => status === 429 && index % 2 === 0).length).toBeGreaterThan(0);
      expect(statuses.filter((status, index) => status === 429 && index % 2 === 1).length).toBeGreaterThan(0);
    });
  },
);
