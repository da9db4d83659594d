// SCIM 2.0 provisioning on one core (server pinned to core 0 with taskset), as a directory drives it
// with its bearer token (application/scim+json, the resource shape Microsoft Entra ID sends):
// 1. user creates per second: BENCH_CREATES (2,000) POST /Users with unique userNames;
// 2. an initial sync of BENCH_SYNC_USERS (10,000) users into an empty directory of another tenant,
//    each as Entra ID and Okta provision one (GET /Users?filter=userName eq "..." finds nobody, then
//    POST /Users), over BENCH_CONNECTIONS (4) connections; then one filtered GET timed, and the
//    listing of all the directory's users in pages of 100 (startIndex, count=100), one after the other.
// The tenants and their directories are written by SQL before the server starts (a token's hash, as
// the Provisioning section stores it). PostgreSQL: an earlier run's tenants ('SCIM bench ...') and
// people (@scim-bench.test) are removed first.
// Usage: taskset -c 1 npx tsx bench/scim-sync.ts            (PGlite)
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench taskset -c 1 npx tsx bench/scim-sync.ts
import { randomUUID } from 'node:crypto';
import { generateToken, hashToken } from '../apps/identity/src/lib/secrets.ts';
import {
  databaseName,
  loadAverage,
  ms,
  runQueue,
  sqlText,
  startCpuMeter,
  startSeededServer,
  summarise,
  type QueueResult,
} from './enterprise-lib.ts';
import { benchPort, describeMachine, formatRate } from './lib.ts';

const creates = Number(process.env.BENCH_CREATES ?? 2000);
const syncUsers = Number(process.env.BENCH_SYNC_USERS ?? 10_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 4);
const PAGE = 100;
const DOMAIN = 'scim-bench.test';
const port = benchPort(3332);
const SCIM = '/frontegg/scim/v2';
const SCIM_JSON = 'application/scim+json';
const run = randomUUID().slice(0, 8);

const directories = {
  creates: { tenant: 'SCIM bench creates', token: `scim_${generateToken()}` },
  sync: { tenant: 'SCIM bench sync', token: `scim_${generateToken()}` },
};
const seed = [
  `delete from tenants where name like 'SCIM bench %'`,
  `delete from users where email like ${sqlText(`%@${DOMAIN}`)}`,
  ...Object.values(directories).flatMap(({ tenant, token }) => [
    `insert into tenants (name) values (${sqlText(tenant)})`,
    `insert into scim_directories (tenant_id, connection_name, source, token_hash)
     select id, 'Microsoft Entra ID', 'azure-ad', ${sqlText(hashToken(token))} from tenants where name = ${sqlText(tenant)}`,
  ]),
];

