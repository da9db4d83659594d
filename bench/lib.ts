import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
export const DEMO_PASSWORD = 'Brizo-demo-2026!';
export const API = '/frontegg/identity/resources';

/**
 * The port a benchmark's server listens on: its own default (each script has a different one, so two
 * benchmarks can run side by side), or BENCH_PORT to run a second copy of the same script beside it.
 */
export function benchPort(defaultPort: number): number {
  return process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : defaultPort;
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

let serverBuilt = false;

/** Builds the server once per benchmark run: the benchmarks measure what `npm start` runs. */
function buildServer(): void {
  if (serverBuilt) return;
  const result = spawnSync(process.execPath, ['apps/identity/scripts/build.mjs'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the server build failed');
  serverBuilt = true;
}

/**
 * Starts the built identity server in a child process pinned to one CPU core (taskset), with a fresh
 * embedded database unless DATABASE_URL is set in `env`. The load generator runs in this process on the
 * other core.
 */
export async function startServer(options: {
  port: number;
  env?: Record<string, string>;
  core?: number;
}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'brizo-bench-'));
  const env = {
    ...process.env,
    PORT: String(options.port),
    PUBLIC_URL: `http://localhost:${options.port}`,
    DATA_DIR: dataDir,
    DEV_TOOLS: 'false',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '100000000',
    ...options.env,
  };
  buildServer();
  const args = [
    '-c',
    String(options.core ?? 0),
    process.execPath,
    // BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the server.
    ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
    'apps/identity/dist/server.mjs',
  ];
  const child = spawn('taskset', args, { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://localhost:${options.port}`;
  await waitForHealth(url, child);
  return {
    url,
    process: child,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function waitForHealth(url: string, child?: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child?.exitCode !== null && child?.exitCode !== undefined)
      throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs} ms`);
}

/** Signs in with a password and returns the refresh cookie the server set. */
export async function loginForRefreshCookie(
  url: string,
  email: string,
  password = DEMO_PASSWORD,
): Promise<string> {
  const response = await fetch(`${url}${API}/auth/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return refreshCookieFrom(response.headers.getSetCookie());
}

export function refreshCookieFrom(setCookies: string[]): string {
  const cookie = setCookies
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('fe_refresh'));
  if (!cookie) throw new Error(`no refresh cookie in ${JSON.stringify(setCookies)}`);
  return cookie;
}

export function formatRate(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}

export function describeMachine(): string {
  return `Node ${process.version}, ${process.platform}/${process.arch}`;
}

export interface LoadResult {
  completed: number;
  failed: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
}

const percentileOf = (sorted: number[]) => (p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

/** A run's figures from its successful calls' latencies (sorted here) and failures, since `started`. */
function loadResult(latencies: number[], failed: number, started: number): LoadResult {
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const percentile = percentileOf(latencies);
  return {
    completed: latencies.length,
    failed,
    seconds,
    perSecond: latencies.length / seconds,
    p50: percentile(0.5),
    p99: percentile(0.99),
  };
}

/**
 * Open-loop load at a constant rate: the i-th GET is due at start + i / rate, whatever happened to the
 * others, over at most `connections` keep-alive connections. Latency runs from when a request was due,
 * so a request that waited for a free connection or a busy server counts its wait (no coordinated
 * omission). autocannon's fixed-rate mode sends its connections' requests in bursts: against a route
 * that does nothing it reports a p99 near 20 ms at 200/s on this machine, this generator about 1 ms.
 */
export async function runOpenLoop(options: {
  url: string;
  rate: number;
  seconds: number;
  connections?: number;
  headers?: Record<string, string>;
  path: (index: number) => string;
}): Promise<LoadResult & { sentLate: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections ?? 10 });
  const { hostname, port } = new URL(options.url);
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  let failed = 0;
  const get = (index: number, since: number) =>
    new Promise<void>((resolve) => {
      const call = request(
        { hostname, port, path: options.path(index), agent, headers: options.headers },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (response.statusCode === 200) latencies.push(performance.now() - since);
            else failed += 1;
            resolve();
          });
        },
      );
      call.on('error', () => {
        failed += 1;
        resolve();
      });
      call.end();
    });
  const started = performance.now();
  const calls: Promise<void>[] = [];
  // Requests this generator sent more than 2 ms after they were due (its timer fired late, its own core
  // was busy): their latency counts that wait, so a p99 near it may be the generator's, not the server's.
  let sentLate = 0;
  for (let index = 0; index < total; index += 1) {
    const due = started + (index * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const now = performance.now();
    if (now - due > 2) sentLate += 1;
    // A timer may fire a fraction of a millisecond early: such a request is timed from when it was sent.
    calls.push(get(index, Math.min(due, now)));
  }
  await Promise.all(calls);
  agent.destroy();
  return { ...loadResult(latencies, failed, started), sentLate };
}

