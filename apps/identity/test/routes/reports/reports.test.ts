// Issue 14: reports as the official client's ReportsApi calls them (SPEC section 7, data filters as
// base64-encoded JSON): the tenant's templates and schedules, the HTML and PDF preview, mailing a report
// now to members of the tenant, and the scheduled-reports job. One tenant's data only, always.
import { and, eq } from 'drizzle-orm';
import type { ReportRecord, ReportSent } from '@brizo/contract/entities/reports';
import { describe, expect, it } from 'vitest';
import { insertAuditLog, listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { assignUserRoles } from '../../../src/db/queries/roles.js';
import { auditLogs, memberships, tenants } from '../../../src/db/schema/index.js';
import { nextCronRun, parseCron } from '../../../src/services/reports/cron.js';
import { signInActions } from '../../../src/services/usage/sign-in-actions.js';
import { as, createTenantAdmins, createTenantRole, signedIn, type Member } from '../../admin-support.js';
import { createUser } from '../../factories.js';
import { expectErrorShape, mailTo, uniqueEmail, useTestServer } from '../../harness.js';

const server = useTestServer();
const REPORTS = '/frontegg/reports/resources/reports/v2';
const TRIGGERS = '/frontegg/reports/engine/resources/triggers/v1';
const base64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

const preview = (who: Member, query: Record<string, string>) =>
  as(server(), who)('GET', `${TRIGGERS}/preview-report?${new URLSearchParams(query).toString()}`);

const schedule = (who: Member, templateId: string, body: object) =>
  as(server(), who)('POST', `${REPORTS}/${templateId}/tenant-reports`, body);

const send = (who: Member, body: object) => as(server(), who)('POST', `${TRIGGERS}/tenant-reports`, body);

const weekly = { interval: 'weekly', cron: '30 9 * * 1', tz: 'Europe/Paris', active: true };

/** A member with only these admin permissions. */
async function memberWith(tenantId: string, permissionKeys: string[]): Promise<Member> {
  const s = server();
  const role = await createTenantRole(s, tenantId, permissionKeys);
  const [tenant] = await s.db.select().from(tenants).where(eq(tenants.id, tenantId));
  const { user } = await createUser(s.db, s.passwords, { tenant });
  await assignUserRoles(s.db, user.id, tenantId, [role.id]);
  return { user, authorization: await signedIn(s, user.email) };
}

describe('the report templates (GET tenant-reports)', () => {
  it('lists the three templates with their data filters, unscheduled at first', async () => {
    const team = await createTenantAdmins(server());
    const response = await as(server(), team.readOnly)('GET', `${REPORTS}/tenant-reports`);
    expect(response.statusCode, response.body).toBe(200);
    const records = response.json<ReportRecord[]>();
    expect(records.map((record) => record.id)).toEqual(['security-summary', 'user-activity', 'audit-digest']);
    for (const record of records) {
      expect(record.status).toBe('unscheduled');
      expect(record.schedule).toBeUndefined();
      expect(record.recipients).toEqual([]);
      expect(record.dataFilters.map((filter) => filter.config.name)).toEqual(
        expect.arrayContaining(['days', 'from', 'to']),
      );
    }
    const one = await as(server(), team.admin)('GET', `${REPORTS}/audit-digest/tenant-reports`);
    expect(one.json<ReportRecord>()).toEqual(records[2]);
  });

  it('filters and sorts as the client asks (filters and sort as JSON), and refuses what is not JSON', async () => {
    const team = await createTenantAdmins(server());
    const list = (query: string) => as(server(), team.admin)('GET', `${REPORTS}/tenant-reports?${query}`);
    const ids = async (query: string) =>
      (await list(query)).json<ReportRecord[]>().map((record) => record.id);
    expect(await ids(`filters=${encodeURIComponent(JSON.stringify({ query: 'DIGEST' }))}`)).toEqual([
      'audit-digest',
    ]);
    expect(
      await ids(`sort=${encodeURIComponent(JSON.stringify({ column: 'name', direction: 'desc' }))}`),
    ).toEqual(['user-activity', 'security-summary', 'audit-digest']);
    expectErrorShape(await list('filters=%7Bnot-json'), 400);
    expectErrorShape(
      await list(`sort=${encodeURIComponent('{"column":"password","direction":"asc"}')}`),
      400,
    );
  });

  it('shows only the templates whose data the caller may read elsewhere, and 404 for an unknown one', async () => {
    const team = await createTenantAdmins(server());
    const usageOnly = await memberWith(team.tenant.id, ['fe.usage.read']);
    const withUsers = await memberWith(team.tenant.id, ['fe.usage.read', 'fe.secure.read.users']);
    const idsOf = async (who: Member) =>
      (await as(server(), who)('GET', `${REPORTS}/tenant-reports`)).json<ReportRecord[]>().map((r) => r.id);
    expect(await idsOf(usageOnly)).toEqual([]);
    expect(await idsOf(withUsers)).toEqual(['user-activity']);
    expectErrorShape(await preview(withUsers, { templateId: 'security-summary' }), 403);
    expectErrorShape(await as(server(), team.member)('GET', `${REPORTS}/tenant-reports`), 403);
    const unknown = expectErrorShape(
      await as(server(), team.admin)('GET', `${REPORTS}/nope/tenant-reports`),
      404,
    );
    expect(unknown.errorCode).toBe('ER-REPORTS-TEMPLATE-NOT-FOUND');
  });
});

describe('preview-report', () => {
  it("renders the security summary as escaped HTML from the tenant's audit log, and nothing of another's", async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const other = await createTenantAdmins(s);
    await s.db.update(tenants).set({ name: 'Acme <b>Foods</b>' }).where(eq(tenants.id, team.tenant.id));
    const row = { severity: 'Info' as const, createdAt: new Date('2025-06-03T10:00:00Z') };
    await insertAuditLog(s.db, {
      ...row,
      tenantId: team.tenant.id,
      userId: team.member.user.id,
      action: signInActions.passkey,
    });
    await insertAuditLog(s.db, {
      ...row,
      tenantId: team.tenant.id,
      action: 'User failed to log in',
      severity: 'Medium',
    });
    await insertAuditLog(s.db, {
      ...row,
      tenantId: team.tenant.id,
      action: 'Refresh token reuse detected, session revoked',
      severity: 'Critical',
      email: 'victim@acme.test',
      ip: '203.0.113.9',
    });
    await insertAuditLog(s.db, {
      ...row,
      tenantId: other.tenant.id,
      action: 'Impersonation started <script>',
      severity: 'High',
      email: 'someone@elsewhere.test',
    });

    const response = await preview(team.admin, {
      templateId: 'security-summary',
      dataFilters: base64({ from: '2025-06-01', to: '2025-06-30' }),
      responseType: 'html',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    const html = response.body;
    expect(html).toContain('<h1>Security summary</h1>');
    expect(html).toContain('Acme &lt;b&gt;Foods&lt;/b&gt; · 2025-06-01 to 2025-06-30 (UTC)');
    expect(html).toMatch(/<dt>Successful sign-ins<\/dt><dd>1<\/dd>/);
    expect(html).toMatch(/<dt>Failed sign-ins<\/dt><dd>1<\/dd>/);
    expect(html).toContain('<td>Passkey</td><td>1</td>');
    expect(html).toContain(
      '<td>Refresh token reuse detected, session revoked</td><td>victim@acme.test</td><td>203.0.113.9</td>',
    );
    expect(html).not.toContain('someone@elsewhere.test');
    expect(html).not.toContain('<script');
  });

  it('renders a PDF file of the same report', async () => {
    const team = await createTenantAdmins(server());
    const response = await preview(team.admin, {
      templateId: 'audit-digest',
      dataFilters: base64({ days: 7, severity: 'Info' }),
      responseType: 'pdf',
      name: 'Audit digest',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="report_audit-digest_\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    const pdf = response.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain('(Audit digest) Tj');
  });

  it('lists the user activity: members, their last sign-in and who is inactive', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const { user: idle } = await createUser(s.db, s.passwords, {
      tenant: team.tenant,
      email: uniqueEmail('idle'),
    });
    const html = (
      await preview(team.admin, { templateId: 'user-activity', dataFilters: base64({ inactiveDays: 7 }) })
    ).body;
    expect(html).toMatch(/<dt>Active members<\/dt><dd>4<\/dd>/);
    expect(html).toMatch(/<dt>Inactive for 7 days or more<\/dt><dd>1<\/dd>/);
    expect(html).toContain(`<td>${idle.email}</td><td>Test User</td><td>Never</td>`);
    expect(html).toContain(`<td>${team.admin.user.email}</td>`);
  });

  it.each([
    ['an image', { responseType: 'image' }, 'ER-REPORTS-UNSUPPORTED-TYPE'],
    ['an unknown type', { responseType: 'gif' }, 'ER-REQUEST-VALIDATION'],
    ['filters that are not base64', { dataFilters: '***' }, 'ER-REPORTS-INVALID-DATA-FILTERS'],
    [
      'base64 of broken JSON',
      { dataFilters: Buffer.from('{"days":').toString('base64') },
      'ER-REPORTS-INVALID-DATA-FILTERS',
    ],
    ['base64 of a JSON array', { dataFilters: base64([1, 2]) }, 'ER-REPORTS-INVALID-DATA-FILTERS'],
    ['0 days', { dataFilters: base64({ days: 0 }) }, 'ER-REPORTS-INVALID-DATA-FILTERS'],
    ['an unknown severity', { dataFilters: base64({ severity: 'Loud' }) }, 'ER-REPORTS-INVALID-DATA-FILTERS'],
    [
      'from after to',
      { dataFilters: base64({ from: '2025-06-10', to: '2025-06-01' }) },
      'ER-REPORTS-INVALID-DATA-FILTERS',
    ],
    [
      'more than 366 days',
      { dataFilters: base64({ from: '2024-01-01', to: '2025-06-01' }) },
      'ER-REPORTS-INVALID-DATA-FILTERS',
    ],
    ['5,000 characters of filters', { dataFilters: 'A'.repeat(5000) }, 'ER-REQUEST-VALIDATION'],
    ['an unknown template', { templateId: 'nope' }, 'ER-REPORTS-TEMPLATE-NOT-FOUND'],
  ])('refuses %s in the error shape', async (_label, query, errorCode) => {
    const team = await createTenantAdmins(server());
    const response = await preview(team.admin, { templateId: 'security-summary', ...query });
    const body = expectErrorShape(response, errorCode === 'ER-REPORTS-TEMPLATE-NOT-FOUND' ? 404 : 400);
    expect(body.errorCode).toBe(errorCode);
  });
});

describe('scheduling a report (POST :templateId/tenant-reports)', () => {
  it("saves the tenant's schedule with the next run in its time zone, mailed to the caller by default, audited", async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const response = await schedule(team.admin, 'security-summary', {
      schedule: weekly,
      status: 'active',
      dataFilters: base64({ days: 7 }),
      type: 'html',
    });
    expect(response.statusCode, response.body).toBe(200);
    const record = response.json<ReportRecord>();
    expect(record.schedule).toEqual({ ...weekly, dataFilters: { days: 7 } });
    expect(record.status).toBe('active');
    expect(record.recipients).toEqual([team.admin.user.email]);
    const expected = nextCronRun(parseCron(weekly.cron), weekly.tz, s.clock.now());
    expect(record.nextRunAt).toBe(expected?.toISOString());

    const listed = (await as(s, team.readOnly)('GET', `${REPORTS}/tenant-reports`)).json<ReportRecord[]>();
    expect(listed.find((entry) => entry.id === 'security-summary')).toEqual(record);

    // Paused: no next run; the audit row keeps both versions.
    const paused = await schedule(team.admin, 'security-summary', {
      schedule: { ...weekly, active: false },
      status: 'inactive',
      recipients: [team.member.user.email, team.admin.user.email.toUpperCase()],
    });
    expect(paused.json<ReportRecord>()).toMatchObject({
      nextRunAt: null,
      status: 'inactive',
      recipients: [team.member.user.email, team.admin.user.email],
    });
    const audits = (await listAuditLogsByEmail(s.db, team.admin.user.email)).filter(
      (row) => row.action === 'Report schedule saved',
    );
    // The test clock stands still: both rows have one time, so they are told apart by content.
    expect(audits.map((row) => row.json)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ templateId: 'security-summary', before: null }),
        expect.objectContaining({
          templateId: 'security-summary',
          before: expect.objectContaining({ status: 'active', recipients: [team.admin.user.email] }),
          after: expect.objectContaining({
            status: 'inactive',
            schedule: expect.objectContaining({ active: false }),
          }),
        }),
      ]),
    );
    expect(audits).toHaveLength(2);

    // Another tenant sees no schedule of this one.
    const other = await createTenantAdmins(s);
    const theirs = (await as(s, other.admin)('GET', `${REPORTS}/tenant-reports`)).json<ReportRecord[]>();
    expect(theirs.every((entry) => entry.status === 'unscheduled' && entry.nextRunAt === null)).toBe(true);
  });

  it('defaults the cron of daily, weekly and monthly schedules', async () => {
    const team = await createTenantAdmins(server());
    for (const [interval, cron] of [
      ['daily', '0 8 * * *'],
      ['weekly', '0 8 * * 1'],
      ['monthly', '0 8 1 * *'],
    ]) {
      const response = await schedule(team.admin, 'audit-digest', { schedule: { interval, active: true } });
      expect(response.json<ReportRecord>().schedule).toMatchObject({ interval, cron, tz: 'UTC' });
    }
  });

  it.each([
    [{ schedule: { interval: 'custom', active: true } }, 'ER-REPORTS-INVALID-SCHEDULE'],
    [{ schedule: { interval: 'custom', cron: '61 * * * *', active: true } }, 'ER-REPORTS-INVALID-SCHEDULE'],
    [{ schedule: { interval: 'custom', cron: '0 0 30 2 *', active: true } }, 'ER-REPORTS-INVALID-SCHEDULE'],
    [{ schedule: { interval: 'daily', cron: '0 8 * * 1', active: true } }, 'ER-REPORTS-INVALID-SCHEDULE'],
    [{ schedule: { ...weekly, tz: 'Mars/Olympus_Mons' } }, 'ER-REPORTS-INVALID-SCHEDULE'],
    [{ schedule: { ...weekly, interval: 'hourly' } }, 'ER-REQUEST-VALIDATION'],
    [{ schedule: { ...weekly, active: 'yes' } }, 'ER-REQUEST-VALIDATION'],
    [{ schedule: weekly, type: 'image' }, 'ER-REPORTS-UNSUPPORTED-TYPE'],
    [{ schedule: weekly, dataFilters: 'not base64!' }, 'ER-REPORTS-INVALID-DATA-FILTERS'],
    [{ schedule: weekly, recipients: ['not-an-email'] }, 'ER-REQUEST-VALIDATION'],
    [
      { schedule: weekly, recipients: Array.from({ length: 21 }, (_, i) => `p${i}@acme.test`) },
      'ER-REQUEST-VALIDATION',
    ],
    [{ schedule: weekly, recipients: ['stranger@elsewhere.test'] }, 'ER-REPORTS-INVALID-RECIPIENTS'],
  ])('refuses %j', async (body, errorCode) => {
    const team = await createTenantAdmins(server());
    const response = expectErrorShape(await schedule(team.admin, 'security-summary', body), 400);
    expect(response.errorCode).toBe(errorCode);
  });

  it('needs an administrator write permission: the Read Only administrator cannot schedule', async () => {
    const team = await createTenantAdmins(server());
    expectErrorShape(await schedule(team.readOnly, 'security-summary', { schedule: weekly }), 403);
    expectErrorShape(await schedule(team.admin, 'nope', { schedule: weekly }), 404);
  });
});

