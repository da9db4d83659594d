// Issue 10: the revocation list (services/revocations.ts) also covers the changes that shrink a member's
// effective permissions or end their access without touching their own roles: a group's roles, its users,
// its deletion, the groups configuration, a role's permissions, key or deletion, a temporary membership's
// end, and the lockout policy locking the account. Each time the old access token answers 401 at once,
// and a refresh (when the access remains) gets a token with what is left.
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { createMemoryRevocationList, revocationKeys, revokeMembers } from '../../src/services/revocations.js';
import {
  as,
  createTenantAdmins,
  createTenantRole,
  type Member,
  type TenantAdmins,
} from '../admin-support.js';
import { API, cookieValue, expectErrorShape, mailTo, TestClock, useTestServer } from '../harness.js';
import { createUser, TEST_PASSWORD } from '../factories.js';

const server = useTestServer();
const COOKIE = 'fe_refresh_brizoaccess';
const ME = `${API}/users/v2/me`;
const USERS = `${API}/users/v3`;
const GROUPS = `${API}/groups/v1`;
const TEAM = '/frontegg/team/resources';

interface Browser {
  accessToken: string;
  refreshToken: string;
}

const login = async (email: string, password = TEST_PASSWORD) => {
  const response = await server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user`,
    payload: { email, password },
  });
  return response;
};

async function signIn(email: string): Promise<Browser> {
  const response = await login(email);
  expect(response.statusCode, response.body).toBe(200);
  return {
    accessToken: response.json<{ accessToken: string }>().accessToken,
    refreshToken: cookieValue(response, COOKIE) ?? '',
  };
}

/** Refreshes and moves the browser to the rotated token; the status of the refresh. */
async function refreshed(browser: Browser): Promise<number> {
  const response = await server().app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user/token/refresh`,
    payload: {},
    cookies: { [COOKIE]: browser.refreshToken },
  });
  if (response.statusCode === 200) {
    browser.accessToken = response.json<{ accessToken: string }>().accessToken;
    browser.refreshToken = cookieValue(response, COOKIE) ?? '';
  }
  return response.statusCode;
}

const bearer = (browser: Browser) => ({ authorization: `Bearer ${browser.accessToken}` });
/** The tenant's users list: fe.secure.read.users, which the roles below give. */
const listUsers = (browser: Browser) => as(server(), bearer(browser))('GET', USERS);
const me = (browser: Browser) => as(server(), bearer(browser))('GET', ME);

async function roleId(team: TenantAdmins, key: string): Promise<string> {
  const roles = (await as(server(), team.admin)('GET', `${API}/roles/v1`)).json<
    { id: string; key: string }[]
  >();
  const role = roles.find((candidate) => candidate.key === key);
  if (!role) throw new Error(`no role ${key}`);
  return role.id;
}

/** A group of the tenant giving ReadOnly (the users list) to the tenant's plain member. */
async function groupGivingReadOnly(team: TenantAdmins) {
  const admin = as(server(), team.admin);
  const created = await admin('POST', GROUPS, { name: `Readers ${Math.random().toString(36).slice(2, 8)}` });
  expect(created.statusCode, created.body).toBe(201);
  const group = created.json<{ id: string }>();
  const readOnly = await roleId(team, 'ReadOnly');
  expect((await admin('POST', `${GROUPS}/${group.id}/roles`, { roleIds: [readOnly] })).statusCode).toBe(200);
  expect(
    (await admin('POST', `${GROUPS}/${group.id}/users`, { userIds: [team.member.user.id] })).statusCode,
  ).toBe(200);
  const browser = await signIn(team.member.user.email);
  expect(decodeJwt(browser.accessToken).roles).toContain('ReadOnly');
  expect((await listUsers(browser)).statusCode).toBe(200);
  return { group, readOnly, browser };
}

/** The old token is refused at once; a refresh gets one without the group's role. */
async function expectLostReadOnly(browser: Browser) {
  expectErrorShape(await listUsers(browser), 401);
  expectErrorShape(await me(browser), 401);
  expect(await refreshed(browser)).toBe(200);
  expect(decodeJwt(browser.accessToken).roles).not.toContain('ReadOnly');
  expect((await me(browser)).statusCode).toBe(200);
  expectErrorShape(await listUsers(browser), 403);
}

