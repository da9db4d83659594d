import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { as, createTenantAdmins, type TenantAdmins } from '../../admin-support.js';
import { API, cookieValue, expectErrorShape, useTestServer } from '../../harness.js';
import { TEST_PASSWORD } from '../../factories.js';

const server = useTestServer();
const GROUPS = `${API}/groups/v1`;
const COOKIE = 'fe_refresh_brizoaccess';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

interface Group {
  id: string;
  name: string;
  description?: string;
  color?: string;
  roles?: Array<{ id: string; key: string }>;
  users?: Array<{ id: string; email: string }>;
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    roles: string[];
    permissions: string[];
  };

async function createGroup(tenant: TenantAdmins, body: Record<string, unknown>): Promise<Group> {
  const response = await as(server(), tenant.admin)('POST', GROUPS, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Group>();
}

async function roleIdOf(tenant: TenantAdmins, key: string): Promise<string> {
  const roles = (await as(server(), tenant.admin)('GET', `${API}/roles/v1`)).json<
    Array<{ id: string; key: string }>
  >();
  const role = roles.find((candidate) => candidate.key === key);
  if (!role) throw new Error(`no role ${key}`);
  return role.id;
}

async function groupsOf(tenant: TenantAdmins, relations = 'rolesAndUsers'): Promise<Group[]> {
  const response = await as(server(), tenant.admin)('GET', `${GROUPS}?_groupsRelations=${relations}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ groups: Group[] }>().groups;
}

const login = (email: string) =>
  server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user`,
    payload: { email, password: TEST_PASSWORD },
  });

/** A token refresh of the session `refreshToken` belongs to; 200 expected. */
async function refresh(refreshToken: string) {
  const response = await server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user/token/refresh`,
    cookies: { [COOKIE]: refreshToken },
    payload: {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

describe('groups (issue 4)', () => {
  it('creates, edits and deletes a group, with roles and users, audited', async () => {
    const tenant = await createTenantAdmins(server());
    const admin = as(server(), tenant.admin);
    const group = await createGroup(tenant, {
      name: 'Analysts',
      description: 'Menu analysts',
      color: '#2f9e44',
    });
    expect(group).toMatchObject({ name: 'Analysts', description: 'Menu analysts', color: '#2f9e44' });

    const readOnlyRole = await roleIdOf(tenant, 'ReadOnly');
    expect((await admin('POST', `${GROUPS}/${group.id}/roles`, { roleIds: [readOnlyRole] })).statusCode).toBe(
      200,
    );
    expect(
      (await admin('POST', `${GROUPS}/${group.id}/users`, { userIds: [tenant.member.user.id] })).statusCode,
    ).toBe(200);
    const [listed] = await groupsOf(tenant);
    expect(listed?.roles?.map((role) => role.key)).toEqual(['ReadOnly']);
    expect(listed?.users?.map((user) => user.id)).toEqual([tenant.member.user.id]);
    expect((await groupsOf(tenant, 'roles'))[0]?.users).toBeUndefined();

    const one = await admin('GET', `${GROUPS}/${group.id}?_groupsRelations=users`);
    expect(one.json<Group>().users?.[0]?.email).toBe(tenant.member.user.email);

    const patched = await admin('PATCH', `${GROUPS}/${group.id}`, {
      name: 'Senior analysts',
      color: '#1971c2',
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Senior analysts',
      color: '#1971c2',
      description: 'Menu analysts',
    });

    expect(
      (await admin('DELETE', `${GROUPS}/${group.id}/roles`, { roleIds: [readOnlyRole] })).statusCode,
    ).toBe(200);
    expect(
      (await admin('DELETE', `${GROUPS}/${group.id}/users`, { userIds: [tenant.member.user.id] })).statusCode,
    ).toBe(200);
    const [emptied] = await groupsOf(tenant);
    expect(emptied).toMatchObject({ roles: [], users: [] });

    expect((await admin('DELETE', `${GROUPS}/${group.id}`)).statusCode).toBe(200);
    expect(await groupsOf(tenant)).toEqual([]);
    expectErrorShape(await admin('GET', `${GROUPS}/${group.id}`), 404);
    const actions = (await listAuditLogsByEmail(server().db, tenant.admin.user.email)).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'Group created',
        'Group updated',
        'Group deleted',
        'Roles added to group',
        'Roles removed from group',
        'Users added to group',
        'Users removed from group',
      ]),
    );
  });

  it("puts a group's roles into its members' access tokens, at login and at the next refresh", async () => {
    const tenant = await createTenantAdmins(server());
    const admin = as(server(), tenant.admin);
    const before = await login(tenant.member.user.email);
    const refreshToken = cookieValue(before, COOKIE) ?? '';
    expect(claimsOf(before.json<{ accessToken: string }>().accessToken).roles).not.toContain('ReadOnly');

    const group = await createGroup(tenant, { name: 'Readers' });
    await admin('POST', `${GROUPS}/${group.id}/roles`, { roleIds: [await roleIdOf(tenant, 'ReadOnly')] });
    await admin('POST', `${GROUPS}/${group.id}/users`, { userIds: [tenant.member.user.id] });

    const refreshed = await refresh(refreshToken);
    const claims = claimsOf(refreshed.json<{ accessToken: string }>().accessToken);
    expect(claims.roles).toContain('ReadOnly');
    expect(claims.permissions).toContain('fe.secure.read.groups');
    // The member may now read the groups through the group's role.
    const member = { authorization: `Bearer ${refreshed.json<{ accessToken: string }>().accessToken}` };
    expect((await as(server(), member)('GET', GROUPS)).statusCode).toBe(200);

    await admin('DELETE', `${GROUPS}/${group.id}`);
    const after = await login(tenant.member.user.email);
    expect(claimsOf(after.json<{ accessToken: string }>().accessToken).roles).not.toContain('ReadOnly');
  });

  it("gives members a group's roles only while the tenant's groups, and roles on groups, are on (issue 4)", async () => {
    const tenant = await createTenantAdmins(server());
    const other = await createTenantAdmins(server());
    const readOnlyRole = await roleIdOf(tenant, 'ReadOnly');
    for (const owner of [tenant, other]) {
      const group = await createGroup(owner, { name: 'Readers' });
      await as(server(), owner.admin)('POST', `${GROUPS}/${group.id}/roles`, { roleIds: [readOnlyRole] });
      await as(server(), owner.admin)('POST', `${GROUPS}/${group.id}/users`, {
        userIds: [owner.member.user.id],
      });
    }
    const configure = async (changes: Record<string, boolean>) => {
      const response = await as(server(), tenant.admin)('POST', `${GROUPS}/config`, changes);
      expect(response.statusCode, response.body).toBe(201);
    };
    // The member holds ReadOnly (and with it fe.secure.read.groups) only through the group.
    let refreshToken = cookieValue(await login(tenant.member.user.email), COOKIE) ?? '';
    const refreshed = async () => {
      const response = await refresh(refreshToken);
      refreshToken = cookieValue(response, COOKIE) ?? refreshToken;
      const accessToken = response.json<{ accessToken: string }>().accessToken;
      const groupsRead = await as(server(), { authorization: `Bearer ${accessToken}` })('GET', GROUPS);
      return { ...claimsOf(accessToken), groupsRead: groupsRead.statusCode };
    };
    const granted = { roles: expect.arrayContaining(['ReadOnly']) as unknown, groupsRead: 200 };
    const withheld = {
      roles: expect.not.arrayContaining(['ReadOnly']) as unknown,
      permissions: expect.not.arrayContaining(['fe.secure.read.groups']) as unknown,
      groupsRead: 403,
    };

    expect(await refreshed()).toMatchObject({
      ...granted,
      permissions: expect.arrayContaining(['fe.secure.read.groups']) as unknown,
    });
    await configure({ enabled: false });
    expect(await refreshed()).toMatchObject(withheld);
    const loggedInWhileOff = await login(tenant.member.user.email);
    expect(claimsOf(loggedInWhileOff.json<{ accessToken: string }>().accessToken).roles).not.toContain(
      'ReadOnly',
    );
    // Another tenant's switches are its own.
    const otherLogin = await login(other.member.user.email);
    expect(claimsOf(otherLogin.json<{ accessToken: string }>().accessToken).roles).toContain('ReadOnly');

    await configure({ enabled: true });
    expect(await refreshed()).toMatchObject(granted);
    await configure({ rolesEnabled: false });
    expect(await refreshed()).toMatchObject(withheld);
    await configure({ rolesEnabled: true });
    expect(await refreshed()).toMatchObject({
      ...granted,
      permissions: expect.arrayContaining(['fe.secure.read.groups']) as unknown,
    });
  });

  it('refuses a role the administrator could not grant, and a duplicate name', async () => {
    const tenant = await createTenantAdmins(server());
    const group = await createGroup(tenant, { name: 'Trial people' });
    // bfm-expired-trial carries bfm.trial, which the Admin role does not hold.
    const refused = await as(server(), tenant.admin)('POST', `${GROUPS}/${group.id}/roles`, {
      roleIds: [await roleIdOf(tenant, 'bfm-expired-trial')],
    });
    expectErrorShape(refused, 403);
    expectErrorShape(await as(server(), tenant.admin)('POST', GROUPS, { name: 'trial PEOPLE' }), 409);
  });

  it('lets the Read Only administrator read and nothing else; a member and anonymous callers get nothing', async () => {
    const tenant = await createTenantAdmins(server());
    const group = await createGroup(tenant, { name: 'Kept' });
    const readOnly = as(server(), tenant.readOnly);
    expect((await readOnly('GET', GROUPS)).statusCode).toBe(200);
    expect((await readOnly('GET', `${GROUPS}/${group.id}`)).statusCode).toBe(200);
    expect((await readOnly('GET', `${GROUPS}/config`)).json()).toEqual({ enabled: true, rolesEnabled: true });
    expectErrorShape(await readOnly('POST', GROUPS, { name: 'X' }), 403);
    expectErrorShape(await readOnly('PATCH', `${GROUPS}/${group.id}`, { name: 'Y' }), 403);
    expectErrorShape(await readOnly('DELETE', `${GROUPS}/${group.id}`), 403);
    expectErrorShape(
      await readOnly('POST', `${GROUPS}/${group.id}/users`, { userIds: [tenant.member.user.id] }),
      403,
    );
    expectErrorShape(await readOnly('POST', `${GROUPS}/${group.id}/roles`, { roleIds: [UNKNOWN] }), 403);
    expectErrorShape(await as(server(), tenant.member)('GET', GROUPS), 403);
    expectErrorShape(await server().app.inject({ method: 'GET', url: GROUPS }), 401);
    expectErrorShape(await server().app.inject({ method: 'DELETE', url: `${GROUPS}/${group.id}` }), 401);
    expect((await groupsOf(tenant))[0]).toMatchObject({ name: 'Kept', users: [] });
  });

  it('answers bad input with 400 or 404 in the error shape', async () => {
    const tenant = await createTenantAdmins(server());
    const admin = as(server(), tenant.admin);
    const group = await createGroup(tenant, { name: 'Target' });
    expectErrorShape(await admin('POST', GROUPS, {}), 400);
    expectErrorShape(await admin('POST', GROUPS, { name: '' }), 400);
    expectErrorShape(await admin('POST', GROUPS, { name: 7 }), 400);
    expectErrorShape(await admin('POST', GROUPS, { name: 'x', color: 'javascript:alert(1)' }), 400);
    expectErrorShape(await admin('GET', `${GROUPS}?_groupsRelations=everything`), 400);
    expectErrorShape(await admin('GET', `${GROUPS}/not-an-id`), 400);
    expectErrorShape(await admin('GET', `${GROUPS}/${UNKNOWN}`), 404);
    expectErrorShape(await admin('PATCH', `${GROUPS}/${UNKNOWN}`, { name: 'x' }), 404);
    expectErrorShape(await admin('DELETE', `${GROUPS}/${UNKNOWN}`), 404);
    expectErrorShape(await admin('POST', `${GROUPS}/${group.id}/roles`, {}), 400);
    expectErrorShape(await admin('POST', `${GROUPS}/${group.id}/roles`, { roleIds: [] }), 400);
    expectErrorShape(await admin('POST', `${GROUPS}/${group.id}/roles`, { roleIds: ['x'] }), 400);
    expectErrorShape(await admin('POST', `${GROUPS}/${group.id}/roles`, { roleIds: [UNKNOWN] }), 404);
    expectErrorShape(await admin('POST', `${GROUPS}/${group.id}/users`, { userIds: [UNKNOWN] }), 404);
    expectErrorShape(await admin('DELETE', `${GROUPS}/${group.id}/users`, { userIds: 'x' }), 400);
    expectErrorShape(
      await admin('POST', `${GROUPS}/${UNKNOWN}/users`, { userIds: [tenant.member.user.id] }),
      404,
    );
  });

  it("never shows or changes another tenant's groups, and never takes in its users or roles", async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const bGroup = await createGroup(b, { name: 'B group' });
    const aGroup = await createGroup(a, { name: 'A group' });
    const bRole = (
      await as(server(), b.admin)('POST', `${API}/roles/v1`, { key: 'b-role', name: 'B role' })
    ).json<{ id: string }>().id;
    const aAdmin = as(server(), a.admin);
    expect((await groupsOf(a)).map((group) => group.id)).toEqual([aGroup.id]);
    expectErrorShape(await aAdmin('GET', `${GROUPS}/${bGroup.id}`), 404);
    expectErrorShape(await aAdmin('PATCH', `${GROUPS}/${bGroup.id}`, { name: 'Stolen' }), 404);
    expectErrorShape(await aAdmin('DELETE', `${GROUPS}/${bGroup.id}`), 404);
    expectErrorShape(
      await aAdmin('POST', `${GROUPS}/${bGroup.id}/users`, { userIds: [a.member.user.id] }),
      404,
    );
    expectErrorShape(
      await aAdmin('POST', `${GROUPS}/${aGroup.id}/users`, { userIds: [b.member.user.id] }),
      404,
    );
    expectErrorShape(await aAdmin('POST', `${GROUPS}/${aGroup.id}/roles`, { roleIds: [bRole] }), 404);
    expect(await groupsOf(b)).toEqual([
      expect.objectContaining({ id: bGroup.id, name: 'B group', users: [], roles: [] }),
    ]);
    expect((await groupsOf(a))[0]).toMatchObject({ users: [], roles: [] });
  });
});
