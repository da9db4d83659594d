import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { findVendorRolesByKeys } from '../../../../src/db/queries/roles.js';
import { memberships, userRoles, users } from '../../../../src/db/schema/index.js';
import { as, createTenantAdmins, type TenantAdmins } from '../../../admin-support.js';
import {
  API,
  expectErrorShape,
  json,
  uniqueEmail,
  useTestServer,
  type TestServer,
} from '../../../harness.js';

const server = useTestServer();
const TEAM = '/frontegg/team/resources';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Endpoint {
  name: string;
  method: Method;
  url: (userId: string) => string;
  body?: (team: TenantAdmins) => Record<string, unknown>;
  /** Read Only may call it. */
  read?: boolean;
}

/** Every endpoint of the Users section that names a user. */
const userEndpoints: Endpoint[] = [
  {
    name: 'edit roles',
    method: 'PUT',
    url: () => `${TEAM}/members/v1`,
    body: () => ({ roleIds: [''] }),
  },
  { name: 'delete', method: 'DELETE', url: (id) => `${TEAM}/members/v1/${id}` },
  {
    name: 'resend activation',
    method: 'POST',
    url: (id) => `${TEAM}/members/v1/${id}/resendActivationEmail`,
  },
  { name: 'disable', method: 'POST', url: (id) => `${API}/tenants/users/v1/${id}/disable` },
  { name: 'enable', method: 'POST', url: (id) => `${API}/tenants/users/v1/${id}/enable` },
  { name: 'lock', method: 'POST', url: (id) => `${API}/users/v1/${id}/lock` },
  { name: 'unlock', method: 'POST', url: (id) => `${API}/users/v1/${id}/unlock` },
  {
    name: 'set expiration',
    method: 'PUT',
    url: (id) => `${API}/users/temporary/v1/${id}`,
    body: () => ({ expirationInSeconds: 600 }),
  },
  { name: 'make permanent', method: 'DELETE', url: (id) => `${API}/users/temporary/v1/${id}` },
];

const call = (
  s: TestServer,
  who: { authorization: string },
  endpoint: Endpoint,
  userId: string,
  team: TenantAdmins,
) => {
  const body = endpoint.body?.(team);
  const payload =
    endpoint.method === 'PUT' && endpoint.url(userId).endsWith('/members/v1')
      ? { ...body, id: userId }
      : body;
  return as(s, who)(endpoint.method, endpoint.url(userId), payload);
};

/** What another tenant could change about a user, read straight from the database. */
async function snapshot(s: TestServer, tenantId: string, userId: string) {
  const [membership] = await s.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.tenantId, tenantId)));
  const [user] = await s.db.select({ isLocked: users.isLocked }).from(users).where(eq(users.id, userId));
  const roles = await s.db
    .select({ roleId: userRoles.roleId })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.tenantId, tenantId)));
  return { membership, user, roles: roles.map((row) => row.roleId).sort() };
}

describe('Users section: permissions', () => {
  it.each(userEndpoints.map((endpoint) => [endpoint.name, endpoint] as const))(
    '%s: Read Only and a plain member get 403, no token 401, and nothing changes',
    async (_name, endpoint) => {
      const s = server();
      const team = await createTenantAdmins(s);
      const target = team.member.user.id;
      const before = await snapshot(s, team.tenant.id, target);
      for (const who of [team.readOnly, team.member]) {
        const body = expectErrorShape(await call(s, who, endpoint, target, team), 403);
        expect(body.errors).toEqual(['Not authorized']);
      }
      expectErrorShape(await call(s, { authorization: '' }, endpoint, target, team), 401);
      expectErrorShape(await call(s, { authorization: 'Bearer not-a-jwt' }, endpoint, target, team), 401);
      expect(await snapshot(s, team.tenant.id, target)).toEqual(before);
    },
  );

  it('Read Only reads the list and the invite link; changes are 403', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const readOnly = as(s, team.readOnly);
    expect((await readOnly('GET', `${API}/users/v2`)).statusCode).toBe(200);
    expect((await readOnly('GET', `${API}/users/v3`)).statusCode).toBe(200);
    expectErrorShape(await readOnly('GET', `${API}/tenants/invites/v1/user`), 404);
    expectErrorShape(await readOnly('POST', `${API}/users/v2`, { email: uniqueEmail() }), 403);
    expectErrorShape(await readOnly('POST', `${API}/tenants/invites/v1/user`, {}), 403);
    expectErrorShape(await as(s, team.member)('GET', `${API}/users/v2`), 403);
    expectErrorShape(await as(s, { authorization: '' })('GET', `${API}/users/v2`), 401);
  });
});

