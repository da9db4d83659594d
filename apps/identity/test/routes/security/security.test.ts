import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { as, createTenantAdmins, type Member } from '../../admin-support.js';
import { API, expectErrorShape, useTestServer } from '../../harness.js';

const server = useTestServer();
const SESSIONS = `${API}/configurations/sessions/v1`;
const IP = `${API}/configurations/v1/restrictions/ip`;
const DOMAIN = `${API}/configurations/restrictions/v1/email-domain`;
const RECOMMENDATIONS = '/frontegg/security-center/resources/recommendations/v1';
const INSIGHTS = '/frontegg/security-center/resources/insights/v1';
const BULK_RESET = `${API}/users/v1/passwords/breached/reset/bulk`;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Calls the API as `who` from the address `ip` (the IP restrictions see the socket's address). */
const from =
  (who: Pick<Member, 'authorization'>, ip: string) =>
  (method: Method, url: string, payload?: InjectOptions['payload']) =>
    server().app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { authorization: who.authorization },
      ...(payload === undefined ? {} : { payload }),
    });

const anonymous = (method: Method, url: string, payload?: InjectOptions['payload']) =>
  server().app.inject({ method, url, ...(payload === undefined ? {} : { payload }) });

describe('session policy (/configurations/sessions/v1)', () => {
  it('defaults to everything off; Read Only reads; only the Admin changes it, audited', async () => {
    const { admin, readOnly, member } = await createTenantAdmins(server());
    const read = await as(server(), readOnly)('GET', SESSIONS);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({
      sessionIdleTimeoutConfiguration: { isActive: false, timeout: 1800 },
      sessionTimeoutConfiguration: { isActive: false, timeout: 86400 },
      sessionConcurrentConfiguration: { isActive: false, maxSessions: 1 },
    });
    const change = { sessionIdleTimeoutConfiguration: { isActive: true, timeout: 900 } };
    expectErrorShape(await as(server(), readOnly)('POST', SESSIONS, change), 403);
    expectErrorShape(await as(server(), member)('POST', SESSIONS, change), 403);
    expectErrorShape(await as(server(), member)('GET', SESSIONS), 403);
    expectErrorShape(await anonymous('GET', SESSIONS), 401);
    expectErrorShape(await anonymous('POST', SESSIONS, change), 401);

    const saved = await as(server(), admin)('POST', SESSIONS, change);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().sessionIdleTimeoutConfiguration).toEqual({ isActive: true, timeout: 900 });
    expect(saved.json().sessionConcurrentConfiguration).toEqual({ isActive: false, maxSessions: 1 });
    const audit = await listAuditLogsByEmail(server().db, admin.user.email);
    expect(audit.find((entry) => entry.action === 'Session policy updated')).toMatchObject({
      tenantId: admin.user.activeTenantId,
      ip: '127.0.0.1',
    });
  });

  it.each([
    ['a timeout under a minute', { sessionIdleTimeoutConfiguration: { isActive: true, timeout: 59 } }],
    ['a timeout of the wrong type', { sessionTimeoutConfiguration: { isActive: true, timeout: '1h' } }],
    ['isActive missing', { sessionTimeoutConfiguration: { timeout: 3600 } }],
    ['zero sessions', { sessionConcurrentConfiguration: { isActive: true, maxSessions: 0 } }],
    ['a fractional count', { sessionConcurrentConfiguration: { isActive: true, maxSessions: 1.5 } }],
    ['an unknown field', { sessionForever: true }],
    ['an array', [1, 2]],
  ])('%s → 400', async (_name, payload) => {
    const { admin } = await createTenantAdmins(server());
    expectErrorShape(await as(server(), admin)('POST', SESSIONS, payload), 400);
  });

  it("is the tenant's own: another tenant's policy is untouched", async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    await as(server(), a.admin)('POST', SESSIONS, {
      sessionConcurrentConfiguration: { isActive: true, maxSessions: 3 },
    });
    const other = await as(server(), b.admin)('GET', SESSIONS);
    expect(other.json().sessionConcurrentConfiguration).toEqual({ isActive: false, maxSessions: 1 });
  });
});

