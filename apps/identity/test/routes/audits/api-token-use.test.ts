// Issue 14 ("API-token use"): each client-credentials exchange is audited without a database write on
// its request: the events wait in memory and are written in batches, each with its domain event, every
// second (the audit-buffer job), as soon as 500 wait, and when the server stops.
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, eventOutbox } from '../../../src/db/schema/index.js';
import { as, createTenantAdmins, type TenantAdmins } from '../../admin-support.js';
import { API, startTestServer, useTestServer, type TestServer } from '../../harness.js';
import { AUDITS, type ListAnswer } from './support.js';

const server = useTestServer();
const ACTION = 'API token exchanged for an access token';

async function tenantToken(team: TenantAdmins) {
  const response = await as(server(), team.admin)('POST', `${API}/tenants/api-tokens/v1`, {
    description: 'CI',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ clientId: string; secret: string }>();
}

const exchange = (target: TestServer, token: { clientId: string; secret: string }) =>
  target.app.inject({
    method: 'POST',
    url: `${API}/auth/v1/api-token`,
    payload: token,
    headers: { 'user-agent': 'ci-runner/1.0' },
  });

const exchangesOf = (tenantId: string) =>
  server()
    .db.select()
    .from(auditLogs)
    .where(and(eq(auditLogs.tenantId, tenantId), eq(auditLogs.action, ACTION)));

describe('API-token exchanges in the audit log', () => {
  it('writes them on the next tick, each with its domain event, and lists them', async () => {
    const team = await createTenantAdmins(server());
    const token = await tenantToken(team);
    for (let i = 0; i < 3; i += 1) expect((await exchange(server(), token)).statusCode).toBe(200);
    // A refused exchange is no use of the token.
    expect((await exchange(server(), { ...token, secret: 'wrong' })).statusCode).toBe(401);
    expect(await exchangesOf(team.tenant.id)).toHaveLength(0);

    expect(await server().app.jobs.run('audit-buffer')).toBeGreaterThanOrEqual(3);
    const rows = await exchangesOf(team.tenant.id);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatchObject({
      severity: 'Info',
      userId: null,
      userAgent: 'ci-runner/1.0',
      json: { clientId: token.clientId, type: 'tenant' },
    });
    const events = await server()
      .db.select()
      .from(eventOutbox)
      .where(
        inArray(
          eventOutbox.auditId,
          rows.map((row) => row.id),
        ),
      );
    expect(events).toHaveLength(3);
    expect(events.every((event) => event.tenantId === team.tenant.id)).toBe(true);

    const listed = await as(server(), team.admin)('GET', `${AUDITS}?action=${encodeURIComponent(ACTION)}`);
    expect(listed.json<ListAnswer>().total).toBe(3);
  });

  it("names a personal token's owner", async () => {
    const team = await createTenantAdmins(server());
    const response = await as(server(), team.admin)('POST', `${API}/users/api-tokens/v1`, {
      description: 'Mine',
    });
    const token = response.json<{ clientId: string; secret: string }>();
    expect((await exchange(server(), token)).statusCode).toBe(200);
    await server().app.jobs.run('audit-buffer');
    const [row] = await exchangesOf(team.tenant.id);
    expect(row).toMatchObject({
      userId: team.admin.user.id,
      email: team.admin.user.email,
      json: { clientId: token.clientId, type: 'user' },
    });
  });

  it('writes 500 waiting events at once, without waiting for the tick', async () => {
    const team = await createTenantAdmins(server());
    const token = await tenantToken(team);
    for (let i = 0; i < 500; i += 1) await exchange(server(), token);
    // The tick runs after the flush the 500th event started, and finds nothing left.
    expect(await server().app.jobs.run('audit-buffer')).toBe(0);
    expect(await exchangesOf(team.tenant.id)).toHaveLength(500);
  });

  it('writes what is waiting when the server stops', async () => {
    const team = await createTenantAdmins(server());
    const token = await tenantToken(team);
    const second = await startTestServer(server().db);
    expect((await exchange(second, token)).statusCode).toBe(200);
    expect((await exchange(second, token)).statusCode).toBe(200);
    await second.app.close();
    expect(await exchangesOf(team.tenant.id)).toHaveLength(2);
  });
});
