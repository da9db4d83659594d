// Issue 14: the Audit logs section with 1,000,000 events in one tenant, on one core (server pinned with
// taskset to core 0; run this generator with `taskset -c 1`): a page of 20, newest first, unfiltered,
// filtered (severity, action, email) and searched, at a constant 200 requests/s (p50/p99, open loop);
// then the CSV export of all 1,000,000 rows (time, rows per second, and the server's peak RSS, which
// must not grow with the export: it is streamed).
// PostgreSQL keeps the bench tenant ('Audit list bench') for the next run.
// Usage: taskset -c 1 npx tsx bench/audit-list.ts              (PGlite; BENCH_ONLY=<part of a name>)
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench taskset -c 1 npx tsx bench/audit-list.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  adminAccessToken,
  ensurePostgresDatabase,
  loadAverage,
  runSql,
  seedKept,
  sqlText,
  tenantAdminSeed,
} from './enterprise-lib.ts';
import { describeMachine, memoryOf, runOpenLoop, benchPort, startServer, type RunningServer } from './lib.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const TENANT = 'Audit list bench';
const ADMIN = 'bench-audit-admin@bench.test';
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const databaseUrl = process.env.DATABASE_URL;
const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
const port = benchPort(3314);

const actions = [
  'User logged in',
  'User failed to log in',
  'Role updated',
  'User invited',
  'Session policy updated',
  'User logged in with SSO',
  'API token exchanged',
  'User locked after failed password attempts',
];
const severities = ['Info', 'Info', 'Info', 'Info', 'Medium', 'Info', 'Info', 'High'];

/** One statement per entry: both drivers run them in order. A million events over the last 90 days. */
const seedStatements = [
  `delete from tenants where name = '${TENANT}'`,
  `delete from users where email = '${ADMIN}'`,
  `insert into tenants (name) values ('${TENANT}')`,
  `insert into audit_logs (tenant_id, email, action, description, severity, ip, user_agent, json, created_at)
   select t.id, 'member-' || (g % 5000) || '@bench.test',
     (array['${actions.join("','")}'])[1 + g % ${actions.length}],
     'Bench event ' || g,
     (array['${severities.join("','")}'])[1 + g % ${severities.length}],
     '203.0.' || (g % 250) || '.' || (g % 200), 'Mozilla/5.0 bench',
     jsonb_build_object('n', g), now() - make_interval(secs => g * 7.776)
   from tenants t, generate_series(1, ${EVENTS}) g where t.name = '${TENANT}'`,
  ...tenantAdminSeed(ADMIN, TENANT),
  `vacuum analyze`,
];

const pick = <T>(items: readonly T[], index: number): T => items[index % items.length] as T;
const AUDITS = '/frontegg/audits';

const scenarios: Array<{ name: string; rate?: number; path: (i: number) => string }> = [
  { name: 'unfiltered, newest first, pages 1-5', path: (i) => `${AUDITS}?count=20&offset=${(i % 5) * 20}` },
  {
    name: 'filtered by severity (High), pages 1-5',
    path: (i) => `${AUDITS}?count=20&offset=${(i % 5) * 20}&severity=High`,
  },
  {
    name: 'filtered by action',
    path: (i) => `${AUDITS}?count=20&offset=0&action=${encodeURIComponent(pick(actions, i))}`,
  },
  {
    name: 'filtered by email',
    path: (i) =>
      `${AUDITS}?count=20&offset=0&email=${encodeURIComponent(`member-${(i * 37) % 5000}@bench.test`)}`,
  },
  {
    // At a person's pace: a page walks the newest events until it has found 20, and the total (counted up
    // to 10,000 by reading the tenant's rows) is counted once per part and reused for a few seconds.
    name: 'free-text search',
    rate: 2,
    path: (i) =>
      `${AUDITS}?count=20&offset=0&filter=${encodeURIComponent(pick(['locked', 'member-42', 'SSO', '203.0.7'], i))}`,
  },
  { name: 'stats', path: () => `${AUDITS}/stats` },
];

const ms = (value: number) => `${value.toFixed(1)} ms`;

let server: RunningServer | undefined;
const pgliteDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'brizo-audit-bench-'));
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
  const reused = await seedKept(
    `select count(*) as count from audit_logs a join tenants t on t.id = a.tenant_id where t.name = ${sqlText(TENANT)}`,
    EVENTS,
  );
  if (!reused) await runSql(seedStatements, pgliteDir);
  const seedSeconds = (performance.now() - seedStart) / 1000;
  server ??= await startServer({ port, env });
  const token = await adminAccessToken(server.url, ADMIN);
  const headers = { authorization: `Bearer ${token}` };
  const first = await fetch(`${server.url}${AUDITS}?count=20&offset=0`, { headers });
  const total = ((await first.json()) as { total: number }).total;

  console.log(
    `### Audit log with ${EVENTS.toLocaleString('en-US')} events in a tenant, one core (${database})`,
  );
  console.log(
    `${describeMachine()}; load ${loadAverage()}; ${reused ? 'seeded by an earlier run' : `seeded in ${seedSeconds.toFixed(1)} s with generate_series`}; first page's total ${total.toLocaleString('en-US')}; ${seconds} s per run`,
  );
  console.log('| call (page of 20) | rate | p50 / p99 | failed |');
  console.log('|---|---|---|---|');
  const only = process.env.BENCH_ONLY;
  for (const scenario of scenarios.filter(({ name }) => !only || name.includes(only))) {
    const rate = scenario.rate ?? 200;
    await runOpenLoop({ url: server.url, rate, seconds: 3, headers, path: scenario.path });
    const run = await runOpenLoop({ url: server.url, rate, seconds, headers, path: scenario.path });
    console.log(`| ${scenario.name} | ${rate}/s | ${ms(run.p50)} / ${ms(run.p99)} | ${run.failed} |`);
  }

  if (!only || 'csv'.includes(only)) {
    const before = memoryOf(server.process.pid);
    const started = performance.now();
    const response = await fetch(`${server.url}${AUDITS}/export/csv/v2?sortBy=createdAt&sortDirection=desc`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ properties: [] }),
    });
    let bytes = 0;
    let lines = 0;
    let peakDuring = before.rss;
    const reader = response.body?.getReader();
    for (;;) {
      const chunk = reader ? await reader.read() : { done: true as const, value: undefined };
      if (chunk.done) break;
      bytes += chunk.value.byteLength;
      for (const byte of chunk.value) if (byte === 10) lines += 1;
      if (lines % 50_000 < 50) peakDuring = Math.max(peakDuring, memoryOf(server.process.pid).rss);
    }
    const elapsed = (performance.now() - started) / 1000;
    const after = memoryOf(server.process.pid);
    console.log('');
    console.log(
      `CSV export (status ${response.status}): ${(lines - 1).toLocaleString('en-US')} rows, ${(bytes / 1024 / 1024).toFixed(0)} MiB in ${elapsed.toFixed(1)} s (${Math.round((lines - 1) / elapsed).toLocaleString('en-US')} rows/s); server RSS ${before.rss.toFixed(0)} MiB before, at most ${peakDuring.toFixed(0)} MiB sampled during, peak since start ${after.peak.toFixed(0)} MiB`,
    );
  }
} finally {
  if (server) await server.stop();
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
}
