// The admin portal's users list with 100,000 users in one tenant, on one core (server pinned with
// taskset to core 0; run this generator with `taskset -c 1`): a page of 20, sorted, searched and
// filtered, at a constant 200 requests/s (p50/p99, open loop) and at the most the core gives.
// PostgreSQL keeps the bench tenant ('Users list bench', bench-user-N@bench.test) for the next run.
// Usage: taskset -c 1 npx tsx bench/users-list.ts            (PGlite; BENCH_ONLY=<part of a name>)
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench taskset -c 1 npx tsx bench/users-list.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  adminAccessToken,
  ensurePostgresDatabase,
  runSql,
  seedKept,
  sqlText,
  tenantAdminSeed,
} from './enterprise-lib.ts';
import {
  API,
  describeMachine,
  formatRate,
  runOpenLoop,
  benchPort,
  startServer,
  type RunningServer,
} from './lib.ts';

const USERS = 100_000;
const TENANT = 'Users list bench';
const ADMIN = 'bench-admin@bench.test';
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const databaseUrl = process.env.DATABASE_URL;
const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
const port = benchPort(3313);

/** One statement per entry: both drivers run them in order. Names repeat so searches find many. */
const seedStatements = [
  `delete from tenants where name = '${TENANT}'`,
  `delete from users where email like 'bench-user-%@bench.test' or email = '${ADMIN}'`,
  `insert into tenants (name) values ('${TENANT}')`,
  `insert into users (email, name, verified, provider, created_at, last_login)
   select 'bench-user-' || g || '@bench.test',
     (array['Ava','Ben','Chloe','Dan','Ella','Finn','Grace','Hugo','Ivy','Jack','Kira','Liam','Mia','Noah','Olga','Paul','Quinn','Rosa','Sam','Tess'])[1 + g % 20]
       || ' ' || (array['Smith','Jones','Brown','Taylor','Wilson','Davies','Evans','Thomas','Roberts','Walker'])[1 + (g / 20) % 10]
       || ' ' || g,
     g % 10 <> 0, 'local', now() - make_interval(mins => g),
     case when g % 4 = 0 then null else now() - make_interval(days => g % 180) end
   from generate_series(1, ${USERS}) g`,
  `insert into memberships (user_id, tenant_id, created_at)
   select u.id, t.id, u.created_at from users u, tenants t
   where t.name = '${TENANT}' and u.email like 'bench-user-%@bench.test'`,
  `insert into user_roles (user_id, tenant_id, role_id)
   select m.user_id, m.tenant_id, r.id from memberships m join tenants t on t.id = m.tenant_id
   join roles r on r.key = 'bfm-base' and r.tenant_id is null where t.name = '${TENANT}'`,
  `insert into mfa_devices (user_id, type, secret)
   select id, 'authenticator', 'JBSWY3DPEHPK3PXP' from users where email like 'bench-user-%7@bench.test'`,
  ...tenantAdminSeed(ADMIN, TENANT),
  `vacuum analyze`,
];

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length] as T;
const prefixes = ['mia', 'noah t', 'ava s', 'bench-user-42', 'grace w', 'kira', 'tess d', 'bench-user-9'];

/** The list calls measured: each scenario varies its page (or search) from request to request. */
const scenarios: Array<{ name: string; path: (i: number) => string }> = [
  {
    name: 'sorted by name, pages 1-5',
    path: (i) => `${API}/users/v2?_limit=20&_offset=${i % 5}&_sortBy=name&_order=ASC`,
  },
  {
    name: 'searched (part of a name or email), sorted by name',
    path: (i) =>
      `${API}/users/v2?_limit=20&_offset=0&_sortBy=name&_order=ASC&_filter=${encodeURIComponent(pick(prefixes, i))}`,
  },
  {
    name: 'filtered (MFA not enrolled), newest first, pages 1-5',
    path: (i) =>
      `${API}/users/v3?_limit=20&_offset=${i % 5}&_sortBy=createdAt&_order=DESC&_preset=mfa-unenrolled`,
  },
  {
    name: 'filtered (inactive 90 days) and searched, sorted by email',
    path: (i) =>
      `${API}/users/v3?_limit=20&_offset=0&_sortBy=email&_order=ASC&_preset=inactive&_filter=${encodeURIComponent(pick(prefixes, i))}`,
  },
  {
    name: 'deep pages: sorted by name, pages 450-500',
    path: (i) => `${API}/users/v2?_limit=20&_offset=${450 + (i % 50)}&_sortBy=name&_order=DESC`,
  },
];

