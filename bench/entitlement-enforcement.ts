// Issue 15: what enforcing entitlements costs an admin call, on one core (server pinned to core 0; run
// this generator with `taskset -c 1`). The same call (GET team roles v1, permission fe.secure.read.roles,
// answered from the roles cache) with the vendor's entitlements off, then on with the permission
// unlinked, linked to a feature the account holds directly, and linked through a plan it holds. Each
// at a constant 200 requests/s (p50/p99) and at the most the core gives (10 connections).
// Usage: taskset -c 1 npx tsx bench/entitlement-enforcement.ts          (PGlite)
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench taskset -c 1 npx tsx bench/entitlement-enforcement.ts
import autocannon from 'autocannon';
import { adminAccessToken, databaseName, databaseUrl, ensurePostgresDatabase, ms } from './enterprise-lib.ts';
import {
  benchPort,
  describeMachine,
  formatRate,
  runOpenLoop,
  startServer,
  type RunningServer,
} from './lib.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = benchPort(3317);
const CALL = '/frontegg/team/resources/roles/v1';
const CONSOLE = '/frontegg/entitlements/resources';

let server: RunningServer | undefined;
let superToken = '';
const asSuperuser = async (method: string, path: string, body: unknown) => {
  const response = await fetch(`${server?.url}${CONSOLE}${path}`, {
    method,
    headers: { authorization: `Bearer ${superToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as { id: string };
};
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { tenantId: string };

async function measure(name: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const probe = await fetch(`${server?.url}${CALL}`, { headers });
  if (probe.status !== 200) throw new Error(`${name}: the call answered ${probe.status}`);
  await runOpenLoop({ url: server?.url ?? '', rate: 200, seconds: 3, headers, path: () => CALL });
  const fixed = await runOpenLoop({ url: server?.url ?? '', rate: 200, seconds, headers, path: () => CALL });
  const max = await autocannon({ url: `${server?.url}${CALL}`, connections: 10, duration: seconds, headers });
  console.log(
    `| ${name} | ${ms(fixed.p50)} / ${ms(fixed.p99)} | ${formatRate(max.requests.average)}/s | ${max.latency.p99} ms | ${fixed.failed + max.non2xx} |`,
  );
}

const created: Array<[string, string]> = [];
try {
  if (databaseUrl) await ensurePostgresDatabase(databaseUrl);
  server = await startServer({
    port,
    env: { ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), ACCESS_TOKEN_TTL_SECONDS: '3600' },
  });
  const token = await adminAccessToken(server.url, 'admin@brizo.test');
  superToken = await adminAccessToken(server.url, 'super@brizo.test');
  const { tenantId } = claimsOf(token);
  const suffix = Date.now().toString(36);

  console.log(`### Entitlement enforcement on an admin call, one core (${databaseName})`);
  console.log(`${describeMachine()}; GET team roles v1 as the demo Admin; ${seconds} s per run`);
  console.log('| entitlements | at 200 req/s: p50 / p99 | max throughput | p99 at max | failed |');
  console.log('|---|---|---|---|---|');
  await asSuperuser('PUT', '/settings/v1', { enabled: false });
  await measure('off', token);

  const feature = await asSuperuser('POST', '/features/v1', {
    key: `bench-roles-${suffix}`,
    name: 'Bench roles',
    linkedPermissions: ['fe.secure.read.audits'],
  });
  created.push(['/features/v1', feature.id]);
  await asSuperuser('PUT', '/settings/v1', { enabled: true });
  await measure('on, the permission linked to no feature', token);

  await asSuperuser('PATCH', `/features/v1/${feature.id}`, { linkedPermissions: ['fe.secure.read.roles'] });
  const grant = await asSuperuser('POST', '/entitlements/v1', { tenantId, featureId: feature.id });
  created.push(['/entitlements/v1', grant.id]);
  await measure('on, linked to a feature the account holds', token);

  await asSuperuser('DELETE', `/entitlements/v1/${grant.id}`, undefined);
  created.pop();
  const plan = await asSuperuser('POST', '/plans/v1', {
    name: `Bench plan ${suffix}`,
    featureIds: [feature.id],
  });
  created.push(['/plans/v1', plan.id]);
  const planGrant = await asSuperuser('POST', '/entitlements/v1', { tenantId, planId: plan.id });
  created.push(['/entitlements/v1', planGrant.id]);
  await measure('on, linked to a feature of a plan the account holds', token);
} finally {
  if (server) {
    // PostgreSQL keeps the vendor's setting and catalogue: leave them as they were.
    for (const [path, id] of created.reverse())
      await asSuperuser('DELETE', `${path}/${id}`, undefined).catch(() => undefined);
    await asSuperuser('PUT', '/settings/v1', { enabled: false }).catch(() => undefined);
    await server.stop();
  }
}