describe('IP restrictions (/configurations/v1/restrictions/ip)', () => {
  it('adds, pages, filters and deletes entries; Read Only reads, member and anonymous are refused', async () => {
    const { admin, readOnly, member } = await createTenantAdmins(server());
    const admin1 = as(server(), admin);
    const created = await admin1('POST', IP, {
      ip: '203.0.113.0/24',
      strategy: 'BLOCK',
      description: 'Test net',
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      ip: '203.0.113.0/24',
      strategy: 'BLOCK',
      isActive: true,
      description: 'Test net',
    });
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5']) {
      expect((await admin1('POST', IP, { ip, strategy: 'ALLOW' })).statusCode).toBe(200);
    }
    const page = await as(server(), readOnly)('GET', `${IP}?_filter=ALLOW&_limit=4&_offset=0`);
    expect(page.json()._metadata).toEqual({ totalItems: 5, totalPages: 2 });
    expect(page.json().items).toHaveLength(4);
    const second = await admin1('GET', `${IP}?_filter=ALLOW&_limit=4&_offset=1`);
    expect(second.json().items.map((entry: { ip: string }) => entry.ip)).toEqual(['198.51.100.5']);
    const blocked = await admin1('GET', `${IP}?_filter=BLOCK`);
    expect(blocked.json().items.map((entry: { ip: string }) => entry.ip)).toEqual(['203.0.113.0/24']);

    // The same address again updates the entry rather than adding a second one.
    await admin1('POST', IP, { ip: '203.0.113.0/24', strategy: 'BLOCK', description: 'Renamed' });
    expect((await admin1('GET', `${IP}?_filter=BLOCK`)).json().items).toMatchObject([
      { description: 'Renamed' },
    ]);

    expectErrorShape(await as(server(), readOnly)('POST', IP, { ip: '192.0.2.1', strategy: 'BLOCK' }), 403);
    expectErrorShape(await as(server(), readOnly)('DELETE', `${IP}/${created.json().id}`), 403);
    expectErrorShape(await as(server(), readOnly)('POST', `${IP}/config`, { isActive: false }), 403);
    expectErrorShape(await as(server(), member)('GET', IP), 403);
    expectErrorShape(await anonymous('GET', IP), 401);
    expectErrorShape(await anonymous('POST', `${IP}/verify`), 401);

    expect((await admin1('DELETE', `${IP}/${created.json().id}`)).statusCode).toBe(200);
    expectErrorShape(await admin1('DELETE', `${IP}/${created.json().id}`), 404);
    const audit = await listAuditLogsByEmail(server().db, admin.user.email);
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['IP restriction saved', 'IP restriction deleted']),
    );
  });

  it.each([
    ['not an address', { ip: 'not-an-ip', strategy: 'ALLOW' }],
    ['a prefix too long', { ip: '10.0.0.0/33', strategy: 'ALLOW' }],
    ['two prefixes', { ip: '10.0.0.0/8/8', strategy: 'ALLOW' }],
    ['an unknown strategy', { ip: '10.0.0.1', strategy: 'MAYBE' }],
    ['strategy missing', { ip: '10.0.0.1' }],
    ['isActive of the wrong type', { ip: '10.0.0.1', strategy: 'ALLOW', isActive: 'yes' }],
  ])('an entry with %s → 400', async (_name, payload) => {
    const { admin } = await createTenantAdmins(server());
    expectErrorShape(await as(server(), admin)('POST', IP, payload), 400);
  });

  it('rejects bad paging, config and ids with a 400', async () => {
    const { admin } = await createTenantAdmins(server());
    const admin1 = as(server(), admin);
    expectErrorShape(await admin1('GET', `${IP}?_limit=0`), 400);
    expectErrorShape(await admin1('GET', `${IP}?_filter=SOMETIMES`), 400);
    expectErrorShape(await admin1('POST', `${IP}/config`, { strategy: 'SOMETIMES' }), 400);
    expectErrorShape(await admin1('POST', `${IP}/config`, { isActive: 'on' }), 400);
    expectErrorShape(await admin1('POST', `${IP}/bulk`, { ips: [] }), 400);
    expectErrorShape(await admin1('DELETE', `${IP}/not-a-uuid`), 400);
    expectErrorShape(await admin1('DELETE', `${IP}/${UNKNOWN_ID}`), 404);
  });

  it('tests the current IP, and refuses any change that would lock the administrator out', async () => {
    const { admin } = await createTenantAdmins(server());
    const office = from(admin, '192.0.2.10');
    expect((await office('POST', `${IP}/verify`)).json()).toEqual({ valid: true });
    expect((await office('POST', `${IP}/verify/allow`)).json()).toEqual({ valid: false });
    // An allow list without the administrator's address would shut them out.
    await office('POST', IP, { ip: '198.51.100.0/24', strategy: 'ALLOW' });
    const lockout = await office('POST', `${IP}/config`, { isActive: true, strategy: 'ALLOW' });
    expect(expectErrorShape(lockout, 409).errorCode).toBe('ER-SECURITY-SELF-LOCKOUT');
    expect((await office('GET', `${IP}/config`)).json()).toEqual({ isActive: false, strategy: 'ALLOW' });

    const own = await office('POST', IP, { ip: '192.0.2.0/28', strategy: 'ALLOW', description: 'My IP' });
    expect((await office('POST', `${IP}/verify/allow`)).json()).toEqual({ valid: true });
    expect((await office('POST', `${IP}/config`, { isActive: true, strategy: 'ALLOW' })).json()).toEqual({
      isActive: true,
      strategy: 'ALLOW',
    });
    // Removing the entry that lets them in, or blocking themselves under BLOCK, is refused too.
    expectErrorShape(await office('DELETE', `${IP}/${own.json().id}`), 409);
    await office('POST', IP, { ip: '192.0.2.10', strategy: 'BLOCK' });
    expectErrorShape(await office('POST', `${IP}/config`, { strategy: 'BLOCK' }), 409);
    expect((await office('POST', `${IP}/config`, { isActive: false })).statusCode).toBe(200);
  });

  it('walk-through: GET /metadata/ipme answers the caller their current address; anonymous callers get 401', async () => {
    const { admin } = await createTenantAdmins(server());
    const answer = await from(admin, '198.51.100.23')('GET', '/frontegg/metadata/ipme');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ ip: '198.51.100.23', country_code: null });
    expectErrorShape(await anonymous('GET', '/frontegg/metadata/ipme'), 401);
  });

  it("cross-tenant: another tenant's entry is a 404, unchanged and never listed", async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const entry = (await as(server(), b.admin)('POST', IP, { ip: '203.0.113.7', strategy: 'BLOCK' })).json();
    expectErrorShape(await as(server(), a.admin)('DELETE', `${IP}/${entry.id}`), 404);
    expect((await as(server(), a.admin)('GET', `${IP}?_filter=BLOCK`)).json().items).toEqual([]);
    expect((await as(server(), b.admin)('GET', `${IP}?_filter=BLOCK`)).json().items).toMatchObject([
      { id: entry.id },
    ]);
  });
});