describe('issue 10: a group no longer gives its members roles', () => {
  it('the group’s role removed: its members’ old tokens answer 401; a refresh in the same second works without it', async () => {
    const team = await createTenantAdmins(server());
    const { group, readOnly, browser } = await groupGivingReadOnly(team);
    const removed = await as(server(), team.admin)('DELETE', `${GROUPS}/${group.id}/roles`, {
      roleIds: [readOnly],
    });
    expect(removed.statusCode).toBe(200);
    await expectLostReadOnly(browser);
  });

  it('the member taken out of the group: their old token answers 401; the administrator’s keeps working', async () => {
    const team = await createTenantAdmins(server());
    const { group, browser } = await groupGivingReadOnly(team);
    const removed = await as(server(), team.admin)('DELETE', `${GROUPS}/${group.id}/users`, {
      userIds: [team.member.user.id],
    });
    expect(removed.statusCode).toBe(200);
    await expectLostReadOnly(browser);
    expect((await as(server(), team.admin)('GET', USERS)).statusCode).toBe(200);
  });

  it('the group deleted: its members’ old tokens answer 401', async () => {
    const team = await createTenantAdmins(server());
    const { group, browser } = await groupGivingReadOnly(team);
    expect((await as(server(), team.admin)('DELETE', `${GROUPS}/${group.id}`)).statusCode).toBe(200);
    await expectLostReadOnly(browser);
  });

  it('roles on groups turned off in the groups configuration: the members’ old tokens answer 401', async () => {
    const team = await createTenantAdmins(server());
    const { browser } = await groupGivingReadOnly(team);
    const config = await as(server(), team.admin)('POST', `${GROUPS}/config`, { rolesEnabled: false });
    expect(config.statusCode).toBe(201);
    await expectLostReadOnly(browser);
  });
});