/** The most the core gives: autocannon, 10 connections back to back. */
async function measureMax(url: string, token: string, path: (i: number) => string, duration = seconds) {
  let counter = 0;
  return autocannon({
    url,
    connections: 10,
    duration,
    headers: { authorization: `Bearer ${token}` },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: path(counter++) }) }],
  });
}

/** 200 requests/s at a constant rate (bench/lib.ts runOpenLoop), up to 10 connections. */
const measureAtRate = (url: string, token: string, path: (i: number) => string, duration = seconds) =>
  runOpenLoop({ url, rate: 200, seconds: duration, headers: { authorization: `Bearer ${token}` }, path });

const ms = (value: number) => `${value.toFixed(1)} ms`;

let server: RunningServer | undefined;
const pgliteDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'brizo-users-bench-'));
const env: Record<string, string> = databaseUrl
  ? { DATABASE_URL: databaseUrl, ACCESS_TOKEN_TTL_SECONDS: '3600' }
  : { DATA_DIR: pgliteDir ?? '', ACCESS_TOKEN_TTL_SECONDS: '3600' };
try {
  if (databaseUrl) await ensurePostgresDatabase(databaseUrl);
  // The first start migrates and seeds the demo accounts; PGlite is then seeded while no server holds it.
  server = await startServer({ port, env });
  if (pgliteDir) {
    await server.stop();
    server = undefined;
  }
  const seedStart = performance.now();
  const reused = await seedKept(
    `select count(*) as count from memberships m join tenants t on t.id = m.tenant_id where t.name = ${sqlText(TENANT)}`,
    USERS + 1,
  );
  if (!reused) await runSql(seedStatements, pgliteDir);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  server ??= await startServer({ port, env });
  const token = await adminAccessToken(server.url, ADMIN);
  const check = await fetch(`${server.url}${API}/users/v2?_limit=20`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const total = ((await check.json()) as { _metadata: { totalItems: number } })._metadata.totalItems;

  console.log(`### Users list with 100,000 users, one core (${database})`);
  console.log(
    `${describeMachine()}; ${total.toLocaleString('en-US')} users in the tenant (${reused ? 'seeded by an earlier run' : `seeded in ${seedSeconds.toFixed(1)} s with generate_series`}); ${seconds} s per run, 10 connections`,
  );
  console.log(
    '| call (page of 20) | at 200 req/s: p50 / p99 | sent > 2 ms late | max throughput | p99 at max | failed |',
  );
  console.log('|---|---|---|---|---|---|');
  // What the generator and HTTP cost alone: a route answered from memory (the tenant's roles).
  const floor = () => '/frontegg/team/resources/roles/v1';
  await measureAtRate(server.url, token, floor, 3);
  const floorRun = await measureAtRate(server.url, token, floor);
  console.log(
    `| floor: GET roles/v1 (cached, no query) | ${ms(floorRun.p50)} / ${ms(floorRun.p99)} | ${floorRun.sentLate} | | | ${floorRun.failed} |`,
  );
  // BENCH_ONLY="deep" measures only the scenarios whose name contains it (for profiling one shape).
  const only = process.env.BENCH_ONLY;
  for (const scenario of scenarios.filter(({ name }) => !only || name.includes(only))) {
    await measureAtRate(server.url, token, scenario.path, 3); // warm-up of plans and caches
    const fixed = await measureAtRate(server.url, token, scenario.path);
    const max = await measureMax(server.url, token, scenario.path);
    console.log(
      `| ${scenario.name} | ${ms(fixed.p50)} / ${ms(fixed.p99)} | ${fixed.sentLate} | ${formatRate(max.requests.average)}/s | ${max.latency.p99} ms | ${fixed.failed + max.non2xx} |`,
    );
  }
} finally {
  if (server) await server.stop();
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
}
