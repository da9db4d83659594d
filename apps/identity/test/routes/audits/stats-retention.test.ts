// Issue 14: the Audit logs stats (today, severe this week, UTC), the tenant's retention setting and the
// hourly job that deletes what it no longer keeps, in batches.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../../src/db/schema/index.js';
import { as, auditActionsOf, createTenantAdmins, type TenantAdmins } from '../../admin-support.js';
import { expectErrorShape, useTestServer } from '../../harness.js';
import { createTenant } from '../../factories.js';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { AUDITS, seedAudits, seedManyAudits } from './support.js';

const server = useTestServer();
/** A Wednesday afternoon (UTC): the week began on Monday the 9th. */
const NOW = new Date('2026-03-11T15:00:00.000Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

let team: TenantAdmins;

beforeAll(async () => {
  server().clock.set(NOW);
  team = await createTenantAdmins(server());
});

const statsOf = async (who: TenantAdmins) => {
  const response = await as(server(), who.admin)(
    'GET',
    `${AUDITS}/stats?sortBy=createdAt&sortDirection=desc&count=20`,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ totalToday: number; severeThisWeek: number }>();
};

describe('GET /audits/stats', () => {
  it('counts events since midnight UTC and High or Critical ones since Monday midnight UTC', async () => {
    const before = await statsOf(team);
    await seedAudits(server().db, team.tenant.id, [
      { severity: 'Critical', createdAt: new Date('2026-03-11T00:00:00.000Z') },
      { severity: 'Info', createdAt: new Date('2026-03-11T14:59:00.000Z') },
      { severity: 'Info', createdAt: new Date('2026-03-10T23:59:59.999Z') },
      { severity: 'High', createdAt: new Date('2026-03-09T00:00:00.000Z') },
      { severity: 'Error', createdAt: new Date('2026-03-09T10:00:00.000Z') },
      { severity: 'Critical', createdAt: new Date('2026-03-08T23:59:59.999Z') },
    ]);
    // Another tenant's events count for it only.
    const other = await createTenantAdmins(server());
    await seedAudits(server().db, other.tenant.id, [{ severity: 'Critical', createdAt: daysAgo(0) }]);
    expect(await statsOf(team)).toEqual({
      totalToday: before.totalToday + 2,
      severeThisWeek: before.severeThisWeek + 2,
    });
    expectErrorShape(await as(server(), team.member)('GET', `${AUDITS}/stats`), 403);
    expectErrorShape(await as(server(), team.admin)('GET', `${AUDITS}/stats?since=yesterday`), 400);
  });
});

describe('the retention setting', () => {
  it("answers the server's default until the tenant chooses, and records the change", async () => {
    const admin = as(server(), team.admin);
    expect((await admin('GET', `${AUDITS}/settings`)).json()).toEqual({
      retentionDays: null,
      defaultRetentionDays: 365,
    });
    const saved = await admin('PUT', `${AUDITS}/settings`, { retentionDays: 90 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ retentionDays: 90, defaultRetentionDays: 365 });
    expect((await admin('GET', `${AUDITS}/settings`)).json()).toEqual({
      retentionDays: 90,
      defaultRetentionDays: 365,
    });
    expect(await auditActionsOf(server(), team.admin)).toContain('Audit log retention updated');
    const [row] = (await listAuditLogsByEmail(server().db, team.admin.user.email)).filter(
      (entry) => entry.action === 'Audit log retention updated',
    );
    expect(row).toMatchObject({
      tenantId: team.tenant.id,
      severity: 'High',
      json: { before: { retentionDays: null }, after: { retentionDays: 90 } },
    });
    // Back to the default.
    expect((await admin('PUT', `${AUDITS}/settings`, { retentionDays: null })).json()).toEqual({
      retentionDays: null,
      defaultRetentionDays: 365,
    });
  });

  it('lets the Read Only administrator read it but not change it', async () => {
    const readOnly = as(server(), team.readOnly);
    expect((await readOnly('GET', `${AUDITS}/settings`)).statusCode).toBe(200);
    expectErrorShape(await readOnly('PUT', `${AUDITS}/settings`, { retentionDays: 30 }), 403);
    expectErrorShape(await as(server(), team.member)('GET', `${AUDITS}/settings`), 403);
  });

  it("changes the caller's tenant only", async () => {
    const other = await createTenantAdmins(server());
    await as(server(), other.admin)('PUT', `${AUDITS}/settings`, { retentionDays: 7 });
    expect((await as(server(), team.admin)('GET', `${AUDITS}/settings`)).json()).toMatchObject({
      retentionDays: null,
    });
    expect((await as(server(), other.admin)('GET', `${AUDITS}/settings`)).json()).toMatchObject({
      retentionDays: 7,
    });
  });

  it.each([
    ['zero days', { retentionDays: 0 }],
    ['more than ten years', { retentionDays: 3651 }],
    ['a fraction', { retentionDays: 1.5 }],
    ['text', { retentionDays: '30' }],
    ['nothing', {}],
    ['another field', { retentionDays: 30, tenantId: 'x' }],
  ])('refuses %s with a 400', async (_name, body) => {
    expectErrorShape(await as(server(), team.admin)('PUT', `${AUDITS}/settings`, body), 400);
  });
});

describe('the audit-retention job', () => {
  const countOf = async (tenantId: string | null) => {
    const [row] = await server()
      .db.select({ count: sql<number>`count(*)::int` })
      .from(auditLogs)
      .where(tenantId === null ? isNull(auditLogs.tenantId) : eq(auditLogs.tenantId, tenantId));
    return row?.count ?? 0;
  };
  const seeded = (description: string) => /^\d+ days$/.test(description);
  const descriptionsOf = async (tenantId: string) =>
    (await server().db.select().from(auditLogs).where(eq(auditLogs.tenantId, tenantId)))
      .map((row) => row.description)
      .sort();

  it("deletes events older than each tenant's retention, or the default's", async () => {
    const byDefault = await createTenant(server().db);
    const short = await createTenantAdmins(server());
    const long = await createTenantAdmins(server());
    await as(server(), short.admin)('PUT', `${AUDITS}/settings`, { retentionDays: 30 });
    await as(server(), long.admin)('PUT', `${AUDITS}/settings`, { retentionDays: 3650 });
    for (const tenantId of [byDefault.id, short.tenant.id, long.tenant.id]) {
      await seedAudits(server().db, tenantId, [
        { description: '29 days', createdAt: daysAgo(29) },
        { description: '31 days', createdAt: daysAgo(31) },
        { description: '364 days', createdAt: daysAgo(364) },
        { description: '366 days', createdAt: daysAgo(366) },
        { description: '3000 days', createdAt: daysAgo(3000) },
      ]);
    }
    await server()
      .db.insert(auditLogs)
      .values({ action: 'No tenant', severity: 'Info', createdAt: daysAgo(400) });

    let removed: number;
    do removed = await server().app.jobs.run('audit-retention');
    while (removed > 0);
    expect(await descriptionsOf(byDefault.id)).toEqual(['29 days', '31 days', '364 days']);
    expect((await descriptionsOf(short.tenant.id)).filter(seeded)).toEqual(['29 days']);
    expect((await descriptionsOf(long.tenant.id)).filter(seeded)).toEqual([
      '29 days',
      '3000 days',
      '31 days',
      '364 days',
      '366 days',
    ]);
    const [orphan] = await server()
      .db.select()
      .from(auditLogs)
      .where(and(isNull(auditLogs.tenantId), eq(auditLogs.action, 'No tenant')));
    expect(orphan).toBeUndefined();
  });

  it('deletes a large backlog 5,000 rows per statement, answering how many each pass removed', async () => {
    await server().app.jobs.run('audit-retention');
    const backlog = await createTenant(server().db);
    await seedManyAudits(server().db, backlog.id, 12_000, daysAgo(400));
    expect(await server().app.jobs.run('audit-retention')).toBe(5000);
    expect(await countOf(backlog.id)).toBe(7000);
    expect(await server().app.jobs.run('audit-retention')).toBe(5000);
    expect(await server().app.jobs.run('audit-retention')).toBe(2000);
    expect(await server().app.jobs.run('audit-retention')).toBe(0);
    expect(await countOf(backlog.id)).toBe(0);
  });
});
