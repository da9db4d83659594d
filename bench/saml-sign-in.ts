// Full SSO sign-ins per second on one core (server pinned to core 0 with taskset): the raw-response
// mode of POST /auth/v1/user/saml/postlogin, i.e. every check of the assertion consumer (signature,
// issuer, audience, times, replay record), then provisioning (just in time for a new person, roles,
// identity link) and the session's tokens. The tenant, its SAML connection (IdP-initiated sign-in
// allowed) and a validated domain are written by SQL before the server starts. Half the sign-ins are
// new people, half returning ones (signed in once during the warm-up). Every response is signed by
// the test IdP (apps/identity/test/saml-idp.ts) with its own assertion id before the timed part.
// PostgreSQL: the bench tenant ('SSO bench') and its people (@sso-bench.test) are removed first.
// Usage: taskset -c 1 npx tsx bench/saml-sign-in.ts            (PGlite; BENCH_SIGNINS=2000, BENCH_CONNECTIONS=8)
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench taskset -c 1 npx tsx bench/saml-sign-in.ts
// BENCH_TABLE_STATS=1 (PostgreSQL) adds the table reads and row writes per sign-in (pg_stat_user_tables).
import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { generateSpKey } from '../apps/identity/src/auth/methods/saml/sp-keys.ts';
import { createTestIdp } from '../apps/identity/test/saml-idp.ts';
import {
  databaseName,
  loadAverage,
  ms,
  runQueue,
  sqlText,
  describeTableActivity,
  startCpuMeter,
  startSeededServer,
  tableActivity,
  type QueueResult,
} from './enterprise-lib.ts';
import { API, benchPort, describeMachine, formatRate } from './lib.ts';