/** The User Entra ID posts for a new person (enterprise extension included). */
const userOf = (userName: string, index: number) => ({
  schemas: [
    'urn:ietf:params:scim:schemas:core:2.0:User',
    'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  ],
  externalId: randomUUID(),
  userName,
  active: true,
  displayName: `Bench Person ${index}`,
  emails: [{ primary: true, type: 'work', value: userName }],
  name: { formatted: `Bench Person ${index}`, familyName: `Person ${index}`, givenName: 'Bench' },
  title: 'Analyst',
  'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': {
    department: `Department ${index % 20}`,
    employeeNumber: String(100_000 + index),
  },
});

const loadBefore = loadAverage();
const seeded = await startSeededServer({ port, seed });
const { server } = seeded;

const call = async (token: string, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${server.url}${SCIM}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      accept: SCIM_JSON,
      ...(body !== undefined && { 'content-type': SCIM_JSON }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
const filterPath = (userName: string) => `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`;
const create = async (token: string, userName: string, index: number): Promise<true | string> => {
  const created = await call(token, 'POST', '/Users', userOf(userName, index));
  return created.status === 201
    ? true
    : `POST ${created.status} ${JSON.stringify(created.body).slice(0, 200)}`;
};

try {
  // 1. Creates per second (after 100 untimed ones: the server's first calls of each kind).
  const warm = await runQueue({
    items: Array.from({ length: 100 }, (_, index) => index),
    connections,
    send: (index) => create(directories.creates.token, `warm-${run}-${index}@${DOMAIN}`, index),
  });
  if (warm.all.failed > 0) throw new Error(`warm-up failed: ${warm.all.failures.join('; ')}`);
  const loadAtCreates = loadAverage();
  const createMeter = await startCpuMeter(server.process.pid);
  const createRun = await runQueue({
    items: Array.from({ length: creates }, (_, index) => index),
    connections,
    send: (index) => create(directories.creates.token, `create-${run}-${index}@${DOMAIN}`, index),
  });
  const createCpu = await createMeter();

  // 2. The initial sync: lookup, then create, for each person.
  const token = directories.sync.token;
  const people = Array.from({ length: syncUsers }, (_, index) => index);
  const nameOf = (index: number) => `sync-${run}-${index}@${DOMAIN}`;
  const lookups: number[] = [];
  const posts: number[] = [];
  const finished: number[] = [];
  const loadAtSync = loadAverage();
  const syncMeter = await startCpuMeter(server.process.pid);
  const syncStart = performance.now();
  const sync = await runQueue({
    items: people,
    connections,
    send: async (index) => {
      const begin = performance.now();
      const found = await call(token, 'GET', filterPath(nameOf(index)));
      if (found.status !== 200 || found.body.totalResults !== 0)
        return `lookup ${found.status} ${JSON.stringify(found.body).slice(0, 200)}`;
      const between = performance.now();
      const outcome = await create(token, nameOf(index), index);
      const end = performance.now();
      lookups.push(between - begin);
      posts.push(end - between);
      finished.push(end - syncStart);
      return outcome;
    },
  });
  const syncCpu = await syncMeter();
  // How the rate holds up as the tables grow: the first and the last tenth of the sync.
  finished.sort((a, b) => a - b);
  const tenth = Math.floor(finished.length / 10);
  const rateOf = (from: number, to: number) =>
    (to - from) / (((finished[to - 1] ?? 0) - (from === 0 ? 0 : (finished[from - 1] ?? 0))) / 1000);

  // 3. One filtered GET (the first, then the median of 20 more), and every page of the listing.
  const someone = nameOf(Math.floor(syncUsers / 2));
  const filterTimes: number[] = [];
  for (let attempt = 0; attempt < 21; attempt += 1) {
    const begin = performance.now();
    const found = await call(token, 'GET', filterPath(someone));
    filterTimes.push(performance.now() - begin);
    if (found.body.totalResults !== 1) throw new Error(`filter found ${String(found.body.totalResults)}`);
  }
  const pageTimes: number[] = [];
  const listed = new Set<string>();
  const listStart = performance.now();
  for (let startIndex = 1; ; startIndex += PAGE) {
    const begin = performance.now();
    const page = await call(token, 'GET', `/Users?startIndex=${startIndex}&count=${PAGE}`);
    pageTimes.push(performance.now() - begin);
    const resources = (page.body.Resources ?? []) as Array<{ id: string }>;
    for (const resource of resources) listed.add(resource.id);
    if (resources.length < PAGE) break;
  }
  const listSeconds = (performance.now() - listStart) / 1000;
  if (listed.size !== sync.all.completed)
    throw new Error(`the listing gave ${listed.size} users, the sync created ${sync.all.completed}`);

  const row = (name: string, result: QueueResult, rate = true) =>
    `| ${name} | ${result.completed.toLocaleString('en-US')} | ${rate ? `${formatRate(result.perSecond)}/s` : ''} | ${ms(result.p50)} / ${ms(result.p99)} |`;
  console.log(`## SCIM provisioning, one core (${databaseName})`);
  console.log(
    `${describeMachine()}; ${connections} connections; load average before ${loadBefore}, at the creates ${loadAtCreates}, ` +
      `at the sync ${loadAtSync}, after ${loadAverage()}; failures: creates ${createRun.all.failed}, sync ${sync.all.failed}` +
      [...createRun.all.failures, ...sync.all.failures].map((failure) => `; ${failure}`).join(''),
  );
  console.log('| measure | calls | rate | p50 / p99 |');
  console.log('|---|---|---|---|');
  console.log(row('POST /Users (creates)', createRun.all));
  console.log(
    `| initial sync of ${syncUsers.toLocaleString('en-US')} users (filter GET + POST each) | ${sync.all.completed.toLocaleString('en-US')} users in **${sync.all.seconds.toFixed(1)} s** | ${formatRate(sync.all.perSecond)} users/s (first tenth ${formatRate(rateOf(0, tenth))}/s, last tenth ${formatRate(rateOf(finished.length - tenth, finished.length))}/s) | ${ms(sync.all.p50)} / ${ms(sync.all.p99)} per user |`,
  );
  const cpuRow = (name: string, cpu: { server: number; database: number }, calls: number) => {
    const serverMs = (1000 * cpu.server) / calls;
    const onPostgres = databaseName === 'PostgreSQL';
    console.log(
      `| CPU per ${name}: server process${onPostgres ? ' / PostgreSQL backends' : ' (PGlite inside)'} | | ${formatRate(1000 / serverMs)}/s on one free core | ${ms(serverMs)}${onPostgres ? ` / ${ms((1000 * cpu.database) / calls)}` : ''} |`,
    );
  };
  cpuRow('create', createCpu, creates);
  cpuRow('synced user (lookup + create)', syncCpu, syncUsers);
  console.log(
    row('sync: its lookups (GET filter, nobody found)', summarise(lookups, 0, sync.all.seconds), false),
  );
  console.log(row('sync: its creates (POST)', summarise(posts, 0, sync.all.seconds), false));
  const sortedFilter = filterTimes.slice(1).sort((a, b) => a - b);
  console.log(
    `| GET /Users?filter=userName eq "…" among ${syncUsers.toLocaleString('en-US')} | 21 | | first ${ms(filterTimes[0] ?? NaN)}, then median ${ms(sortedFilter[10] ?? NaN)} |`,
  );
  const pages = summarise(pageTimes, 0, listSeconds);
  console.log(
    `| listing all ${listed.size.toLocaleString('en-US')} users, count=${PAGE} (${pageTimes.length} pages in turn) | ${pageTimes.length} | **${listSeconds.toFixed(2)} s** in all | ${ms(pages.p50)} / ${ms(pages.p99)} per page; first page ${ms(pageTimes[0] ?? NaN)}, last full page ${ms(pageTimes[pageTimes.length - 2] ?? NaN)} |`,
  );
} finally {
  await seeded.stop();
}