describe('Users section: tenant isolation', () => {
  it.each(userEndpoints.map((endpoint) => [endpoint.name, endpoint] as const))(
    "%s: another tenant's user is 404 and stays unchanged",
    async (_name, endpoint) => {
      const s = server();
      const a = await createTenantAdmins(s);
      const b = await createTenantAdmins(s);
      const target = b.member.user.id;
      const before = await snapshot(s, b.tenant.id, target);
      const body = expectErrorShape(await call(s, a.admin, endpoint, target, a), 404);
      expect(body.errorCode).toBe('ER-TEAM-USER-NOT-FOUND');
      expectErrorShape(await call(s, a.admin, endpoint, crypto.randomUUID(), a), 404);
      expect(await snapshot(s, b.tenant.id, target)).toEqual(before);
    },
  );

  it("lists never show another tenant's users, whatever the search or preset", async () => {
    const s = server();
    const a = await createTenantAdmins(s);
    const b = await createTenantAdmins(s);
    const bIds = new Set([b.admin, b.readOnly, b.member].map((who) => who.user.id));
    for (const query of [
      '',
      '_filter=user',
      '_preset=mfa-unenrolled',
      '_preset=inactive&_maxInactiveSeconds=1',
      '_limit=200',
    ]) {
      const page = json<{ items: Array<{ id: string }> }>(
        await as(s, a.admin)('GET', `${API}/users/v2?${query}`),
      );
      expect(page.items.filter((item) => bIds.has(item.id))).toEqual([]);
    }
  });

  it("another tenant's role cannot be given, neither to a member nor to the invite link", async () => {
    const s = server();
    const a = await createTenantAdmins(s);
    const b = await createTenantAdmins(s);
    const [bRole] = await s.db
      .insert((await import('../../../../src/db/schema/index.js')).roles)
      .values({ tenantId: b.tenant.id, key: 'b-only', name: 'B only' })
      .returning();
    const admin = as(s, a.admin);
    expectErrorShape(
      await admin('PUT', `${TEAM}/members/v1`, { id: a.member.user.id, roleIds: [bRole?.id] }),
      404,
    );
    expectErrorShape(
      await admin('POST', `${API}/users/v2`, { email: uniqueEmail(), roleIds: [bRole?.id] }),
      404,
    );
    expectErrorShape(await admin('POST', `${API}/tenants/invites/v2/user`, { roleIds: [bRole?.id] }), 404);
    const roles = json<{ items: Array<{ id: string }> }>(await admin('GET', `${TEAM}/roles/v1`));
    expect(roles.items.map((role) => role.id)).not.toContain(bRole?.id);
  });
});

describe('Users section: roles of users (GET /users/v3/roles)', () => {
  it("answers this tenant's users only", async () => {
    const s = server();
    const a = await createTenantAdmins(s);
    const b = await createTenantAdmins(s);
    const ids = [a.member.user.id, b.member.user.id].join(',');
    const response = await as(s, a.readOnly)('GET', `${API}/users/v3/roles?ids=${ids}`);
    expect(response.statusCode, response.body).toBe(200);
    const rows = json<Array<{ userId: string; roleIds: string[] }>>(response);
    expect(rows.map((row) => row.userId)).toEqual([a.member.user.id]);
    expect(rows[0]?.roleIds).toHaveLength(1);
    expectErrorShape(await as(s, a.member)('GET', `${API}/users/v3/roles?ids=${ids}`), 403);
    expectErrorShape(await as(s, a.admin)('GET', `${API}/users/v3/roles?ids=not-an-id`), 400);
    expectErrorShape(await as(s, a.admin)('GET', `${API}/users/v3/roles`), 400);
  });
});