describe('sending a report now (POST triggers tenant-reports)', () => {
  it('mails the rendered report to members of the tenant, and audits it', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const response = await send(team.admin, {
      templateId: 'audit-digest',
      to: [team.member.user.email, team.admin.user.email, team.member.user.email.toUpperCase()],
      dataFilters: base64({ days: 30 }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<ReportSent>()).toEqual({
      templateId: 'audit-digest',
      sentTo: [team.member.user.email, team.admin.user.email],
    });
    const [mail] = await mailTo(s.db, team.member.user.email);
    expect(mail?.subject).toBe(`Audit digest for ${team.tenant.name}`);
    expect(mail?.html).toContain('<h1>Audit digest</h1>');
    expect(mail?.html).toContain('User logged in');
    expect(mail?.text).toContain('Events by action');
    expect(await mailTo(s.db, team.admin.user.email)).toHaveLength(1);
    const [audit] = (await listAuditLogsByEmail(s.db, team.admin.user.email)).filter(
      (row) => row.action === 'Report sent',
    );
    expect(audit?.json).toMatchObject({
      templateId: 'audit-digest',
      recipients: [team.member.user.email, team.admin.user.email],
    });
  });

  it('is no open relay: only members of the tenant, at most 20, by an administrator who may write', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const other = await createTenantAdmins(s);
    const outsider = expectErrorShape(
      await send(team.admin, {
        templateId: 'audit-digest',
        to: [team.member.user.email, other.admin.user.email],
      }),
      400,
    );
    expect(outsider.errorCode).toBe('ER-REPORTS-INVALID-RECIPIENTS');
    expect(await mailTo(s.db, team.member.user.email)).toHaveLength(0);
    expect(await mailTo(s.db, other.admin.user.email)).toHaveLength(0);

    // A disabled member gets nothing either.
    await s.db
      .update(memberships)
      .set({ isDisabled: true })
      .where(and(eq(memberships.userId, team.member.user.id), eq(memberships.tenantId, team.tenant.id)));
    expectErrorShape(
      await send(team.admin, { templateId: 'audit-digest', to: [team.member.user.email] }),
      400,
    );

    expectErrorShape(await send(team.admin, { templateId: 'audit-digest', to: [] }), 400);
    const many = Array.from({ length: 21 }, (_, index) => `p${index}@acme.test`);
    expectErrorShape(await send(team.admin, { templateId: 'audit-digest', to: many }), 400);
    expectErrorShape(
      await send(team.readOnly, { templateId: 'audit-digest', to: [team.readOnly.user.email] }),
      403,
    );
    expectErrorShape(await send(team.admin, { templateId: 'audit-digest' }), 400);
    expectErrorShape(await send(team.admin, { templateId: 'nope', to: [team.admin.user.email] }), 404);
  });
});

