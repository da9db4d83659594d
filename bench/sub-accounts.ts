// Issue 15: the All accounts section over a hierarchy of 10,000 sub-accounts, on one core (server pinned
// with taskset to core 0; run this generator with `taskset -c 1`). A reseller's account with 100
// children of 99 children each, two people in each sub-account: a page of 50 children (the tree's first
// level and a child's level), the search across every account below, the children counts of a page
// (hierarchy metadata), and the users list of the whole subtree (_includeSubTenants). Each at a constant
// 200 requests/s (p50/p99, open loop) and at the most the core gives (10 connections).
// PostgreSQL keeps the bench hierarchy ('Hierarchy bench', HB-n and HB-n-m) for the next run.
// Usage: taskset -c 1 npx tsx bench/sub-accounts.ts            (PGlite)
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench taskset -c 1 npx tsx bench/sub-accounts.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  adminAccessToken,
  ensurePostgresDatabase,
  ms,
  runSql,
  seedKept,
  sqlText,
  tenantAdminSeed,
} from './enterprise-lib.ts';
import {
  API,
  benchPort,
  describeMachine,
  formatRate,
  runOpenLoop,
  startServer,
  type RunningServer,
} from './lib.ts';

const ROOT = 'Hierarchy bench';
const ADMIN = 'hb-admin@bench.test';
const CHILDREN = 100;
const GRANDCHILDREN = 99;
const SUB_ACCOUNTS = CHILDREN * (1 + GRANDCHILDREN);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const databaseUrl = process.env.DATABASE_URL;
const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
const port = benchPort(3319);
const HIERARCHY = '/frontegg/tenants/resources/hierarchy';

/** One statement per entry: both drivers run them in order. Grandchildren go first (parents are restricted). */
const seedStatements = [
  `delete from users where email like 'hb-user-%@bench.test' or email = '${ADMIN}'`,
  `delete from tenants where name like 'HB-%-%'`,
  `delete from tenants where name like 'HB-%'`,
  `delete from tenants where name = ${sqlText(ROOT)}`,
  `insert into tenants (name, is_reseller) values (${sqlText(ROOT)}, true)`,
  `insert into tenants (name, parent_tenant_id, created_at)
   select 'HB-' || g, root.id, now() - make_interval(mins => g)
   from generate_series(1, ${CHILDREN}) g, (select id from tenants where name = ${sqlText(ROOT)}) root`,
  `insert into tenants (name, parent_tenant_id, created_at)
   select c.name || '-' || g, c.id, now() - make_interval(secs => g)
   from tenants c, generate_series(1, ${GRANDCHILDREN}) g
   where c.parent_tenant_id = (select id from tenants where name = ${sqlText(ROOT)})`,
  // The account's id is in each person's address, so the memberships join on it (no pattern match).
  `insert into users (email, name, verified, provider)
   select 'hb-user-' || t.id || '-' || g || '@bench.test',
     (array['Ava','Ben','Chloe','Dan','Ella','Finn','Grace','Hugo'])[1 + g % 8] || ' ' || t.name, true, 'local'
   from tenants t, generate_series(1, 2) g where t.name like 'HB-%'`,
  `insert into memberships (user_id, tenant_id)
   select u.id, substring(u.email from 9 for 36)::uuid from users u where u.email like 'hb-user-%@bench.test'`,
  ...tenantAdminSeed(ADMIN, ROOT),
  `vacuum analyze`,
];

const ids = (items: Array<{ tenantId: string }>) => items.map((item) => item.tenantId);
const pick = <T>(items: readonly T[], index: number): T => items[index % items.length] as T;
const searches = ['HB-7-', 'HB-42', 'hb-99-9', 'HB-3-1', 'HB-100-5', 'HB-1'];

let server: RunningServer | undefined;
const pgliteDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'brizo-hierarchy-bench-'));
const env: Record<string, string> = databaseUrl
  ? { DATABASE_URL: databaseUrl, ACCESS_TOKEN_TTL_SECONDS: '3600' }
  : { DATA_DIR: pgliteDir ?? '', ACCESS_TOKEN_TTL_SECONDS: '3600' };