describe('Users section: bad input answers 400 in the error shape', () => {
  it.each([
    ['list: _limit not a number', 'GET', `${API}/users/v2?_limit=abc`, undefined],
    ['list: _limit too big', 'GET', `${API}/users/v2?_limit=5000`, undefined],
    ['list: negative page', 'GET', `${API}/users/v2?_offset=-1`, undefined],
    ['list: unknown sort key', 'GET', `${API}/users/v2?_sortBy=password`, undefined],
    ['list: unknown order', 'GET', `${API}/users/v2?_order=sideways`, undefined],
    ['list: unknown preset', 'GET', `${API}/users/v3?_preset=everyone`, undefined],
    ['invite: no body', 'POST', `${API}/users/v2`, undefined],
    ['invite: no email', 'POST', `${API}/users/v2`, { name: 'x' }],
    ['invite: bad email', 'POST', `${API}/users/v2`, { email: 'not-an-email' }],
    ['invite: roleIds not a list', 'POST', `${API}/users/v2`, { email: uniqueEmail(), roleIds: 'Admin' }],
    [
      'invite: expiration too short',
      'POST',
      `${API}/users/v2`,
      { email: uniqueEmail(), expirationInSeconds: 10 },
    ],
    [
      'invite: expiration a string',
      'POST',
      `${API}/users/v2`,
      { email: uniqueEmail(), expirationInSeconds: 'soon' },
    ],
    ['invite: bad phone', 'POST', `${API}/users/v2`, { email: uniqueEmail(), phoneNumber: 'call me' }],
    ['roles: no id', 'PUT', `${TEAM}/members/v1`, { roleIds: [] }],
    ['roles: id not an id', 'PUT', `${TEAM}/members/v1`, { id: 'x', roleIds: [] }],
    [
      'roles: role id not an id',
      'PUT',
      `${TEAM}/members/v1`,
      { id: crypto.randomUUID(), roleIds: ['Admin'] },
    ],
    ['delete: user id not an id', 'DELETE', `${TEAM}/members/v1/not-an-id`, undefined],
    ['disable: user id not an id', 'POST', `${API}/tenants/users/v1/1/disable`, undefined],
    ['lock: user id not an id', 'POST', `${API}/users/v1/x'--/lock`, undefined],
    ['expiration: missing', 'PUT', `${API}/users/temporary/v1/${crypto.randomUUID()}`, {}],
    ['invite link: expiry negative', 'POST', `${API}/tenants/invites/v1/user`, { expiresInMinutes: -5 }],
    ['invite link: expiry a string', 'PATCH', `${API}/tenants/invites/v1/user`, { expiresInMinutes: 'long' }],
    ['invite link: roleIds not ids', 'POST', `${API}/tenants/invites/v2/user`, { roleIds: [42] }],
  ] as const)('%s', async (_name, method, url, payload) => {
    const s = server();
    const team = await createTenantAdmins(s);
    expectErrorShape(await as(s, team.admin)(method, url, payload), 400);
  });
});

describe('Users section: the invite link', () => {
  it('creates, shows, updates and deletes the link; anyone with it signs up into the tenant', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const [readOnlyRole] = await findVendorRolesByKeys(s.db, ['ReadOnly']);
    const admin = as(s, team.admin);
    expectErrorShape(await admin('GET', `${API}/tenants/invites/v1/user`), 404);
    const config = await admin('GET', `${API}/tenants/invites/v1/configuration`);
    expect(json(config)).toEqual({ tenantInvitationsAllowed: true, emailsEnabled: true });

    const created = await admin('POST', `${API}/tenants/invites/v2/user`, {
      shouldSendEmail: false,
      roleIds: [readOnlyRole?.id],
    });
    expect(created.statusCode, created.body).toBe(201);
    const link = json<{ token: string; expires: string; roleIds: string[]; shouldSendEmail: boolean }>(
      created,
    );
    const days = (new Date(link.expires).getTime() - Date.now()) / 86_400_000;
    expect(Math.round(days)).toBe(30);
    expect(link).toMatchObject({ roleIds: [readOnlyRole?.id], shouldSendEmail: false });
    expect(json<{ token: string }>(await admin('GET', `${API}/tenants/invites/v1/user`)).token).toBe(
      link.token,
    );

    const email = uniqueEmail('linked');
    const signUp = await s.app.inject({
      method: 'POST',
      url: `${API}/users/v1/signUp`,
      // No company of their own: they join the link's account.
      payload: { email, name: 'Linked Person', invitationToken: link.token },
    });
    expect(signUp.statusCode, signUp.body).toBe(200);
    expect(json<{ tenantId: string }>(signUp).tenantId).toBe(team.tenant.id);
    const page = json<{ items: Array<{ email: string; roles: Array<{ key: string }> }> }>(
      await admin('GET', `${API}/users/v2?_filter=linked`),
    );
    expect(page.items).toEqual([
      expect.objectContaining({ email, roles: [expect.objectContaining({ key: 'ReadOnly' })] }),
    ]);

    const patched = await admin('PATCH', `${API}/tenants/invites/v1/user`, { expiresInMinutes: 60 });
    expect(json<{ token: string }>(patched).token).toBe(link.token);
    expect((await admin('DELETE', `${API}/tenants/invites/v1/user`)).statusCode).toBe(200);
    const afterDelete = await s.app.inject({
      method: 'POST',
      url: `${API}/users/v1/signUp`,
      payload: { email: uniqueEmail(), companyName: 'Ignored Co', invitationToken: link.token },
    });
    expect(expectErrorShape(afterDelete, 400).errorCode).toBe('ER-USERS-INVITATION-INVALID');
  });

  it('an expired link signs nobody up', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const created = await as(s, team.admin)('POST', `${API}/tenants/invites/v1/user`, {
      expiresInMinutes: 1,
    });
    const { token } = json<{ token: string }>(created);
    s.clock.advanceSeconds(120);
    try {
      const response = await s.app.inject({
        method: 'POST',
        url: `${API}/users/v1/signUp`,
        payload: { email: uniqueEmail(), companyName: 'Ignored Co', invitationToken: token },
      });
      expectErrorShape(response, 400);
    } finally {
      s.clock.advanceSeconds(-120);
    }
  });
});