describe('email-domain restrictions (/configurations/restrictions/v1/email-domain)', () => {
  it('adds and deletes domains, sets the config; Read Only reads only', async () => {
    const { admin, readOnly, member } = await createTenantAdmins(server());
    const admin1 = as(server(), admin);
    const created = await admin1('POST', DOMAIN, { domain: 'Blocked.Example', type: 'BLOCK' });
    expect(created.json()).toMatchObject({ domain: 'blocked.example', type: 'BLOCK' });
    expect((await as(server(), readOnly)('GET', DOMAIN)).json().items).toMatchObject([
      { domain: 'blocked.example' },
    ]);
    const config = await admin1('POST', `${DOMAIN}/config`, {
      active: true,
      type: 'BLOCK',
      blockPublicDomains: true,
    });
    expect(config.json()).toEqual({ active: true, listType: 'BLOCK', blockPublicDomains: true });
    expect((await as(server(), readOnly)('GET', `${DOMAIN}/config`)).json()).toEqual(config.json());

    expectErrorShape(
      await as(server(), readOnly)('POST', DOMAIN, { domain: 'x.example', type: 'BLOCK' }),
      403,
    );
    expectErrorShape(await as(server(), readOnly)('POST', `${DOMAIN}/config`, { active: false }), 403);
    expectErrorShape(await as(server(), readOnly)('DELETE', `${DOMAIN}/${created.json().id}`), 403);
    expectErrorShape(await as(server(), member)('GET', DOMAIN), 403);
    expectErrorShape(await anonymous('GET', `${DOMAIN}/config`), 401);

    expect((await admin1('DELETE', `${DOMAIN}/${created.json().id}`)).statusCode).toBe(200);
    expectErrorShape(await admin1('DELETE', `${DOMAIN}/${created.json().id}`), 404);
    const audit = await listAuditLogsByEmail(server().db, admin.user.email);
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining([
        'Email domain restriction saved',
        'Email domain restrictions configuration updated',
        'Email domain restriction deleted',
      ]),
    );
  });

  it.each([
    ['no dot', { domain: 'localhost', type: 'ALLOW' }],
    ['an email address', { domain: 'me@acme.example', type: 'ALLOW' }],
    ['a wrong type', { domain: 'acme.example', type: 'DENY' }],
    ['a domain of the wrong type', { domain: 42, type: 'ALLOW' }],
    ['type missing', { domain: 'acme.example' }],
  ])('a domain with %s → 400', async (_name, payload) => {
    const { admin } = await createTenantAdmins(server());
    expectErrorShape(await as(server(), admin)('POST', DOMAIN, payload), 400);
  });

  it('rejects a bad config and bad ids', async () => {
    const { admin } = await createTenantAdmins(server());
    expectErrorShape(await as(server(), admin)('POST', `${DOMAIN}/config`, {}), 400);
    expectErrorShape(await as(server(), admin)('POST', `${DOMAIN}/config`, { active: true, type: 'X' }), 400);
    expectErrorShape(await as(server(), admin)('DELETE', `${DOMAIN}/nope`), 400);
    expectErrorShape(await as(server(), admin)('DELETE', `${DOMAIN}/${UNKNOWN_ID}`), 404);
  });

  it("cross-tenant: another tenant's domain is a 404, unchanged and never listed", async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const entry = (
      await as(server(), b.admin)('POST', DOMAIN, { domain: 'b-only.example', type: 'ALLOW' })
    ).json();
    expectErrorShape(await as(server(), a.admin)('DELETE', `${DOMAIN}/${entry.id}`), 404);
    expect((await as(server(), a.admin)('GET', DOMAIN)).json().items).toEqual([]);
    expect((await as(server(), b.admin)('GET', DOMAIN)).json().items).toMatchObject([{ id: entry.id }]);
  });
});

