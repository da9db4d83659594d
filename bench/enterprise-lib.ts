// What the enterprise benchmarks (saml-sign-in, scim-sync, users-list, audit-list) share: a server started on a database
// seeded by SQL before it starts (PGlite cannot be opened while the server holds it), and a load
// generator that sends a fixed list of prepared requests (pre-signed SAML responses, SCIM users) over
// a few connections, each request once.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteExtensions } from '../apps/identity/src/db/client.ts';
import { API, DEMO_PASSWORD, cpuSecondsOf, startServer, type RunningServer } from './lib.ts';

export const databaseUrl = process.env.DATABASE_URL;
export const databaseName = databaseUrl ? 'PostgreSQL' : 'PGlite';

/** The machine's load average (1, 5, 15 minutes): the machine is shared, so every figure says it. */
export const loadAverage = (): string =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** A string as an SQL literal. */
export const sqlText = (value: string): string => `'${value.replace(/'/g, "''")}'`;

/** The PostgreSQL backends serving DATABASE_URL's database now (the server's pool); none on PGlite. */
async function postgresBackends(): Promise<number[]> {
  if (!databaseUrl) return [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/**
 * CPU seconds used by the server process and by its PostgreSQL backends (on PGlite the database runs
 * in the server's process) from now until the returned function is called.
 */
export async function startCpuMeter(serverPid: number | undefined) {
  const server = cpuSecondsOf(serverPid);
  const backends = new Map((await postgresBackends()).map((pid) => [pid, cpuSecondsOf(pid)] as const));
  return async () => {
    // A backend that connected since counts from zero; one that left meanwhile is not counted.
    const database = (await postgresBackends()).reduce(
      (sum, pid) => sum + cpuSecondsOf(pid) - (backends.get(pid) ?? 0),
      0,
    );
    return { server: cpuSecondsOf(serverPid) - server, database };
  };
}

/** The database of `url`, created when missing. */
export async function ensurePostgresDatabase(url: string): Promise<void> {
  const address = new URL(url);
  const name = address.pathname.slice(1);
  address.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: address.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

/** Runs statements in order on PostgreSQL (DATABASE_URL) or on the PGlite data directory. */
export async function runSql(statements: string[], pgliteDir?: string): Promise<void> {
  if (pgliteDir) {
    // The server's migrations created extensions (pg_trgm, btree_gin): their indexes need them loaded to write.
    const client = await PGlite.create({ dataDir: pgliteDir, extensions: pgliteExtensions });
    try {
      for (const statement of statements) await client.exec(statement);
    } finally {
      await client.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The first row of a query on PostgreSQL; undefined on PGlite (its data directory is the server's). */
export async function queryPostgres<Row extends Record<string, unknown>>(
  statement: string,
): Promise<Row | undefined> {
  if (!databaseUrl) return undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<Row>(statement)).rows[0];
  } finally {
    await client.end();
  }
}

/** The statements that make `email` an Admin of the tenant named `tenant`, with the demo password. */
export const tenantAdminSeed = (email: string, tenant: string): string[] => [
  `insert into users (email, name, verified, password_hash, active_tenant_id)
   select ${sqlText(email)}, 'Bench Admin', true, password_hash, (select id from tenants where name = ${sqlText(tenant)})
   from users where email = 'admin@brizo.test'`,
  `insert into memberships (user_id, tenant_id)
   select u.id, t.id from users u, tenants t where u.email = ${sqlText(email)} and t.name = ${sqlText(tenant)}`,
  `insert into user_roles (user_id, tenant_id, role_id)
   select u.id, t.id, r.id from users u, tenants t, roles r
   where u.email = ${sqlText(email)} and t.name = ${sqlText(tenant)} and r.key = 'Admin' and r.tenant_id is null`,
];

/** A benchmark's seed kept by PostgreSQL from an earlier run: `countSql` answers at least `wanted`. */
export async function seedKept(countSql: string, wanted: number): Promise<boolean> {
  const row = await queryPostgres<{ count: string }>(countSql);
  return Number(row?.count ?? 0) >= wanted;
}

/** An access token of a bench administrator, signed in with the demo password. */
export async function adminAccessToken(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}${API}/auth/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  const body = (await response.json()) as { accessToken?: string };
  if (!body.accessToken) throw new Error(`bench admin login failed: ${JSON.stringify(body)}`);
  return body.accessToken;
}

export type TableActivity = Map<string, { reads: number; writes: number }>;

/**
 * Per table, the scans (sequential and index) and rows written so far on PostgreSQL, after waiting for
 * the server's backends to report theirs (an idle backend flushes its statistics within 10 s).
 * `BENCH_TABLE_STATS=1` prints the difference over a timed part: which tables a call touches, how often.
 */
export async function tableActivity(): Promise<TableActivity | undefined> {
  if (!databaseUrl || process.env.BENCH_TABLE_STATS !== '1') return undefined;
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ relname: string; reads: string; writes: string }>(
      `select relname, seq_scan + coalesce(idx_scan, 0) as reads, n_tup_ins + n_tup_upd + n_tup_del as writes
       from pg_stat_user_tables`,
    );
    return new Map(
      rows.map((row) => [row.relname, { reads: Number(row.reads), writes: Number(row.writes) }]),
    );
  } finally {
    await client.end();
  }
}

/** The tables touched between two snapshots, per call: "users 3.0 reads / 1.0 writes, ...". */
export function describeTableActivity(
  before: TableActivity | undefined,
  after: TableActivity | undefined,
  calls: number,
): string | undefined {
  if (!before || !after) return undefined;
  const lines = [...after]
    .map(([table, now]) => {
      const then = before.get(table) ?? { reads: 0, writes: 0 };
      return { table, reads: (now.reads - then.reads) / calls, writes: (now.writes - then.writes) / calls };
    })
    .filter((entry) => entry.reads > 0.01 || entry.writes > 0.01)
    .sort((a, b) => b.reads + b.writes - (a.reads + a.writes));
  const total = lines.reduce((sum, entry) => sum + entry.reads, 0);
  return (
    `table scans per call ${total.toFixed(1)}: ` +
    lines
      .map((entry) => `${entry.table} ${entry.reads.toFixed(1)} r / ${entry.writes.toFixed(1)} w`)
      .join(', ')
  );
}

export interface SeededServer {
  server: RunningServer;
  stop(): Promise<void>;
}

/**
 * The identity server (pinned to core 0 by startServer) on a migrated database that `seed` was run on:
 * a first start migrates and seeds the demo accounts, the server stops, the statements run, and it
 * starts again. PostgreSQL keeps what the statements leave, so they begin by removing an earlier run's.
 */
export async function startSeededServer(options: {
  port: number;
  seed: string[];
  env?: Record<string, string>;
}): Promise<SeededServer> {
  const pgliteDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'brizo-enterprise-bench-'));
  const env = {
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: pgliteDir ?? '' }),
    ...options.env,
  };
  const removeData = () => {
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  };
  try {
    if (databaseUrl) await ensurePostgresDatabase(databaseUrl);
    const migrating = await startServer({ port: options.port, env });
    await migrating.stop();
    await runSql(options.seed, pgliteDir);
    const server = await startServer({ port: options.port, env });
    return {
      server,
      async stop() {
        await server.stop();
        removeData();
      },
    };
  } catch (error) {
    removeData();
    throw error;
  }
}