describe('the scheduled-reports job', () => {
  it('mails each due report once to the recipients still in the tenant, and moves the next run on', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const started = s.clock.now();
    const saved = await schedule(team.admin, 'user-activity', {
      schedule: { interval: 'daily', cron: '15 6 * * *', tz: 'UTC', active: true },
      recipients: [team.admin.user.email, team.member.user.email],
    });
    const first = new Date(saved.json<ReportRecord>().nextRunAt ?? '');
    try {
      // Not due yet: nothing is sent.
      await s.app.jobs.run('scheduled-reports');
      expect(await mailTo(s.db, team.admin.user.email)).toHaveLength(0);

      // The member leaves the account before the run.
      await s.db
        .delete(memberships)
        .where(and(eq(memberships.userId, team.member.user.id), eq(memberships.tenantId, team.tenant.id)));
      s.clock.set(new Date(first.getTime() + 60_000));
      await s.app.jobs.run('scheduled-reports');
      const [mail] = await mailTo(s.db, team.admin.user.email);
      expect(mail?.subject).toBe(`User activity for ${team.tenant.name}`);
      expect(await mailTo(s.db, team.member.user.email)).toHaveLength(0);
      // Once: a second pass finds nothing due.
      await s.app.jobs.run('scheduled-reports');
      expect(await mailTo(s.db, team.admin.user.email)).toHaveLength(1);

      s.clock.set(started);
      const record = (
        await as(s, team.admin)('GET', `${REPORTS}/user-activity/tenant-reports`)
      ).json<ReportRecord>();
      expect(record.nextRunAt).toBe(new Date(first.getTime() + 24 * 3600 * 1000).toISOString());
      expect(record.lastRunAt).toBe(new Date(first.getTime() + 60_000).toISOString());
      const [audit] = await s.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.tenantId, team.tenant.id), eq(auditLogs.action, 'Scheduled report sent')));
      expect(audit?.json).toMatchObject({ templateId: 'user-activity', recipients: [team.admin.user.email] });
    } finally {
      s.clock.set(started);
    }
  });
});