describe('issue 10: a role gives less', () => {
  /** A tenant role giving the users list, held by the member directly and by the read-only admin through a group. */
  async function customRoleHolders() {
    const team = await createTenantAdmins(server());
    const role = await createTenantRole(server(), team.tenant.id, ['fe.secure.read.users']);
    const admin = as(server(), team.admin);
    const base = await roleId(team, 'bfm-base');
    const direct = await admin('PUT', `${TEAM}/members/v1`, {
      id: team.member.user.id,
      roleIds: [base, role.id],
    });
    expect(direct.statusCode, direct.body).toBe(200);
    const created = await admin('POST', GROUPS, { name: `Custom ${role.key}` });
    const group = created.json<{ id: string }>();
    expect((await admin('POST', `${GROUPS}/${group.id}/roles`, { roleIds: [role.id] })).statusCode).toBe(200);
    const viaGroup = await createUser(server().db, server().passwords, {
      tenant: team.tenant,
      roleKeys: ['bfm-base'],
    });
    expect(
      (await admin('POST', `${GROUPS}/${group.id}/users`, { userIds: [viaGroup.user.id] })).statusCode,
    ).toBe(200);
    const holders = [await signIn(team.member.user.email), await signIn(viaGroup.user.email)];
    for (const browser of holders) expect((await listUsers(browser)).statusCode).toBe(200);
    // Not a holder: its token is untouched by the change.
    const bystander = await signIn(team.readOnly.user.email);
    return { team, role, holders, bystander };
  }

  async function expectHoldersLostUsersList(holders: Browser[], bystander: Browser) {
    for (const browser of holders) {
      expectErrorShape(await listUsers(browser), 401);
      expect(await refreshed(browser)).toBe(200);
      expect(decodeJwt(browser.accessToken).permissions).not.toContain('fe.secure.read.users');
      expectErrorShape(await listUsers(browser), 403);
    }
    expect((await listUsers(bystander)).statusCode).toBe(200);
  }

  it('its permissions taken away: every holder, directly or through a group, answers 401; others keep working', async () => {
    const { team, role, holders, bystander } = await customRoleHolders();
    const changed = await as(server(), team.admin)('PUT', `${API}/roles/v1/${role.id}/permissions`, {
      permissionIds: [],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectHoldersLostUsersList(holders, bystander);
  });

  it('one permission taken from it through the permission’s roles: its holders answer 401', async () => {
    const { team, holders, bystander } = await customRoleHolders();
    const permissions = (await as(server(), team.admin)('GET', `${API}/permissions/v1`)).json<
      { id: string; key: string }[]
    >();
    const readUsers = permissions.find((permission) => permission.key === 'fe.secure.read.users');
    const changed = await as(server(), team.admin)(
      'PUT',
      `${API}/permissions/v1/${readUsers?.id ?? ''}/roles`,
      {
        roleIds: [],
      },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    await expectHoldersLostUsersList(holders, bystander);
  });

  it('the role deleted: its holders answer 401', async () => {
    const { team, role, holders, bystander } = await customRoleHolders();
    expect((await as(server(), team.admin)('DELETE', `${API}/roles/v1/${role.id}`)).statusCode).toBe(200);
    await expectHoldersLostUsersList(holders, bystander);
  });

  it('a tenant API token holding the role: its access token answers 401', async () => {
    const team = await createTenantAdmins(server());
    const role = await createTenantRole(server(), team.tenant.id, ['fe.secure.read.users']);
    const created = await as(server(), team.admin)('POST', `${API}/tenants/api-tokens/v1`, {
      description: 'CI',
      roleIds: [role.id],
    });
    expect(created.statusCode).toBe(201);
    const token = created.json<{ clientId: string; secret: string }>();
    const exchanged = await server().app.inject({
      method: 'POST',
      url: `${API}/auth/v1/api-token`,
      payload: { clientId: token.clientId, secret: token.secret },
    });
    const apiBearer = { authorization: `Bearer ${exchanged.json<{ accessToken: string }>().accessToken}` };
    expect((await as(server(), apiBearer)('GET', USERS)).statusCode).toBe(200);
    const changed = await as(server(), team.admin)('PUT', `${API}/roles/v1/${role.id}/permissions`, {
      permissionIds: [],
    });
    expect(changed.statusCode).toBe(200);
    expectErrorShape(await as(server(), apiBearer)('GET', USERS), 401);
  });

  it('above MAX_MEMBER_REVOCATIONS members, one revocation of the tenant covers them all', () => {
    const clock = new TestClock(new Date('2026-11-26T10:00:00Z'));
    const list = createMemoryRevocationList({ clock, accessTokenTtlSeconds: 300 });
    const at = clock.now().getTime();
    revokeMembers(list, 'tenant-a', ['u1', 'u2', 'u2'], at, 2);
    expect(list.size).toBe(2);
    expect(list.revokedAt(revocationKeys.member('u1', 'tenant-a'), at)).toBe(at);
    revokeMembers(list, 'tenant-b', ['u1', 'u2', 'u3'], at, 2);
    expect(list.revokedAt(revocationKeys.tenant('tenant-b'), at)).toBe(at);
    expect(list.revokedAt(revocationKeys.member('u3', 'tenant-b'), at)).toBeUndefined();
  });
});

describe('issue 10: a temporary membership ends', () => {
  it('made temporary: the old token answers 401; later tokens expire with the membership', async () => {
    const team = await createTenantAdmins(server());
    const browser = await signIn(team.member.user.email);
    expect((await me(browser)).statusCode).toBe(200);
    const made = await as(server(), team.admin)('PUT', `${API}/users/temporary/v1/${team.member.user.id}`, {
      expirationInSeconds: 400,
    });
    expect(made.statusCode, made.body).toBe(200);
    const endsAt =
      Date.parse(made.json<{ temporaryExpirationDate: string }>().temporaryExpirationDate) / 1000;
    // Tokens issued before did not know of the end: they stop now, and a refresh gets one that does.
    expectErrorShape(await me(browser), 401);
    expect(await refreshed(browser)).toBe(200);
    expect((await me(browser)).statusCode).toBe(200);
    // 200 s before the end, a refresh gets a token of 200 s, not of the 300 s TTL.
    server().clock.advanceSeconds(200);
    expect(await refreshed(browser)).toBe(200);
    expect(decodeJwt(browser.accessToken).exp).toBeLessThanOrEqual(endsAt);
    expect((await me(browser)).statusCode).toBe(200);
    server().clock.advanceSeconds(201);
    expectErrorShape(await me(browser), 401);
    expect(await refreshed(browser)).toBe(401);
  });
});

describe('issue 10: revocations in the second after another', () => {
  it('a token refreshed just after a role change (stamped the next second) is covered by a disable in the same second', async () => {
    const team = await createTenantAdmins(server());
    const browser = await signIn(team.member.user.email);
    const base = await roleId(team, 'bfm-base');
    const admin = as(server(), team.admin);
    expect(
      (await admin('PUT', `${TEAM}/members/v1`, { id: team.member.user.id, roleIds: [base] })).statusCode,
    ).toBe(200);
    // The TestClock has not moved: the refresh, the lock and the calls all fall in one millisecond.
    expect(await refreshed(browser)).toBe(200);
    expect((await me(browser)).statusCode).toBe(200);
    expect((await admin('POST', `${API}/tenants/users/v1/${team.member.user.id}/disable`)).statusCode).toBe(
      200,
    );
    expectErrorShape(await me(browser), 401);
  });
});

describe('issue 10: the lockout policy locks the account', () => {
  it('its access tokens answer 401 at once and its sessions stay ended after the unlock', async () => {
    const team = await createTenantAdmins(server());
    expect(
      (
        await as(server(), team.admin)('POST', `${API}/configurations/v1/lockout-policy`, {
          enabled: true,
          maxAttempts: 2,
        })
      ).statusCode,
    ).toBe(200);
    const { user } = await createUser(server().db, server().passwords, { tenant: team.tenant });
    const browser = await signIn(user.email);
    const member: Member = { user, authorization: `Bearer ${browser.accessToken}` };
    expect((await as(server(), member)('GET', ME)).statusCode).toBe(200);
    for (let attempt = 0; attempt < 2; attempt += 1)
      expect((await login(user.email, 'Wrong-password-1!')).statusCode).toBe(401);
    expectErrorShape(await me(browser), 401);

    const [mail] = await mailTo(server().db, user.email);
    const url = mail?.text.match(/https?:\/\/\S+\/account\/unlock\?\S+/)?.[0] ?? '';
    const unlocked = await server().app.inject({
      method: 'POST',
      url: `${API}/users/v3/me/unlock`,
      payload: { token: new URL(url).searchParams.get('token') },
    });
    expect(unlocked.statusCode).toBe(200);
    // The session was ended by the lock: unlocking does not bring it back.
    expect(await refreshed(browser)).toBe(401);
    expect((await login(user.email)).statusCode).toBe(200);
  });
});
