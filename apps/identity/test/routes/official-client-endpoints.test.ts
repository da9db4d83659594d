// Walk-through issue: what the endpoints served for the official client's calls answer, and to whom.
// Each: the right data, nothing of another tenant, the permission of its neighbours, Read Only refused
// on writes.
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { updateUser } from '../../src/db/queries/users.js';
import { memberships } from '../../src/db/schema/index.js';
import { as, createTenantAdmins, signedIn, vendorRoleId } from '../admin-support.js';
import { passwordLogin } from '../lifecycle-helpers.js';
import { createUser, TEST_PASSWORD } from '../factories.js';
import { API, expectErrorShape, mailTo, uniqueEmail, useTestServer } from '../harness.js';

const server = useTestServer();
const TEAM = '/frontegg/team/resources';

interface Member {
  id: string;
  email: string;
  name: string;
}

describe('team: members v1 and stats', () => {
  it('GET /team/resources/members/v1 pages and searches the tenant members as loadUsers asks', async () => {
    const s = server();
    const { admin, readOnly, member, tenant } = await createTenantAdmins(s);
    const other = await createTenantAdmins(s);
    await createUser(s.db, s.passwords, { tenant, name: 'Zelda Demo' });
    const page = await as(s, readOnly)(
      'GET',
      `${TEAM}/members/v1?pageOffset=0&pageSize=2&sortBy=name&sortDirection=asc`,
    );
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json<{ items: Member[]; totalPages: number; totalItems: number }>();
    expect(body.totalItems).toBe(4);
    expect(body.totalPages).toBe(2);
    expect(body.items).toHaveLength(2);
    const searched = await as(s, admin)(
      'GET',
      `${TEAM}/members/v1?pageOffset=0&pageSize=10&searchFilter=demo`,
    );
    expect(searched.json<{ items: Member[] }>().items.map((item) => item.name)).toEqual(['Zelda Demo']);
    const mine = await as(s, other.admin)('GET', `${TEAM}/members/v1?pageOffset=0&pageSize=50`);
    expect(mine.json<{ items: Member[] }>().items.map((item) => item.id)).not.toContain(member.user.id);
    expectErrorShape(await as(s, member)('GET', `${TEAM}/members/v1`), 403);
    expectErrorShape(await as(s, admin)('GET', `${TEAM}/members/v1?pageSize=0`), 400);
  });

  it('GET /team/resources/stats/v1/members counts members, the week’s newcomers and admins of this tenant', async () => {
    const s = server();
    const { admin, readOnly, member, tenant } = await createTenantAdmins(s);
    const stats = await as(s, readOnly)('GET', `${TEAM}/stats/v1/members`);
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json()).toEqual({ totalItems: 3, addedThisWeek: 3, superAdmins: 1 });
    // One of them joined eight days ago.
    await s.db
      .update(memberships)
      .set({ createdAt: new Date(s.clock.now().getTime() - 8 * 86_400_000) })
      .where(and(eq(memberships.userId, readOnly.user.id), eq(memberships.tenantId, tenant.id)));
    expect((await as(s, admin)('GET', `${TEAM}/stats/v1/members`)).json()).toEqual({
      totalItems: 3,
      addedThisWeek: 2,
      superAdmins: 1,
    });
    expectErrorShape(await as(s, member)('GET', `${TEAM}/stats/v1/members`), 403);
  });
});