const TENANT = 'SSO bench';
const DOMAIN = 'sso-bench.test';
const signIns = Number(process.env.BENCH_SIGNINS ?? 2000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const returningPeople = Math.min(500, Math.ceil(signIns / 2));
const port = benchPort(3331);
const publicUrl = `http://localhost:${port}`;
const sp = {
  entityId: `${publicUrl}/frontegg/saml/metadata`,
  acsUrl: `${publicUrl}/frontegg/auth/saml/callback`,
};
const POSTLOGIN = `${API}/auth/v1/user/saml/postlogin`;

const loadBefore = loadAverage();
const key = await generateSpKey('idp.sso-bench.test', new Date(Date.now() - 60_000));
const idp = await createTestIdp({ sp, key, entityId: 'https://idp.sso-bench.test/saml' });
const run = randomUUID().slice(0, 8);

const seed = [
  `delete from tenants where name = ${sqlText(TENANT)}`,
  `delete from users where email like ${sqlText(`%@${DOMAIN}`)}`,
  `insert into tenants (name) values (${sqlText(TENANT)})`,
  `insert into sso_connections (tenant_id, protocol, type, idp_entity_id, sso_endpoint, idp_certificates, allow_idp_initiated)
   select id, 'saml', 'saml', ${sqlText(idp.entityId)}, ${sqlText(idp.ssoUrl)},
     ${sqlText(JSON.stringify([idp.certificateBody]))}::jsonb, true
   from tenants where name = ${sqlText(TENANT)}`,
  `insert into sso_domains (connection_id, tenant_id, domain, validated, txt_record, validated_at)
   select c.id, c.tenant_id, ${sqlText(DOMAIN)}, true, 'brizo-verification=bench', now()
   from sso_connections c join tenants t on t.id = c.tenant_id where t.name = ${sqlText(TENANT)}`,
];

interface Posted {
  kind: 'new' | 'returning';
  samlResponse: string;
}

/** An IdP-initiated response for one person, valid for 30 minutes (the timed part is well within). */
const respond = (email: string) =>
  idp.respond({
    nameId: email,
    now: new Date(),
    lifetimeSeconds: 1800,
    attributes: { email, firstName: 'Bench', lastName: email.split('@')[0] ?? '' },
  });

const seeded = await startSeededServer({ port, seed });
const { server } = seeded;
let tenantId = '';
const send = async (posted: Posted): Promise<true | string> => {
  const response = await fetch(`${server.url}${POSTLOGIN}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ SAMLResponse: posted.samlResponse }),
  });
  const body = (await response.json()) as { accessToken?: string };
  if (response.status !== 200 || !body.accessToken)
    return `${response.status} ${JSON.stringify(body).slice(0, 200)}`;
  // Signed into the connection's tenant, or the figure would be another path's.
  const claims = decodeJwt(body.accessToken);
  if (tenantId && claims.tenantId !== tenantId) return `signed into ${String(claims.tenantId)}`;
  tenantId ||= String(claims.tenantId);
  return true;
};

try {
  // Warm-up (untimed): the returning people's first sign-in, which provisions them.
  const returning = Array.from({ length: returningPeople }, (_, index) => `back-${run}-${index}@${DOMAIN}`);
  const warmUp = await runQueue({
    items: await Promise.all(
      returning.map(async (email) => ({ kind: 'new' as const, samlResponse: await respond(email) })),
    ),
    connections,
    send,
  });
  if (warmUp.all.failed > 0) throw new Error(`warm-up failed: ${warmUp.all.failures.join('; ')}`);

  // Signed before the clock starts: the IdP's work is not ours.
  const items: Posted[] = [];
  for (let index = 0; index < signIns; index += 1) {
    const isNew = index % 2 === 0;
    const email = isNew
      ? `new-${run}-${index}@${DOMAIN}`
      : (returning[Math.floor(index / 2) % returning.length] ?? '');
    items.push({ kind: isNew ? 'new' : 'returning', samlResponse: await respond(email) });
  }
  const tablesBefore = await tableActivity();
  const loadAtStart = loadAverage();
  const meter = await startCpuMeter(server.process.pid);
  const { all, byKind } = await runQueue({ items, connections, send, kindOf: (item) => item.kind });
  const cpu = await meter();
  const tables = describeTableActivity(tablesBefore, await tableActivity(), signIns);
  if (tables) console.log(`(PostgreSQL, BENCH_TABLE_STATS=1) ${tables}`);
  // A replayed response must be refused: the figure is of sign-ins whose replay check ran.
  const replay = await send(items[0] as Posted);
  if (replay === true) throw new Error('a replayed response signed in');

  const line = (name: string, result: QueueResult | undefined, rate: boolean) =>
    result
      ? `| ${name} | ${result.completed.toLocaleString('en-US')} | ${rate ? `${formatRate(result.perSecond)}/s` : ''} | ${ms(result.mean)} | ${ms(result.p50)} / ${ms(result.p99)} |`
      : `| ${name} | 0 | | | |`;
  console.log(`## SSO sign-in (SAML, raw-response post-login), one core (${databaseName})`);
  console.log(
    `${describeMachine()}; load average before ${loadBefore}, at the timed part's start ${loadAtStart}, after ${loadAverage()}; ` +
      `${signIns.toLocaleString('en-US')} sign-ins over ${connections} connections in ${all.seconds.toFixed(1)} s ` +
      `(half new people, half ${returningPeople} returning ones); failures: ${all.failed}${all.failures.length ? ` (${all.failures.join('; ')})` : ''}; ` +
      `response ${Buffer.from(items[0]?.samlResponse ?? '', 'base64').length.toLocaleString('en-US')} B of XML`,
  );
  console.log('| sign-ins | count | rate | mean | p50 / p99 |');
  console.log('|---|---|---|---|---|');
  console.log(line('all', all, true));
  console.log(line('of which new people (just-in-time provisioning)', byKind.get('new'), false));
  console.log(line('of which returning people', byKind.get('returning'), false));
  const serverMs = (1000 * cpu.server) / signIns;
  console.log(
    `| CPU per sign-in: server process${databaseName === 'PostgreSQL' ? ' / PostgreSQL backends' : ' (PGlite inside)'} | | ${formatRate(1000 / serverMs)}/s on one free core | ${ms(serverMs)}${databaseName === 'PostgreSQL' ? ` / ${ms((1000 * cpu.database) / signIns)}` : ''} | |`,
  );
} finally {
  await seeded.stop();
}