try {
  if (databaseUrl) await ensurePostgresDatabase(databaseUrl);
  server = await startServer({ port, env });
  if (pgliteDir) {
    await server.stop();
    server = undefined;
  }
  const seedStart = performance.now();
  const reused =
    databaseUrl !== undefined &&
    (await seedKept(`select count(*) as count from tenants where name like 'HB-%'`, SUB_ACCOUNTS));
  // A kept hierarchy is analyzed again: a migration since the last run may have added columns and indexes.
  await runSql(reused ? ['analyze'] : seedStatements, pgliteDir);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  server ??= await startServer({ port, env });
  const token = await adminAccessToken(server.url, ADMIN);
  const headers = { authorization: `Bearer ${token}` };
  const get = async <T>(path: string): Promise<T> => {
    const response = await fetch(`${server?.url}${path}`, { headers });
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  type Page = { items: Array<{ tenantId: string }>; _metadata: { totalItems: number } };
  const firstLevel = await get<Page>(`${HIERARCHY}/v2?_limit=50`);
  const children = ids(firstLevel.items);
  const searched = await get<Page>(`${HIERARCHY}/v2?_limit=50&_filter=HB-7-`);
  const users = await get<{ _metadata: { totalItems: number } }>(
    `${API}/users/v3?_limit=20&_includeSubTenants=true`,
  );

  const scenarios: Array<{ name: string; path: (i: number) => string }> = [
    {
      name: 'tree: first level, pages of 50',
      path: (i) => `${HIERARCHY}/v2?_limit=50&_offset=${(i % 2) * 50}`,
    },
    {
      name: "tree: a child's level (99), pages of 50",
      path: (i) => `${HIERARCHY}/v2?_limit=50&_offset=${(i % 2) * 50}&_subTenantId=${pick(children, i)}`,
    },
    {
      name: 'search every account below (name contains)',
      path: (i) => `${HIERARCHY}/v2?_limit=50&_filter=${encodeURIComponent(pick(searches, i))}`,
    },
    {
      name: 'children counts of a page of 50 (metadata)',
      path: () => `${HIERARCHY}/v2/metadata?_tenantIds=${children.join(',')}`,
    },
    {
      name: 'users of the whole subtree (_includeSubTenants), pages 1-5',
      path: (i) => `${API}/users/v3?_limit=20&_offset=${i % 5}&_includeSubTenants=true`,
    },
  ];

  console.log(
    `### All accounts with ${SUB_ACCOUNTS.toLocaleString('en-US')} sub-accounts, one core (${database})`,
  );
  console.log(
    `${describeMachine()}; ${firstLevel._metadata.totalItems} children of ${GRANDCHILDREN} children each; "HB-7-" matches ${searched._metadata.totalItems}; ${users._metadata.totalItems.toLocaleString('en-US')} users in the subtree (${reused ? 'seeded by an earlier run' : `seeded in ${seedSeconds.toFixed(1)} s`}); ${seconds} s per run`,
  );
  console.log('| call | at 200 req/s: p50 / p99 | max throughput | p99 at max | failed |');
  console.log('|---|---|---|---|---|');
  const only = process.env.BENCH_ONLY;
  for (const scenario of scenarios.filter(({ name }) => !only || name.includes(only))) {
    const open = (duration: number) =>
      runOpenLoop({ url: server?.url ?? '', rate: 200, seconds: duration, headers, path: scenario.path });
    await open(3); // warm-up of plans and caches
    const fixed = await open(seconds);
    let counter = 0;
    const max = await autocannon({
      url: server.url,
      connections: 10,
      duration: seconds,
      headers,
      requests: [
        { method: 'GET', setupRequest: (request) => ({ ...request, path: scenario.path(counter++) }) },
      ],
    });
    console.log(
      `| ${scenario.name} | ${ms(fixed.p50)} / ${ms(fixed.p99)} | ${formatRate(max.requests.average)}/s | ${max.latency.p99} ms | ${fixed.failed + max.non2xx} |`,
    );
  }
} finally {
  if (server) await server.stop();
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
}
