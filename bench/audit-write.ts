// Issue 14: what the domain event adds to the audited write path. Every audit row of a tenant now also
// writes its event_outbox row in the same statement (apps/identity/src/db/queries/audit-logs.ts), so a
// change, its audit row and its webhook event are never separated. Measured at the database, one core,
// as statements one after the other (as a request makes them): the audit insert alone, as before issue
// 14, against the audit insert with its outbox row; each alternating in rounds so drift hits both.
// Usage: taskset -c 1 npx tsx bench/audit-write.ts
//        DATABASE_URL=postgres://postgres@127.0.0.1:5432/bench taskset -c 1 npx tsx bench/audit-write.ts
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/identity/src/db/client.ts';
import { insertAuditLog } from '../apps/identity/src/db/queries/audit-logs.ts';
import { ensurePostgresDatabase, databaseName, databaseUrl, loadAverage } from './enterprise-lib.ts';
import { describeMachine } from './lib.ts';

const ROUNDS = 10;
const PER_ROUND = Number(process.env.BENCH_WRITES ?? 2_000);

if (databaseUrl) await ensurePostgresDatabase(databaseUrl);
const dataDir = mkdtempSync(join(tmpdir(), 'brizo-bench-audit-write-'));
const database = await openDatabase({ databaseUrl, dataDir });
try {
  await database.migrate();
  const { db } = database;
  const tenantId = randomUUID();
  await db.execute(sql`insert into tenants (id, name) values (${tenantId}, 'Audit write bench')`);

  const entry = (index: number) => ({
    tenantId,
    userId: null,
    email: `bench-${index}@bench.test`,
    action: 'Role updated',
    description: 'Role Bench updated',
    severity: 'Info' as const,
    ip: '203.0.113.7',
    userAgent: 'bench',
    json: { roleId: randomUUID(), before: { name: 'A' }, after: { name: 'B' } },
    createdAt: new Date(),
  });
  /** The audit insert alone: the statement every audited write made before issue 14. */
  const auditOnly = async (index: number) => {
    const e = entry(index);
    await db.execute(sql`
      insert into audit_logs (tenant_id, user_id, email, action, description, severity, ip, user_agent, json, created_at)
      values (${e.tenantId}, ${e.userId}, ${e.email}, ${e.action}, ${e.description}, ${e.severity}, ${e.ip},
        ${e.userAgent}, ${JSON.stringify(e.json)}::jsonb, ${e.createdAt.toISOString()}::timestamptz)`);
  };
  const withEvent = (index: number) => insertAuditLog(db, entry(index));

  const variants = { 'audit row alone': auditOnly, 'audit row + outbox event': withEvent };
  const samples = new Map<string, number[]>(Object.keys(variants).map((name) => [name, []]));
  // Warm-up: plans cached, pages in memory.
  for (let i = 0; i < 500; i += 1) {
    await auditOnly(i);
    await withEvent(i);
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [name, write] of Object.entries(variants)) {
      const latencies = samples.get(name) ?? [];
      for (let i = 0; i < PER_ROUND; i += 1) {
        const started = process.hrtime.bigint();
        await write(i);
        latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
      }
    }
    // The dispatcher keeps the outbox short in production; here it is emptied between rounds.
    await db.execute(sql`delete from event_outbox`);
  }

  const quantile = (values: number[], q: number) =>
    values[Math.min(values.length - 1, Math.floor(q * values.length))] ?? 0;
  console.log(`${describeMachine()} · ${databaseName} · load ${loadAverage()}`);
  console.log(`${ROUNDS} rounds × ${PER_ROUND} writes per variant, one after the other`);
  const medians = new Map<string, number>();
  for (const [name, values] of samples) {
    values.sort((a, b) => a - b);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    medians.set(name, quantile(values, 0.5));
    console.log(
      `${name.padEnd(26)} p50 ${quantile(values, 0.5).toFixed(3)} ms  p99 ${quantile(values, 0.99).toFixed(3)} ms  mean ${mean.toFixed(3)} ms  (${Math.round(1000 / mean)}/s)`,
    );
  }
  const added = (medians.get('audit row + outbox event') ?? 0) - (medians.get('audit row alone') ?? 0);
  console.log(`added by the outbox event: ${added.toFixed(3)} ms at the median`);
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
