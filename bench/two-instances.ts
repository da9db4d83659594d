// Issue 16: password logins, token refreshes and API-token exchanges per second with one instance and
// with two instances sharing one PostgreSQL database and one Redis, each instance pinned to its own core
// (taskset -c 0 and -c 1). Also one instance with Redis, against the same without: what Redis adds.
// The load generator runs in this process; with two instances it shares the two cores with them, so the
// server CPU per call (from /proc) is the fairer comparison. Each loop sends its calls to the instances
// in turn: a session signed in on one refreshes on the other.
// Usage: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test [REDIS_URL=redis://127.0.0.1:6379] \
//        npx tsx bench/two-instances.ts
// A database of its own is created next to DATABASE_URL's and dropped at the end.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import {
  API,
  DEMO_PASSWORD,
  benchPort,
  cpuSecondsOf,
  describeMachine,
  formatRate,
  refreshCookieFrom,
  runClosedLoop,
  startServer,
  type LoadResult,
  type RunningServer,
} from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) throw new Error('DATABASE_URL is required: two instances share one PostgreSQL database');

const databaseName = `bench_two_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
const databaseUrl = (() => {
  const url = new URL(baseUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

interface Setup {
  name: string;
  servers: RunningServer[];
}

const port = benchPort(3360);

async function start(name: string, count: 1 | 2, withRedis: boolean): Promise<Setup> {
  const env = {
    DATABASE_URL: databaseUrl,
    // One issuer for every instance: a token made by one is checked by the other.
    PUBLIC_URL: `http://localhost:${port}`,
    ...(withRedis ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `bench-${randomUUID()}:` } : {}),
  };
  const servers = await Promise.all(
    Array.from({ length: count }, (_, core) => startServer({ port: port + core, core, env })),
  );
  return { name, servers };
}

const post = (url: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function accessTokenOf(url: string, email: string): Promise<string> {
  const response = await post(url, `${API}/auth/v1/user`, { email, password: DEMO_PASSWORD });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

async function apiTokenBody(url: string, adminToken: string): Promise<string> {
  const roles = await fetch(`${url}/frontegg/team/resources/roles/v1`, {
    headers: { authorization: `Bearer ${adminToken}` },
  });
  const { items } = (await roles.json()) as { items: Array<{ id: string; key: string }> };
  const roleId = items.find((item) => item.key === 'ReadOnly')?.id;
  const response = await post(
    url,
    `${API}/tenants/api-tokens/v2`,
    { description: 'bench', roleIds: [roleId], expiresInMinutes: 1440 },
    { authorization: `Bearer ${adminToken}` },
  );
  if (response.status !== 201) throw new Error(`api token: ${response.status} ${await response.text()}`);
  const { clientId, secret } = (await response.json()) as { clientId: string; secret: string };
  return JSON.stringify({ clientId, secret });
}

interface Figure {
  result: LoadResult;
  cpuMicros: number;
}

/** Runs `step` in closed loops, each loop sending its calls to the instances in turn. */
async function measure<State>(
  setup: Setup,
  workers: number,
  init: (url: string) => Promise<State>,
  step: (url: string, state: State) => Promise<boolean>,
): Promise<Figure> {
  const urls = setup.servers.map((server) => server.url);
  let cpuAtStart = 0;
  const result = await runClosedLoop({
    workers,
    seconds,
    init: async (index) => {
      const state = { turn: index, inner: await init(urls[index % urls.length] ?? '') };
      cpuAtStart = setup.servers.reduce((sum, server) => sum + cpuSecondsOf(server.process.pid), 0);
      return state;
    },
    step: (state) => {
      state.turn += 1;
      return step(urls[state.turn % urls.length] ?? '', state.inner);
    },
  });
  const cpu = setup.servers.reduce((sum, server) => sum + cpuSecondsOf(server.process.pid), 0) - cpuAtStart;
  return { result, cpuMicros: (cpu / (result.completed + result.failed)) * 1e6 };
}

async function run(setup: Setup): Promise<Record<string, Figure>> {
  const [first] = setup.servers;
  if (!first) throw new Error('no server');
  const logins = await measure(
    setup,
    4,
    async () => ({}),
    async (url) => {
      const response = await post(url, `${API}/auth/v1/user`, {
        email: 'regular@brizo.test',
        password: DEMO_PASSWORD,
      });
      await response.arrayBuffer();
      return response.ok;
    },
  );
  const refreshes = await measure(
    setup,
    8,
    async (url) => {
      const response = await post(url, `${API}/auth/v1/user`, {
        email: 'regular@brizo.test',
        password: DEMO_PASSWORD,
      });
      await response.arrayBuffer();
      return { cookie: refreshCookieFrom(response.headers.getSetCookie()) };
    },
    async (url, session) => {
      const response = await post(url, `${API}/auth/v1/user/token/refresh`, {}, { cookie: session.cookie });
      await response.arrayBuffer();
      if (!response.ok) return false;
      session.cookie = refreshCookieFrom(response.headers.getSetCookie());
      return true;
    },
  );
  const adminToken = await accessTokenOf(first.url, 'admin@brizo.test');
  const exchanges = await measure(
    setup,
    32,
    async () => ({ body: await apiTokenBody(first.url, adminToken) }),
    async (url, loop) => {
      const response = await fetch(`${url}${API}/auth/v1/api-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: loop.body,
      });
      const answer = (await response.json()) as { accessToken?: string };
      return response.ok && typeof answer.accessToken === 'string';
    },
  );
  return { 'password logins': logins, 'token refreshes': refreshes, 'API-token exchanges': exchanges };
}

const admin = new pg.Client({ connectionString: baseUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${databaseName}`);
const rows: string[] = [];
try {
  const setups: Array<[string, 1 | 2, boolean]> = [
    ['one instance, no Redis', 1, false],
    ['one instance, Redis', 1, true],
    ['two instances, Redis', 2, true],
  ];
  for (const [name, count, withRedis] of setups) {
    const setup = await start(name, count, withRedis);
    try {
      const figures = await run(setup);
      for (const [what, figure] of Object.entries(figures)) {
        const { result } = figure;
        rows.push(
          `| ${name} | ${what} | ${formatRate(result.perSecond)}/s | ${result.p50.toFixed(1)} ms / ${result.p99.toFixed(1)} ms | ${figure.cpuMicros.toFixed(0)} µs | ${result.failed} |`,
        );
      }
    } finally {
      await Promise.all(setup.servers.map((server) => server.stop()));
    }
  }
} finally {
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  await admin.end();
}
console.log(`### Two instances (PostgreSQL, Redis)`);
console.log(`${describeMachine()}; ${seconds} s per figure; servers pinned to core 0 (and core 1)`);
console.log(`| setup | calls | per second | p50 / p99 | server CPU per call | failures |`);
console.log(`|---|---|---|---|---|---|`);
for (const row of rows) console.log(row);
