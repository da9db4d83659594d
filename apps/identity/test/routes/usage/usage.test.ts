// Issue 14: the Usage section's numbers, computed from what the server already records: the audit log
// (sign-ins by method, failures, API-token exchanges, monthly active users), memberships, MFA devices
// and API tokens. Always one tenant's, bucketed by UTC day, every day of the range answered.
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Usage } from '@brizo/contract/entities/usage';
import { describe, expect, it } from 'vitest';
import { insertApiToken } from '../../../src/db/queries/api-tokens.js';
import { insertAuditLog } from '../../../src/db/queries/audit-logs.js';
import { insertMfaDevice } from '../../../src/db/queries/mfa.js';
import { invitations, memberships } from '../../../src/db/schema/index.js';
import { apiTokenExchangeAction, signInActions } from '../../../src/services/usage/sign-in-actions.js';
import { as, createTenantAdmins, type TenantAdmins } from '../../admin-support.js';
import { createUser } from '../../factories.js';
import { expectErrorShape, useTestServer } from '../../harness.js';

const server = useTestServer();
const USAGE = '/frontegg/usage/resources/v1';

const usageOf = async (who: TenantAdmins['admin'], query = '') => {
  const response = await as(server(), who)('GET', `${USAGE}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Usage>();
};

/** An audit row of the tenant at an instant, as the sign-in methods write them. */
const audit = (tenantId: string, action: string, at: string, userId: string | null = randomUUID()) =>
  insertAuditLog(server().db, {
    tenantId,
    userId,
    action,
    severity: 'Info',
    createdAt: new Date(at),
  });

const today = () => server().clock.now().toISOString().slice(0, 10);

describe('GET /usage/resources/v1', () => {
  it("answers the last 30 UTC days by default, every day present, with today's sign-ins", async () => {
    const team = await createTenantAdmins(server());
    const usage = await usageOf(team.admin);
    expect(usage.days).toHaveLength(30);
    expect(usage.to).toBe(today());
    expect(usage.days.at(-1)?.date).toBe(today());
    expect(usage.days[0]?.date).toBe(usage.from);
    // The Admin, the Read Only administrator and the member each signed in with a password (admin-support).
    expect(usage.days.at(-1)?.signIns.password).toBe(3);
    expect(
      usage.days.slice(0, -1).every((day) => day.signIns.password === 0 && day.failedSignIns === 0),
    ).toBe(true);
    expect(usage.monthlyActiveUsers.last30Days).toBe(3);
    expect(usage.seats).toEqual({ active: 3, pendingInvitations: 0, disabled: 0 });
    expect(usage.mfaAdoption).toEqual({ enrolled: 0, members: 3 });
  });

  it('counts sign-ins per UTC day by method, failures apart, within the range and the tenant only', async () => {
    const team = await createTenantAdmins(server());
    const other = await createTenantAdmins(server());
    const id = team.tenant.id;
    await audit(id, signInActions.password, '2025-06-02T00:00:00.000Z');
    await audit(id, signInActions.password, '2025-06-02T23:59:59.999Z');
    await audit(id, signInActions.passwordless, '2025-06-02T12:00:00Z');
    await audit(id, signInActions.passkey, '2025-06-03T08:00:00Z');
    await audit(id, signInActions.sso, '2025-06-03T08:00:00Z');
    await audit(id, signInActions.social, '2025-06-03T09:00:00Z');
    await audit(id, signInActions.hostedLogin, '2025-06-04T09:00:00Z');
    await audit(id, signInActions.mfa, '2025-06-04T10:00:00Z');
    await audit(id, 'User failed to log in', '2025-06-04T10:00:00Z');
    await audit(id, 'User failed MFA', '2025-06-04T11:00:00Z');
    // Outside the range, another tenant, and actions that are no sign-in.
    await audit(id, signInActions.password, '2025-06-01T23:59:59.999Z');
    await audit(id, signInActions.password, '2025-06-05T00:00:00.000Z');
    await audit(other.tenant.id, signInActions.password, '2025-06-03T10:00:00Z');
    await audit(id, 'User logged out', '2025-06-03T10:00:00Z');

    const usage = await usageOf(team.admin, '?from=2025-06-02&to=2025-06-04');
    expect(usage.from).toBe('2025-06-02');
    expect(usage.to).toBe('2025-06-04');
    const zero = { password: 0, passwordless: 0, passkey: 0, sso: 0, social: 0, hostedLogin: 0, mfa: 0 };
    expect(usage.days).toEqual([
      {
        date: '2025-06-02',
        signIns: { ...zero, password: 2, passwordless: 1 },
        failedSignIns: 0,
        apiTokenExchanges: 0,
      },
      {
        date: '2025-06-03',
        signIns: { ...zero, passkey: 1, sso: 1, social: 1 },
        failedSignIns: 0,
        apiTokenExchanges: 0,
      },
      {
        date: '2025-06-04',
        signIns: { ...zero, hostedLogin: 1, mfa: 1 },
        failedSignIns: 2,
        apiTokenExchanges: 0,
      },
    ]);

    // The other tenant's administrator sees only their own sign-in.
    const theirs = await usageOf(other.admin, '?from=2025-06-02&to=2025-06-04');
    expect(theirs.days.map((day) => day.signIns.password)).toEqual([0, 1, 0]);
  });

  it('counts monthly active users over each whole calendar month the range touches', async () => {
    const team = await createTenantAdmins(server());
    const id = team.tenant.id;
    const [ana, ben, cy] = [randomUUID(), randomUUID(), randomUUID()];
    await audit(id, signInActions.password, '2025-05-03T10:00:00Z', ana);
    await audit(id, signInActions.sso, '2025-05-28T10:00:00Z', ana);
    await audit(id, signInActions.passkey, '2025-05-30T10:00:00Z', ben);
    // Outside the range's days but inside its last month: still that month's active user.
    await audit(id, signInActions.password, '2025-06-25T10:00:00Z', cy);
    await audit(id, 'User failed to log in', '2025-06-02T10:00:00Z', ben);

    const usage = await usageOf(team.admin, '?from=2025-05-20&to=2025-06-05');
    expect(usage.monthlyActiveUsers.months).toEqual([
      { month: '2025-05', activeUsers: 2 },
      { month: '2025-06', activeUsers: 1 },
    ]);
    expect(usage.days).toHaveLength(17);
  });

  it('counts seats, MFA adoption and active API tokens of the tenant', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const id = team.tenant.id;
    const now = s.clock.now();
    await createUser(s.db, s.passwords, { tenant: team.tenant, verified: false });
    const { user: disabled } = await createUser(s.db, s.passwords, { tenant: team.tenant });
    await s.db
      .update(memberships)
      .set({ isDisabled: true })
      .where(and(eq(memberships.userId, disabled.id), eq(memberships.tenantId, id)));
    // Someone of another account invited here, not yet accepted; and an expired invitation.
    const { user: invitee } = await createUser(s.db, s.passwords);
    const invitation = { userId: invitee.id, tenantId: id, codeHash: 'x' };
    await s.db.insert(invitations).values([
      { ...invitation, tokenHash: randomUUID(), expiresAt: new Date(now.getTime() + 3_600_000) },
      { ...invitation, tokenHash: randomUUID(), expiresAt: new Date(now.getTime() - 1000) },
    ]);
    await insertMfaDevice(s.db, { userId: team.admin.user.id, type: 'authenticator', secret: 'x', now });
    await insertMfaDevice(s.db, {
      userId: team.admin.user.id,
      type: 'sms',
      phoneNumber: '+15550100100',
      now,
    });
    // A disabled member's MFA does not count.
    await insertMfaDevice(s.db, { userId: disabled.id, type: 'authenticator', secret: 'x', now });
    await insertApiToken(s.db, { tenantId: id, secretHash: 'a', description: 'live' });
    await insertApiToken(s.db, {
      tenantId: id,
      userId: team.admin.user.id,
      secretHash: 'b',
      description: 'mine',
    });
    await insertApiToken(s.db, { tenantId: id, secretHash: 'c', expiresAt: new Date(now.getTime() - 1000) });

    const usage = await usageOf(team.readOnly);
    expect(usage.seats).toEqual({ active: 3, pendingInvitations: 2, disabled: 1 });
    expect(usage.mfaAdoption).toEqual({ enrolled: 1, members: 3 });
    expect(usage.apiTokens.active).toBe(2);
  });

  it('counts API-token exchanges per day once the audit log records them', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const created = await as(s, team.admin)('POST', '/frontegg/identity/resources/tenants/api-tokens/v1', {
      description: 'Usage test',
    });
    expect(created.statusCode, created.body).toBe(201);
    const { clientId, secret } = created.json<{ clientId: string; secret: string }>();
    const exchanged = await s.app.inject({
      method: 'POST',
      url: '/frontegg/identity/resources/auth/v1/api-token',
      payload: { clientId, secret },
    });
    expect(exchanged.statusCode).toBe(200);
    // The exchanges' audit rows are written in batches by a job (services/audits/buffer.ts).
    await s.app.jobs.runAll();

    const usage = await usageOf(team.admin);
    const recorded = apiTokenExchangeAction() !== undefined;
    expect(usage.apiTokens.exchangesRecorded).toBe(recorded);
    expect(usage.days.at(-1)?.apiTokenExchanges).toBe(recorded ? 1 : 0);
  });

  it.each([
    ['?from=2025-06-05&to=2025-06-01', 'from must not be after to'],
    ['?from=2024-01-01&to=2025-01-01', 'The range can be at most 366 days'],
    ['?from=2025-02-30&to=2025-03-01', 'from must be a date as YYYY-MM-DD'],
    ['?from=yesterday', 'from must be a date as YYYY-MM-DD'],
    ['?to=2025-13-01', 'to must be a date as YYYY-MM-DD'],
    [`?from=${'9'.repeat(40)}`, 'must be a date'],
  ])('refuses %s with a 400 in the error shape', async (query, message) => {
    const team = await createTenantAdmins(server());
    const response = await as(server(), team.admin)('GET', `${USAGE}${query}`);
    const body = expectErrorShape(response, 400);
    expect(body.errors[0]).toContain(message);
  });

  it('answers a whole leap year (366 days), and a single day', async () => {
    const team = await createTenantAdmins(server());
    expect((await usageOf(team.admin, '?from=2024-01-01&to=2024-12-31')).days).toHaveLength(366);
    expect((await usageOf(team.admin, '?from=2025-06-02&to=2025-06-02')).days).toHaveLength(1);
  });

  it('needs fe.usage.read: the Read Only administrator may, a member may not, nobody signed out', async () => {
    const team = await createTenantAdmins(server());
    await usageOf(team.readOnly);
    expectErrorShape(await as(server(), team.member)('GET', USAGE), 403);
    expectErrorShape(await server().app.inject({ method: 'GET', url: USAGE }), 401);
  });
});
