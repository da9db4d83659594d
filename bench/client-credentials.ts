// Client-credentials exchanges per second on one core (server pinned with taskset -c 0): tenant API
// tokens (secrets stored as SHA-256) exchanged for ES256 access tokens carrying the token's roles.
// Each loop exchanges its own token back to back. Run the generator on the other core:
// Usage: taskset -c 1 npx tsx bench/client-credentials.ts            (PGlite)
//        BENCH_URL=http://localhost:3323 BENCH_PID=<server pid> taskset -c 1 npx tsx bench/client-credentials.ts
//        DATABASE_URL=postgres://... taskset -c 1 npx tsx bench/client-credentials.ts
import {
  benchPort,
  API,
  cpuSecondsOf,
  DEMO_PASSWORD,
  describeMachine,
  formatRate,
  runClosedLoop,
  startServer,
} from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const workers = Number(process.env.BENCH_WORKERS ?? 32);
const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

interface Credentials {
  clientId: string;
  secret: string;
}

async function adminAccessToken(url: string): Promise<string> {
  const response = await fetch(`${url}${API}/auth/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@brizo.test', password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** A tenant API token with the Read Only role, as the admin portal creates it (30 days). */
async function createToken(url: string, accessToken: string, roleId: string): Promise<Credentials> {
  const response = await fetch(`${url}${API}/tenants/api-tokens/v2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ description: 'bench', roleIds: [roleId], expiresInMinutes: 30 * 1440 }),
  });
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return (await response.json()) as Credentials;
}

async function readOnlyRoleId(url: string, accessToken: string): Promise<string> {
  // The Read Only role's id travels in the Admin's own claims only as a key: read it from a token the
  // portal created without roles is not possible, so ask the database-backed role list of the seed.
  const response = await fetch(`${url}/frontegg/team/resources/roles/v1`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (!response.ok) throw new Error(`roles failed: ${response.status}`);
  const body = (await response.json()) as { items: Array<{ id: string; key: string }> };
  const role = body.items.find((item) => item.key === 'ReadOnly');
  if (!role) throw new Error('no ReadOnly role');
  return role.id;
}

// BENCH_URL: measure a server started by hand instead (e.g. under --cpu-prof to see where the time goes).
const server = process.env.BENCH_URL
  ? { url: process.env.BENCH_URL, process: { pid: Number(process.env.BENCH_PID) }, stop: async () => {} }
  : await startServer({
      port: benchPort(3322),
      env: process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {},
    });
try {
  const accessToken = await adminAccessToken(server.url);
  const roleId = await readOnlyRoleId(server.url, accessToken);
  // The same generator against GET /.well-known/jwks.json (answered from memory): the ceiling of HTTP,
  // fastify and the generator alone on this machine at this moment, which load lowers like the exchange.
  const cpuBeforeCeiling = cpuSecondsOf(server.process.pid);
  const ceiling = await runClosedLoop({
    workers,
    seconds: Math.min(seconds, 10),
    init: async () => ({}),
    step: async () => {
      const response = await fetch(`${server.url}/.well-known/jwks.json`);
      await response.arrayBuffer();
      return response.ok;
    },
  });
  const cpuPerCeilingCall =
    (cpuSecondsOf(server.process.pid) - cpuBeforeCeiling) / (ceiling.completed + ceiling.failed);
  let cpuAtStart = 0;
  const result = await runClosedLoop({
    workers,
    seconds,
    init: async () => {
      const token = await createToken(server.url, accessToken, roleId);
      cpuAtStart = cpuSecondsOf(server.process.pid);
      return { body: JSON.stringify({ clientId: token.clientId, secret: token.secret }) };
    },
    step: async (loop) => {
      const response = await fetch(`${server.url}${API}/auth/v1/api-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: loop.body,
      });
      const answer = (await response.json()) as { accessToken?: string };
      return response.ok && typeof answer.accessToken === 'string';
    },
  });
  const cpuPerExchange = (cpuSecondsOf(server.process.pid) - cpuAtStart) / (result.completed + result.failed);
  console.log(`### Client-credentials exchange, one core (${database})`);
  console.log(
    `${describeMachine()}; ${seconds} s, ${workers} loops, each exchanging its own tenant API token back to back; failures: ${result.failed}`,
  );
  console.log(`| measure | value |`);
  console.log(`|---|---|`);
  console.log(`| exchanges | ${formatRate(result.perSecond)}/s (target ≥ 6,000/s) |`);
  console.log(`| latency p50 / p99 | ${result.p50.toFixed(2)} ms / ${result.p99.toFixed(2)} ms |`);
  console.log(
    `| GET /.well-known/jwks.json, same generator (ceiling) | ${formatRate(ceiling.perSecond)}/s, ${(cpuPerCeilingCall * 1e6).toFixed(0)} µs server CPU each |`,
  );
  console.log(
    `| server CPU per exchange | ${(cpuPerExchange * 1e6).toFixed(0)} µs (${formatRate(1 / cpuPerExchange)}/s on a free core) |`,
  );
} finally {
  await server.stop();
}