describe('security center', () => {
  it('scores the tenant from its own policies; a stronger policy raises the score', async () => {
    const { admin, readOnly, member } = await createTenantAdmins(server());
    const before = await as(server(), readOnly)('GET', RECOMMENDATIONS);
    expect(before.statusCode).toBe(200);
    const codes = before.json().recommendations.items.map((item: { code: string }) => item.code);
    expect(codes).toEqual(
      expect.arrayContaining([
        'FORCE_MFA',
        'ENABLE_USER_LOCKOUT',
        'ENABLE_IDLE_SESSION',
        'ENABLE_IP_RESTRICTIONS',
      ]),
    );
    expect(
      before.json().recommendations.items.find((item: { code: string }) => item.code === 'FORCE_MFA'),
    ).toMatchObject({
      severity: 'SEVERE',
      category: 'MFA',
      metadata: { totalUsers: 3, mfa: { enrolledUsersCount: 0 } },
    });
    await as(server(), admin)('POST', `${API}/configurations/v1/mfa-policy`, { enforceMFAType: 'Force' });
    await as(server(), admin)('POST', SESSIONS, {
      sessionIdleTimeoutConfiguration: { isActive: true, timeout: 1800 },
    });
    const after = (await as(server(), admin)('GET', RECOMMENDATIONS)).json();
    expect(after.recommendations.items.map((item: { code: string }) => item.code)).not.toContain('FORCE_MFA');
    expect(after.scoring.score).toBeGreaterThan(before.json().scoring.score);

    const insights = (await as(server(), readOnly)('GET', INSIGHTS)).json().insights.items;
    expect(insights).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'MFA_FORCED', category: 'MFA' }),
        expect.objectContaining({ code: 'PARTIAL_SESSION_SETTINGS', category: 'SESSIONS' }),
        expect.objectContaining({ code: 'NO_IP_RESTRICTIONS', category: 'IP' }),
      ]),
    );
    expectErrorShape(await as(server(), member)('GET', RECOMMENDATIONS), 403);
    expectErrorShape(await anonymous('GET', INSIGHTS), 401);
    expectErrorShape(await as(server(), readOnly)('POST', BULK_RESET), 403);
    expectErrorShape(await anonymous('POST', BULK_RESET), 401);
  });
});