/**
 * Closed-loop load: `workers` loops run `step` back to back for `seconds`; each loop keeps its own state
 * (e.g. a session whose refresh cookie rotates on every call), which autocannon's per-loop context cannot.
 * `step` resolves true on success.
 */
export async function runClosedLoop<State>(options: {
  workers: number;
  seconds: number;
  init: (index: number) => Promise<State>;
  step: (state: State) => Promise<boolean>;
}): Promise<LoadResult> {
  const states = await Promise.all(
    Array.from({ length: options.workers }, (_, index) => options.init(index)),
  );
  const latencies: number[] = [];
  let failed = 0;
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(
    states.map(async (state) => {
      while (performance.now() < deadline) {
        const begin = performance.now();
        const ok = await options.step(state);
        if (ok) latencies.push(performance.now() - begin);
        else failed += 1;
      }
    }),
  );
  return loadResult(latencies, failed, started);
}

/** The server's argon2id parameters (auth/methods/password/passwords.ts), for the raw verify ceiling. */
export const SERVER_ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * CPU seconds a process has used (user + system, /proc/<pid>/stat); 0 once it has ended (a PostgreSQL
 * backend whose connection closed). The machine is shared: CPU per call says what one free core would
 * sustain, where the wall-clock rate says what this run got.
 */
export function cpuSecondsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** A process's resident memory now, and its peak (VmHWM) since it started, in MiB. */
/** Starts the process's peak RSS (VmHWM) over from its current RSS: a peak of the load, not of start-up. */
export function resetPeakOf(pid: number | undefined): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

export function memoryOf(pid: number | undefined): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kib('VmRSS') / 1024, peak: kib('VmHWM') / 1024 };
}

// ---- A keep-alive HTTP client (lighter than fetch, so the generator is not the limit) ----

const keepAlive = new Agent({ keepAlive: true, maxSockets: 64 });

export interface Answer {
  status: number;
  setCookies: string[];
  body: string;
}

export const JSON_HEADERS = { 'content-type': 'application/json' };

/** Closes the connections `post` keeps open, so the script can end. */
export const closeConnections = (): void => keepAlive.destroy();

export function post(url: string, body: string, headers: Record<string, string>): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      {
        method: 'POST',
        agent: keepAlive,
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            setCookies: ([] as string[]).concat(response.headers['set-cookie'] ?? []),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

/** A password login of a seeded account: its refresh cookie and access token. */
export async function signIn(
  baseUrl: string,
  email: string,
): Promise<{ cookie: string; accessToken: string }> {
  const answer = await post(
    `${baseUrl}${API}/auth/v1/user`,
    JSON.stringify({ email, password: DEMO_PASSWORD }),
    JSON_HEADERS,
  );
  if (answer.status !== 200) throw new Error(`login failed: ${answer.status} ${answer.body}`);
  return {
    cookie: refreshCookieFrom(answer.setCookies),
    accessToken: (JSON.parse(answer.body) as { accessToken: string }).accessToken,
  };
}

/** A new API token of the signed-in admin's tenant, for exchanges and client-credentials grants. */
export async function apiToken(
  baseUrl: string,
  accessToken: string,
): Promise<{ clientId: string; secret: string }> {
  const answer = await post(
    `${baseUrl}${API}/tenants/api-tokens/v2`,
    JSON.stringify({ description: 'bench', roleIds: [], expiresInMinutes: 30 * 1440 }),
    { ...JSON_HEADERS, authorization: `Bearer ${accessToken}` },
  );
  if (answer.status !== 201) throw new Error(`api token failed: ${answer.status} ${answer.body}`);
  return JSON.parse(answer.body) as { clientId: string; secret: string };
}
