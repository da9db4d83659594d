// Issue 14: webhook deliveries per second, with signing, on one core (server pinned to core 0; run this
// generator and its receiver with `taskset -c 1`). A webhook of the demo tenant subscribes to one event;
// N audit rows of that event and their outbox rows are written by SQL while the server is stopped; the
// server then starts, and the figure is the time from its start until a local receiver (which checks
// every signature) has N distinct deliveries: the dispatcher's fan-out into the delivery queue, the
// worker's claims, the HMAC-SHA256 signature, the POST and each attempt's log row, all included.
// Usage: taskset -c 1 npx tsx bench/webhook-delivery.ts
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench taskset -c 1 npx tsx bench/webhook-delivery.ts
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensurePostgresDatabase, loadAverage, runSql, startCpuMeter } from './enterprise-lib.ts';
import { API, DEMO_PASSWORD, describeMachine, benchPort, startServer, type RunningServer } from './lib.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 20_000);
const SECRET = 'bench-webhook-secret-0123456789';
const ACTION = 'Role updated';
const EVENT_KEY = 'roles.roleUpdated';
const databaseUrl = process.env.DATABASE_URL;
const database = databaseUrl ? 'PostgreSQL' : 'PGlite';
const port = benchPort(3315);

/** The receiver: checks each signature (docs/webhooks.md) and counts distinct event ids. */
const seen = new Set<string>();
let badSignatures = 0;
let onAll: (() => void) | undefined;
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const timestamp = String(request.headers['x-webhook-timestamp'] ?? '');
    const expected = `v1=${createHmac('sha256', SECRET).update(`${timestamp}.${body}`).digest('hex')}`;
    const given = String(request.headers['x-webhook-signature'] ?? '');
    const valid =
      given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
    if (!valid) badSignatures += 1;
    else seen.add((JSON.parse(body) as { eventId: string }).eventId);
    response.writeHead(200).end('ok');
    if (seen.size >= EVENTS) onAll?.();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

let server: RunningServer | undefined;
const pgliteDir = databaseUrl ? undefined : mkdtempSync(join(tmpdir(), 'brizo-webhook-bench-'));
const env: Record<string, string> = {
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: pgliteDir ?? '' }),
  OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
};
try {
  if (databaseUrl) await ensurePostgresDatabase(databaseUrl);
  server = await startServer({ port, env });
  const login = await fetch(`${server.url}${API}/auth/v1/user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@brizo.test', password: DEMO_PASSWORD }),
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const created = await fetch(`${server.url}/frontegg/webhook/custom`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      displayName: 'Bench receiver',
      url: receiverUrl,
      secret: SECRET,
      eventKeys: [EVENT_KEY],
      isActive: true,
    }),
  });
  if (!created.ok) throw new Error(`webhook creation failed: ${created.status} ${await created.text()}`);
  await server.stop();
  server = undefined;

  // Earlier runs' queue and events go; then N events of the demo tenant, as the audit writer makes them.
  const tenant = `(select active_tenant_id from users where email = 'admin@brizo.test')`;
  await runSql(
    [
      `delete from event_outbox`,
      `delete from webhook_deliveries where webhook_id in (select id from webhooks where url <> '${receiverUrl}' and display_name = 'Bench receiver')`,
      `delete from webhooks where display_name = 'Bench receiver' and url <> '${receiverUrl}'`,
      `with written as (
         insert into audit_logs (tenant_id, email, action, description, severity, ip, user_agent, json, created_at)
         select ${tenant}, 'admin@brizo.test', '${ACTION}', 'Bench event ' || g, 'Info', '203.0.113.7', 'bench',
           jsonb_build_object('n', g), now()
         from generate_series(1, ${EVENTS}) g
         returning id, tenant_id, created_at)
       insert into event_outbox (audit_id, tenant_id, created_at) select id, tenant_id, created_at from written`,
    ],
    pgliteDir,
  );

  const all = new Promise<void>((resolve) => {
    onAll = resolve;
  });
  const started = performance.now();
  server = await startServer({ port, env });
  const meter = await startCpuMeter(server.process.pid);
  const startedAfterBoot = performance.now();
  await all;
  const elapsed = (performance.now() - started) / 1000;
  const afterBoot = (performance.now() - startedAfterBoot) / 1000;
  const cpu = await meter();

  console.log(`### Webhook deliveries, signed, one core (${database})`);
  console.log(
    `${describeMachine()}; load ${loadAverage()}; ${EVENTS.toLocaleString('en-US')} events of one key, one webhook`,
  );
  console.log(
    `${seen.size.toLocaleString('en-US')} distinct events delivered in ${afterBoot.toFixed(1)} s after the server answered /health (${elapsed.toFixed(1)} s with its start): ${Math.round(seen.size / afterBoot).toLocaleString('en-US')} deliveries/s; ${badSignatures} bad signatures; server CPU ${((cpu.server * 1000) / seen.size).toFixed(3)} ms per delivery${databaseUrl ? `, PostgreSQL CPU ${((cpu.database * 1000) / seen.size).toFixed(3)} ms` : ''}`,
  );
} finally {
  if (server) await server.stop();
  receiver.close();
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
}