export interface QueueResult {
  completed: number;
  failed: number;
  seconds: number;
  perSecond: number;
  /** Milliseconds per request, of the successful ones. */
  p50: number;
  p99: number;
  mean: number;
  /** The first few failures' descriptions. */
  failures: string[];
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

export function summarise(latencies: number[], failed: number, seconds: number, failures: string[] = []) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    completed: sorted.length,
    failed,
    seconds,
    perSecond: sorted.length / seconds,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    mean: sorted.reduce((sum, value) => sum + value, 0) / (sorted.length || 1),
    failures,
  } satisfies QueueResult;
}

/**
 * Sends every item once over `connections` loops, each taking the next item when its last request is
 * answered (closed loop, as a directory's sync or a crowd arriving at once would). `send` resolves
 * true on success, or the failure's description. `kindOf` groups the latencies (e.g. new or returning).
 */
export async function runQueue<Item>(options: {
  items: readonly Item[];
  connections: number;
  send: (item: Item) => Promise<true | string>;
  kindOf?: (item: Item) => string;
}): Promise<{ all: QueueResult; byKind: Map<string, QueueResult> }> {
  const latencies: number[] = [];
  const byKind = new Map<string, number[]>();
  const failures: string[] = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (next < options.items.length) {
        const item = options.items[next] as Item;
        next += 1;
        const begin = performance.now();
        const outcome = await options.send(item).catch((error: unknown) => String(error));
        const elapsed = performance.now() - begin;
        if (outcome === true) {
          latencies.push(elapsed);
          if (options.kindOf) {
            const kind = options.kindOf(item);
            const list = byKind.get(kind) ?? [];
            list.push(elapsed);
            byKind.set(kind, list);
          }
        } else {
          failed += 1;
          if (failures.length < 5) failures.push(outcome);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    all: summarise(latencies, failed, seconds, failures),
    byKind: new Map([...byKind].map(([kind, values]) => [kind, summarise(values, 0, seconds)] as const)),
  };
}

export const ms = (value: number): string => `${value.toFixed(1)} ms`;
