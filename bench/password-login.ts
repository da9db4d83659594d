// Password logins per second on one core (server pinned with taskset), next to the raw argon2id verify
// rate measured on the same core in the same run.
// Usage: npx tsx bench/password-login.ts            (PGlite)
//        DATABASE_URL=postgres://... npx tsx bench/password-login.ts
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import { benchPort, API, DEMO_PASSWORD, describeMachine, formatRate, repoRoot, startServer } from './lib.ts';

const durationSeconds = Number(process.env.BENCH_SECONDS ?? 15);
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

function measureRawArgon2(): { verifiesPerSecond: number; msPerVerify: number } {
  const result = spawnSync(
    'taskset',
    ['-c', '0', process.execPath, '--import', 'tsx', 'bench/argon2-raw.ts', '5000'],
    {
      cwd: repoRoot,
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}');
}

const raw = measureRawArgon2();
const server = await startServer({
  port: benchPort(3301),
  env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {},
});
try {
  const result = await autocannon({
    url: `${server.url}${API}/auth/v1/user`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'regular@brizo.test', password: DEMO_PASSWORD }),
    connections: 4,
    duration: durationSeconds,
  });
  const ok = result['2xx'];
  const loginsPerSecond = ok / durationSeconds;
  console.log(`## Password login, one core (${database})`);
  console.log(
    `${describeMachine()}; ${durationSeconds} s, 4 connections; non-2xx: ${result.non2xx}, errors: ${result.errors}`,
  );
  console.log(`| measure | value |`);
  console.log(`|---|---|`);
  console.log(
    `| raw argon2id verify (m=19 MiB, t=2, p=1) | ${formatRate(raw.verifiesPerSecond)}/s (${raw.msPerVerify.toFixed(2)} ms each) |`,
  );
  console.log(`| password logins | ${formatRate(loginsPerSecond)}/s |`);
  console.log(`| login latency p50 / p99 | ${result.latency.p50} ms / ${result.latency.p99} ms |`);
  console.log(
    `| logins as a share of the raw verify rate | ${((100 * loginsPerSecond) / raw.verifiesPerSecond).toFixed(0)}% (target ≥ 60%) |`,
  );
} finally {
  await server.stop();
}