describe('users by id, usernames, authorization, tenant users count', () => {
  it('GET /users/v1/:id answers a member of the tenant only', async () => {
    const s = server();
    const a = await createTenantAdmins(s);
    const b = await createTenantAdmins(s);
    const found = await as(s, a.readOnly)('GET', `${API}/users/v1/${a.member.user.id}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      id: a.member.user.id,
      email: a.member.user.email,
      tenantId: a.tenant.id,
    });
    expectErrorShape(await as(s, b.admin)('GET', `${API}/users/v1/${a.member.user.id}`), 404);
    expectErrorShape(await as(s, a.member)('GET', `${API}/users/v1/${a.admin.user.id}`), 403);
    expectErrorShape(await as(s, a.admin)('GET', `${API}/users/v1/not-an-id`), 400);
  });

  it('GET /usernames/v1?userIds= answers the usernames of the tenant members among them', async () => {
    const s = server();
    const a = await createTenantAdmins(s);
    const b = await createTenantAdmins(s);
    await updateUser(s.db, a.member.user.id, { username: `member.${a.tenant.id.slice(0, 6)}` });
    await updateUser(s.db, b.member.user.id, { username: `other.${b.tenant.id.slice(0, 6)}` });
    const ids = [a.member.user.id, a.admin.user.id, b.member.user.id].join(',');
    const answer = await as(s, a.readOnly)('GET', `${API}/usernames/v1?userIds=${ids}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      items: [{ userId: a.member.user.id, username: `member.${a.tenant.id.slice(0, 6)}` }],
      _metadata: { totalItems: 1, totalPages: 1 },
    });
    expectErrorShape(await as(s, a.member)('GET', `${API}/usernames/v1?userIds=${ids}`), 403);
    expectErrorShape(await as(s, a.admin)('GET', `${API}/usernames/v1?userIds=nope`), 400);
  });

  it('GET /users/v1/me/authorization answers the caller’s own roles and permissions in full', async () => {
    const s = server();
    const { readOnly } = await createTenantAdmins(s);
    const answer = await as(s, readOnly)('GET', `${API}/users/v1/me/authorization`);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<{ roles: { key: string }[]; permissions: { key: string }[] }>();
    expect(body.roles.map((role) => role.key).sort()).toEqual(['ReadOnly', 'bfm-base']);
    const keys = body.permissions.map((permission) => permission.key);
    expect(keys).toContain('fe.secure.read.users');
    expect(keys).not.toContain('fe.secure.write.users');
    expectErrorShape(await s.app.inject({ method: 'GET', url: `${API}/users/v1/me/authorization` }), 401);
  });

  it('POST /tenants/users/v1/count counts the caller’s own tenant only', async () => {
    const s = server();
    const a = await createTenantAdmins(s);
    const b = await createTenantAdmins(s);
    expectErrorShape(await as(s, a.member)('POST', `${API}/tenants/users/v1/count`, { tenantIds: [] }), 403);
    await as(s, a.admin)('POST', `${API}/tenants/users/v1/${a.member.user.id}/disable`);
    const answer = await as(s, a.readOnly)('POST', `${API}/tenants/users/v1/count`, {
      tenantIds: [a.tenant.id, b.tenant.id],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual([{ tenantId: a.tenant.id, totalUsers: 3, totalAccessAllowedUsers: 2 }]);
    expect(
      (await as(s, b.admin)('POST', `${API}/tenants/users/v1/count`, { tenantIds: [a.tenant.id] })).json(),
    ).toEqual([]);
    expectErrorShape(await as(s, a.admin)('POST', `${API}/tenants/users/v1/count`, { tenantIds: 'x' }), 400);
  });
});

describe('POST /users/v3/me/token', () => {
  it('answers a token of the session in another tenant of the user, and refuses a tenant of someone else', async () => {
    const s = server();
    const a = await createTenantAdmins(s);
    const b = await createTenantAdmins(s);
    const { user } = await createUser(s.db, s.passwords, { tenant: a.tenant, roleKeys: ['Admin'] });
    // The user joins b too (as a member without admin roles).
    await s.db.insert(memberships).values({ userId: user.id, tenantId: b.tenant.id });
    const authorization = await signedIn(s, user.email);
    const answer = await as(s, { authorization })('POST', `${API}/users/v3/me/token`, {
      tenantId: b.tenant.id,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const token = answer.json<{ accessToken: string; expiresIn: number; expires: string }>();
    const claims = JSON.parse(Buffer.from(token.accessToken.split('.')[1] ?? '', 'base64url').toString()) as {
      tenantId: string;
      sub: string;
    };
    expect(claims).toMatchObject({ tenantId: b.tenant.id, sub: user.id });
    // It acts in b with the roles held there: none of an administrator.
    expectErrorShape(
      await as(s, { authorization: `Bearer ${token.accessToken}` })('GET', `${API}/users/v2`),
      403,
    );
    // The active tenant is unchanged.
    const me = await as(s, { authorization })('GET', `${API}/users/v2/me`);
    expect(me.json<{ tenantId: string }>().tenantId).toBe(a.tenant.id);
    const other = await createTenantAdmins(s);
    expectErrorShape(
      await as(s, { authorization })('POST', `${API}/users/v3/me/token`, { tenantId: other.tenant.id }),
      403,
    );
    expectErrorShape(
      await as(s, { authorization })('POST', `${API}/users/v3/me/token`, { tenantId: 'x' }),
      400,
    );
  });
});

describe('sessions and invitations', () => {
  it('POST /users/sessions/v1/revoke ends a member’s sessions in this tenant; Read Only and other tenants cannot', async () => {
    const s = server();
    const a = await createTenantAdmins(s);
    const b = await createTenantAdmins(s);
    const memberToken = { authorization: a.member.authorization };
    expect((await as(s, memberToken)('GET', `${API}/users/v2/me`)).statusCode).toBe(200);
    expectErrorShape(
      await as(s, a.readOnly)('POST', `${API}/users/sessions/v1/revoke`, { userId: a.member.user.id }),
      403,
    );
    expectErrorShape(
      await as(s, b.admin)('POST', `${API}/users/sessions/v1/revoke`, { userId: a.member.user.id }),
      404,
    );
    expect((await as(s, memberToken)('GET', `${API}/users/v2/me`)).statusCode).toBe(200);
    const revoked = await as(s, a.admin)('POST', `${API}/users/sessions/v1/revoke`, {
      userId: a.member.user.id,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expectErrorShape(await as(s, memberToken)('GET', `${API}/users/v2/me`), 401);
    // A new sign-in works.
    expect((await passwordLogin(s, a.member.user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('POST /users/v1/invitation/reset mails a new invitation; the old link stops working', async () => {
    const s = server();
    const a = await createTenantAdmins(s);
    const b = await createTenantAdmins(s);
    const email = uniqueEmail('reset');
    await as(s, a.admin)('POST', `${API}/users/v2`, { email, name: 'Re Sent' });
    const [first] = await mailTo(s.db, email);
    expectErrorShape(await as(s, a.readOnly)('POST', `${API}/users/v1/invitation/reset`, { email }), 403);
    expectErrorShape(await as(s, b.admin)('POST', `${API}/users/v1/invitation/reset`, { email }), 404);
    expectErrorShape(
      await as(s, a.admin)('POST', `${API}/users/v1/invitation/reset`, { email: uniqueEmail('nobody') }),
      404,
    );
    expectErrorShape(
      await as(s, a.admin)('POST', `${API}/users/v1/invitation/reset`, { email: a.member.user.email }),
      400,
    );
    const reset = await as(s, a.admin)('POST', `${API}/users/v1/invitation/reset`, { email });
    expect(reset.statusCode, reset.body).toBe(200);
    const mails = await mailTo(s.db, email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).toContain(`invited you to join the account "${a.tenant.name}"`);
    const oldLink = new URL(first?.text.match(/https?:\/\/\S+\/account\/activate\?\S+/)?.[0] ?? 'http://x');
    const stale = await s.app.inject({
      method: 'POST',
      url: `${API}/users/v1/activate`,
      payload: {
        userId: oldLink.searchParams.get('userId'),
        token: oldLink.searchParams.get('token'),
        password: 'Another-horse-7!',
      },
    });
    expect(stale.statusCode).toBe(400);
  });

  it('POST /users/v1/invitation/reset/all renews an existing user’s open invitation with its roles', async () => {
    const s = server();
    const a = await createTenantAdmins(s);
    const { user } = await createUser(s.db, s.passwords);
    const readOnlyRole = await vendorRoleId(s, 'ReadOnly');
    await as(s, a.admin)('POST', `${API}/users/v1`, { email: user.email, roleIds: [readOnlyRole] });
    const reset = await as(s, a.admin)('POST', `${API}/users/v1/invitation/reset/all`, { email: user.email });
    expect(reset.statusCode, reset.body).toBe(200);
    const [mail] = await mailTo(s.db, user.email);
    const url = new URL(
      mail?.text.match(/https?:\/\/\S+\/account\/invitation\/accept\?\S+/)?.[0] ?? 'http://x',
    );
    const accepted = await s.app.inject({
      method: 'POST',
      url: `${API}/users/v1/invitation/accept`,
      payload: { userId: url.searchParams.get('userId'), token: url.searchParams.get('token') },
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const listed = await as(s, a.admin)('GET', `${API}/users/v1/${user.id}`);
    expect(listed.json<{ roleIds: string[] }>().roleIds).toEqual([readOnlyRole]);
  });
});

describe('groups bulkGet', () => {
  it('answers those of the ids that are the tenant’s groups', async () => {
    const s = server();
    const a = await createTenantAdmins(s);
    const b = await createTenantAdmins(s);
    const mine = (await as(s, a.admin)('POST', `${API}/groups/v1`, { name: 'Mine' })).json<{ id: string }>();
    const theirs = (await as(s, b.admin)('POST', `${API}/groups/v1`, { name: 'Theirs' })).json<{
      id: string;
    }>();
    const answer = await as(s, a.readOnly)('POST', `${API}/groups/v1/bulkGet?_groupsRelations=roles`, {
      groupsIds: [mine.id, theirs.id],
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(
      answer.json<{ groups: { id: string; name: string }[] }>().groups.map((group) => group.name),
    ).toEqual(['Mine']);
    expectErrorShape(
      await as(s, a.member)('POST', `${API}/groups/v1/bulkGet`, { groupsIds: [mine.id] }),
      403,
    );
    expectErrorShape(await as(s, a.admin)('POST', `${API}/groups/v1/bulkGet`, { groupsIds: ['x'] }), 400);
  });
});

describe('security policy reads, IP metadata, public account settings', () => {
  it('the vendor policies and the global policy are read with a session; a tenant’s own policy does not leak into them', async () => {
    const s = server();
    const { admin, member } = await createTenantAdmins(s);
    await as(s, admin)('POST', `${API}/configurations/v1/lockout-policy`, { enabled: true, maxAttempts: 3 });
    const vendorLockout = await as(s, member)('GET', `${API}/configurations/v1/lockout-policy/vendor`);
    expect(vendorLockout.statusCode, vendorLockout.body).toBe(200);
    expect(vendorLockout.json<{ id: string; maxAttempts: number }>().id).not.toBe(admin.user.id);
    expect((await as(s, admin)('GET', `${API}/configurations/v1/lockout-policy`)).json()).toMatchObject({
      maxAttempts: 3,
    });
    expect(vendorLockout.json()).not.toMatchObject({
      maxAttempts: 3,
      enabled: true,
      id: expect.stringMatching(/-/),
    });
    for (const path of ['password-history-policy/vendor', 'mfa-policy/vendor', '', 'user-emails-policy']) {
      const answer = await as(s, member)('GET', `${API}/configurations/v1${path ? `/${path}` : ''}`);
      expect(answer.statusCode, `${path}: ${answer.body}`).toBe(200);
      expectErrorShape(
        await s.app.inject({ method: 'GET', url: `${API}/configurations/v1${path ? `/${path}` : ''}` }),
        401,
      );
    }
    const global = (await as(s, member)('GET', `${API}/configurations/v1`)).json<{
      publicKey: string;
      defaultTokenExpiration: number;
    }>();
    expect(global.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(global.defaultTokenExpiration).toBe(s.config.accessTokenTtlSeconds);
    expect((await as(s, member)('GET', `${API}/configurations/v1/user-emails-policy`)).json()).toEqual({
      allowEmailChange: true,
    });
  });

  it('IP metadata tells the address as given, with no invented place; a bad address is a 400', async () => {
    const s = server();
    const { member } = await createTenantAdmins(s);
    const me = await as(s, member)('GET', '/frontegg/metadata/ipme');
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ ip: '127.0.0.1', country_code: null, city: null });
    expect((await as(s, member)('GET', '/frontegg/metadata/ip/2001:db8::1')).json()).toMatchObject({
      ip: '2001:db8::1',
    });
    expectErrorShape(await as(s, member)('GET', '/frontegg/metadata/ip/not-an-ip'), 400);
    expectErrorShape(await s.app.inject({ method: 'GET', url: '/frontegg/metadata/ipme' }), 401);
  });

  it('public account settings without a tenantId answer the signed-in user’s account', async () => {
    const s = server();
    const { member, tenant } = await createTenantAdmins(s);
    const answer = await as(s, member)('GET', '/frontegg/tenants/resources/account-settings/v1/public');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ tenantId: tenant.id });
    expectErrorShape(
      await s.app.inject({ method: 'GET', url: '/frontegg/tenants/resources/account-settings/v1/public' }),
      403,
    );
  });
});
