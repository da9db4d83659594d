import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  assignUserRoles,
  findVendorRolesByKeys,
  insertRole,
  linkRolePermissions,
} from '../../../../src/db/queries/roles.js';
import { recordBreachedPassword } from '../../../../src/db/queries/security-center.js';
import { auditLogs, memberships, mfaDevices, permissions, users } from '../../../../src/db/schema/index.js';
import { as, createTenantAdmins } from '../../../admin-support.js';
import { createTenant, createUser, TEST_PASSWORD } from '../../../factories.js';
import {
  API,
  cookieValue,
  expectErrorShape,
  json,
  linkFromMail,
  uniqueEmail,
  useTestServer,
  type TestServer,
} from '../../../harness.js';
import { accessTokenOf, passwordLogin } from '../../../lifecycle-helpers.js';

const server = useTestServer();
const TEAM = '/frontegg/team/resources';

interface Page {
  items: Array<{
    id: string;
    email: string;
    name: string;
    roles: Array<{ id: string; key: string }>;
    roleIds: string[];
    isDisabled: boolean;
    isLocked: boolean;
    verified: boolean;
    mfaEnrolled: boolean;
    tenantIds: string[];
    temporaryExpirationDate?: string;
  }>;
  _metadata: { totalItems: number; totalPages: number };
}

const listOf = async (call: ReturnType<typeof as>, query = '') => {
  const response = await call('GET', `${API}/users/v2?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return json<Page>(response);
};

/** A session of `email` (login answer + refresh cookie). */
async function signIn(s: TestServer, email: string) {
  const login = await passwordLogin(s, email, TEST_PASSWORD);
  expect(login.statusCode, login.body).toBe(200);
  const cookieName = Object.keys(Object.fromEntries(login.cookies.map((c) => [c.name, c.value]))).find(
    (name) => name.startsWith('fe_refresh_'),
  );
  return { cookieName: cookieName ?? '', cookie: cookieValue(login, cookieName ?? '') ?? '' };
}

const refresh = (s: TestServer, session: { cookieName: string; cookie: string }) =>
  s.app.inject({
    method: 'POST',
    url: `${API}/auth/v1/user/token/refresh`,
    cookies: { [session.cookieName]: session.cookie },
    payload: {},
  });

describe('Users section: the list (GET /users/v2 and v3)', () => {
  it('pages, sorts and searches the tenant members only', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    for (const name of ['Zoe Quinn', 'adam Brody', 'Mia Wong']) {
      await createUser(s.db, s.passwords, { tenant: team.tenant, name, email: uniqueEmail('sorted') });
    }
    const other = await createTenant(s.db);
    await createUser(s.db, s.passwords, { tenant: other, name: 'Aaron Outsider' });
    const admin = as(s, team.admin);

    const all = await listOf(admin, '_limit=20&_offset=0');
    expect(all._metadata).toEqual({ totalItems: 6, totalPages: 1 });
    expect(
      all.items.every((item) => item.tenantIds.length === 1 && item.tenantIds[0] === team.tenant.id),
    ).toBe(true);
    expect(all.items.map((item) => item.name)).not.toContain('Aaron Outsider');

    const byName = await listOf(admin, '_sortBy=name&_order=ASC&_limit=2&_offset=0');
    expect(byName.items.map((item) => item.name)).toEqual(['adam Brody', 'Mia Wong']);
    expect(byName._metadata.totalPages).toBe(3);
    const second = await listOf(admin, '_sortBy=name&_order=ASC&_limit=2&_offset=1');
    expect(second.items.map((item) => item.name)[0]).toBe('Test User');
    const desc = await listOf(admin, '_sortBy=name&_order=DESC&_limit=1');
    expect(desc.items[0]?.name).toBe('Zoe Quinn');

    const searched = await listOf(admin, '_filter=MIA');
    expect(searched.items.map((item) => item.name)).toEqual(['Mia Wong']);
    const byEmail = await listOf(admin, `_filter=${encodeURIComponent('sorted-')}`);
    expect(byEmail._metadata.totalItems).toBe(3);
    // LIKE wildcards are searched as text.
    expect((await listOf(admin, '_filter=%25'))._metadata.totalItems).toBe(0);

    const v3 = await admin('GET', `${API}/users/v3?_email=sorted-&_sortBy=email&_order=asc`);
    expect(v3.statusCode, v3.body).toBe(200);
    expect(json<Page>(v3).items).toHaveLength(3);
  });

  it('searches a part of the name or email, any case, with LIKE wildcards as text (walk-through issue: "Demo")', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const people: Array<[string, string]> = [
      ['Regular Demo', uniqueEmail('regular')],
      ['Anna Smith', uniqueEmail('anna', 'demo-foods.test')],
      ['Demolition Crew', uniqueEmail('crew')],
      ['Under_Score', uniqueEmail('under')],
      ['Hundred Percent', uniqueEmail('pct%sign')],
    ];
    for (const [name, email] of people)
      await createUser(s.db, s.passwords, { tenant: team.tenant, name, email });
    const other = await createTenant(s.db);
    await createUser(s.db, s.passwords, { tenant: other, name: 'Outside Demo' });
    const admin = as(s, team.admin);
    const namesOf = async (filter: string) =>
      (await listOf(admin, `_filter=${encodeURIComponent(filter)}&_sortBy=name&_order=ASC`)).items.map(
        (item) => item.name,
      );

    // In the middle of a name, at the start of one, in an email's domain; never another tenant's.
    expect(await namesOf('Demo')).toEqual(['Anna Smith', 'Demolition Crew', 'Regular Demo']);
    expect(await namesOf('dEmO')).toEqual(['Anna Smith', 'Demolition Crew', 'Regular Demo']);
    expect(await namesOf('ular de')).toEqual(['Regular Demo']);
    expect((await listOf(admin, '_filter=demo'))._metadata.totalItems).toBe(3);
    // '_' and '%' are letters here, not LIKE's "any character" and "anything".
    expect(await namesOf('_')).toEqual(['Under_Score']);
    expect(await namesOf('%')).toEqual(['Hundred Percent']);
    expect(await namesOf('n_e')).toEqual([]);
    expect(await namesOf('\\')).toEqual([]);
    // The v3 list's _email searches the same way.
    const v3 = await admin('GET', `${API}/users/v3?_email=DEMO-FOODS`);
    expect(json<Page>(v3).items.map((item) => item.name)).toEqual(['Anna Smith']);
  });

  it('pages a search matched by name or email in the order of another key, with the inactive preset', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    // "kit" matches the first three by name and the last two by email only.
    const people = [
      ['Kit Adams', 'zz-kit-adams'],
      ['kitty Brown', 'mm-kitty'],
      ['Kitson Cole', 'aa-kitson'],
      ['Dora Lee', 'kit-dora'],
      ['Eli Moss', 'kite-eli'],
    ];
    const created = [];
    for (const [name, local] of people) {
      created.push(
        await createUser(s.db, s.passwords, { tenant: team.tenant, name, email: uniqueEmail(local) }),
      );
    }
    const admin = as(s, team.admin);
    const emailsOf = (page: Page) => page.items.map((item) => item.email.replace(/-[0-9a-f]{8}@.*$/, ''));
    const query = '_filter=KIT&_sortBy=email&_order=ASC&_limit=2';

    const pages = [0, 1, 2].map((offset) => listOf(admin, `${query}&_offset=${offset}`));
    expect((await Promise.all(pages)).map(emailsOf)).toEqual([
      ['aa-kitson', 'kit-dora'],
      ['kite-eli', 'mm-kitty'],
      ['zz-kit-adams'],
    ]);
    const newest = await listOf(admin, '_filter=kit&_sortBy=createdAt&_order=DESC&_limit=1');
    expect(newest.items[0]?.name).toBe('Eli Moss');
    expect(newest._metadata.totalItems).toBe(5);

    // A sign-in 100 days ago (the trigger of migration 0018 copies it onto the membership).
    const longAgo = new Date(Date.now() - 100 * 86_400_000);
    const idle = [created[1], created[3]].map((user) => user?.user.id ?? '');
    await s.db.update(users).set({ lastLogin: longAgo }).where(inArray(users.id, idle));
    const inactive = await listOf(admin, `${query}&_offset=0&_preset=inactive`);
    expect(emailsOf(inactive)).toEqual(['kit-dora', 'mm-kitty']);
    expect(inactive._metadata.totalItems).toBe(2);
    const [row] = await s.db
      .select({ lastActiveAt: memberships.lastActiveAt })
      .from(memberships)
      .where(eq(memberships.userId, idle[0] ?? ''));
    expect(row?.lastActiveAt.getTime()).toBe(longAgo.getTime());
  });

  it("copies a member's last sign-in onto each membership, to the minute (migration 0018)", async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const { user } = await createUser(s.db, s.passwords, { tenant: team.tenant });
    const lastActive = async () => {
      const rows = await s.db
        .select({ at: memberships.lastActiveAt })
        .from(memberships)
        .where(eq(memberships.userId, user.id));
      return rows.map((row) => row.at.toISOString());
    };
    const signedInAt = async (at: Date) => {
      await s.db.update(users).set({ lastLogin: at }).where(eq(users.id, user.id));
      return lastActive();
    };
    expect(await lastActive()).toEqual([user.createdAt.toISOString()]);
    const first = new Date('2026-03-01T10:00:00Z');
    expect(await signedInAt(first)).toEqual([first.toISOString()]);
    expect(await signedInAt(new Date('2026-03-01T10:00:59Z'))).toEqual([first.toISOString()]);
    const later = new Date('2026-03-01T10:01:30Z');
    expect(await signedInAt(later)).toEqual([later.toISOString()]);
    // A second account's membership follows too.
    const other = await createTenant(s.db);
    await s.db.insert(memberships).values({ userId: user.id, tenantId: other.id });
    const much = new Date('2026-06-01T00:00:00Z');
    expect(await signedInAt(much)).toEqual([much.toISOString(), much.toISOString()]);
  });

  it('reuses a total for a few seconds, recounts in the background, and drops it on its own changes', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const admin = as(s, team.admin);
    const totalOf = async (query = '') => (await listOf(admin, query))._metadata.totalItems;
    const before = await totalOf();
    // Another server (or SCIM, later) adds a member: this server learns of it by recounting.
    await createUser(s.db, s.passwords, { tenant: team.tenant });
    expect(await totalOf()).toBe(before);
    s.clock.advanceSeconds(6);
    try {
      expect(await totalOf()).toBe(before); // answered at once; the recount runs behind it
      await expect.poll(() => totalOf()).toBe(before + 1);
      // The inactive preset's threshold moves with the clock: two minutes later it is counted anew.
      const inactive = await totalOf('_preset=inactive&_maxInactiveSeconds=60');
      expect(inactive).toBe(0);
      s.clock.advanceSeconds(120);
      expect(await totalOf('_preset=inactive&_maxInactiveSeconds=60')).toBe(before + 1);
    } finally {
      s.clock.advanceSeconds(-126);
    }
    // A change made here drops the tenant's totals at once.
    const invited = await admin('POST', `${API}/users/v2`, {
      email: uniqueEmail('counted'),
      name: 'Counted',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(await totalOf()).toBe(before + 2);
  });

  it('shows each member with the roles held in this tenant, and filters by preset', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const admin = as(s, team.admin);
    await s.db.insert(mfaDevices).values({ userId: team.member.user.id, type: 'authenticator', secret: 'X' });
    // What a sign-in with a password on the breached list records (auth/methods/password/login.ts).
    await recordBreachedPassword(s.db, team.readOnly.user.id, new Date(Date.now() + 60_000));
    await s.db
      .update(users)
      .set({ lastLogin: new Date(Date.now() - 100 * 86_400_000) })
      .where(eq(users.id, team.member.user.id));

    const page = await listOf(admin);
    const adminRow = page.items.find((item) => item.id === team.admin.user.id);
    expect(adminRow?.roles.map((role) => role.key).sort()).toEqual(['Admin', 'bfm-base']);
    expect(adminRow?.roleIds).toHaveLength(2);
    expect(page.items.find((item) => item.id === team.member.user.id)?.mfaEnrolled).toBe(true);

    const unenrolled = await listOf(admin, '_preset=mfa-unenrolled');
    expect(unenrolled.items.map((item) => item.id).sort()).toEqual(
      [team.admin.user.id, team.readOnly.user.id].sort(),
    );
    const breached = await admin('GET', `${API}/users/v3?_preset=breached-passwords`);
    expect(json<Page>(breached).items.map((item) => item.id)).toEqual([team.readOnly.user.id]);
    const inactive = await listOf(admin, '_preset=inactive');
    expect(inactive.items.map((item) => item.id)).toEqual([team.member.user.id]);
    const recent = await listOf(admin, '_preset=inactive&_maxInactiveSeconds=3600');
    expect(recent.items.map((item) => item.id)).toContain(team.member.user.id);
  });

  it('lists the roles the account may assign (GET /team/resources/roles/v1)', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const response = await as(s, team.readOnly)('GET', `${TEAM}/roles/v1`);
    expect(response.statusCode, response.body).toBe(200);
    const keys = json<{ items: Array<{ key: string }> }>(response).items.map((role) => role.key);
    expect(keys).toEqual(expect.arrayContaining(['Admin', 'ReadOnly', 'bfm-base']));
    expectErrorShape(await as(s, team.member)('GET', `${TEAM}/roles/v1`), 403);
  });
});

describe('Users section: invite', () => {
  it('creates a temporary member with roles who activates from the mail and signs in', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const [readOnly] = await findVendorRolesByKeys(s.db, ['ReadOnly']);
    const email = uniqueEmail('invitee');
    const response = await as(s, team.admin)('POST', `${API}/users/v2`, {
      email,
      name: 'New Person',
      phoneNumber: '+1 555 010 0199',
      roleIds: [readOnly?.id],
      expirationInSeconds: 3600,
      provider: 'local',
    });
    expect(response.statusCode, response.body).toBe(201);
    const invited = json<Page['items'][number]>(response);
    expect(invited.roles.map((role) => role.key)).toEqual(['ReadOnly']);
    expect(invited.verified).toBe(false);
    expect(invited.temporaryExpirationDate).toBeDefined();

    const { userId, token } = await linkFromMail(s.db, email, '/account/activate');
    const activated = await s.app.inject({
      method: 'POST',
      url: `${API}/users/v1/activate`,
      payload: { userId, token, password: TEST_PASSWORD },
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const claims = decodeJwt(json<{ accessToken: string }>(activated).accessToken);
    expect(claims.tenantId).toBe(team.tenant.id);
    expect(claims.roles).toEqual(['ReadOnly']);

    const audit = await s.db.select().from(auditLogs).where(eq(auditLogs.tenantId, team.tenant.id));
    expect(audit.map((entry) => entry.action)).toContain('User invited');
  });

  // Regression: the expiry was compared with the database's now(), so moving the server's clock
  // (the dev tools' and the tests' clock) past the expiration date left the temporary member in.
  it("a temporary member expires when the server's clock passes the date; made permanent, they are back", async () => {
    const s = server();
    const started = s.clock.now();
    try {
      const team = await createTenantAdmins(s);
      const { user } = await createUser(s.db, s.passwords, { tenant: team.tenant });
      const admin = as(s, team.admin);
      const set = await admin('PUT', `${API}/users/temporary/v1/${user.id}`, { expirationInSeconds: 300 });
      expect(set.statusCode, set.body).toBe(200);
      const session = await signIn(s, user.email);
      expect((await refresh(s, session)).statusCode).toBe(200);

      s.clock.advanceSeconds(299);
      expect((await passwordLogin(s, user.email, TEST_PASSWORD)).statusCode).toBe(200);
      s.clock.advanceSeconds(2);
      expectErrorShape(await passwordLogin(s, user.email, TEST_PASSWORD), 401);
      expectErrorShape(await refresh(s, session), 401);

      // The Admin signs in again: their first access token expired with the clock's move.
      const adminNow = as(s, { authorization: `Bearer ${await accessTokenOf(s, team.admin.user.email)}` });
      expect((await adminNow('DELETE', `${API}/users/temporary/v1/${user.id}`)).statusCode).toBe(200);
      expect((await passwordLogin(s, user.email, TEST_PASSWORD)).statusCode).toBe(200);
      const row = (await listOf(adminNow)).items.find((item) => item.id === user.id);
      expect(row?.temporaryExpirationDate).toBeUndefined();
    } finally {
      s.clock.set(started);
    }
  });

  it('invites a user of another account by invitation, and refuses a current member', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const { user: outsider } = await createUser(s.db, s.passwords);
    const admin = as(s, team.admin);
    const response = await admin('POST', `${API}/users/v2`, { email: outsider.email });
    expect(response.statusCode, response.body).toBe(201);
    await linkFromMail(s.db, outsider.email, '/account/invitation/accept');
    // Not a member until accepted.
    expect((await listOf(admin)).items.map((item) => item.id)).not.toContain(outsider.id);
    const again = expectErrorShape(
      await admin('POST', `${API}/users/v2`, { email: team.member.user.email }),
      409,
    );
    expect(again.errorCode).toBe('ER-LIFECYCLE-ALREADY-MEMBER');
  });

  it('bulk add: one invite per email, each answered on its own', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const admin = as(s, team.admin);
    const emails = [uniqueEmail('bulk'), team.member.user.email, uniqueEmail('bulk')];
    const statuses = [];
    for (const email of emails) statuses.push((await admin('POST', `${API}/users/v2`, { email })).statusCode);
    expect(statuses).toEqual([201, 409, 201]);
  });

  it('resends the activation mail of a member who has not activated', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const email = uniqueEmail('pending');
    const invited = json<{ id: string }>(await as(s, team.admin)('POST', `${API}/users/v2`, { email }));
    const resend = await as(s, team.admin)(
      'POST',
      `${TEAM}/members/v1/${invited.id}/resendActivationEmail`,
      {},
    );
    expect(resend.statusCode, resend.body).toBe(200);
    const activated = expectErrorShape(
      await as(s, team.admin)('POST', `${TEAM}/members/v1/${team.member.user.id}/resendActivationEmail`, {}),
      400,
    );
    expect(activated.errorCode).toBe('ER-USERS-ALREADY-ACTIVATED');
  });
});

describe('Users section: roles, disable, lock, delete', () => {
  it("edits a member's roles; [''] removes them all; the token follows", async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const [readOnly] = await findVendorRolesByKeys(s.db, ['ReadOnly']);
    const admin = as(s, team.admin);
    const updated = await admin('PUT', `${TEAM}/members/v1`, {
      id: team.member.user.id,
      roleIds: [readOnly?.id],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(json<{ item: Page['items'][number] }>(updated).item.roles.map((role) => role.key)).toEqual([
      'ReadOnly',
    ]);
    const session = await signIn(s, team.member.user.email);
    expect(decodeJwt(json<{ accessToken: string }>(await refresh(s, session)).accessToken).roles).toEqual([
      'ReadOnly',
    ]);
    const cleared = await admin('PUT', `${TEAM}/members/v1`, { id: team.member.user.id, roleIds: [''] });
    expect(json<{ item: Page['items'][number] }>(cleared).item.roles).toEqual([]);
  });

  it('refuses a role the administrator does not hold, and an unknown role', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const [adminRole] = await findVendorRolesByKeys(s.db, ['Admin']);
    // A roles-only administrator: may change roles, but does not hold the Admin role's permissions.
    const editor = await insertRole(s.db, {
      tenantId: team.tenant.id,
      key: 'roles-editor',
      name: 'Roles editor',
    });
    const keys = ['fe.secure.read.users', 'fe.secure.write.usersRoles'];
    const rows = await s.db.select().from(permissions).where(inArray(permissions.key, keys));
    await linkRolePermissions(
      s.db,
      editor.id,
      rows.map((row) => row.id),
    );
    const { user } = await createUser(s.db, s.passwords, { tenant: team.tenant });
    await assignUserRoles(s.db, user.id, team.tenant.id, [editor.id]);
    const editorCall = as(s, { authorization: `Bearer ${await accessTokenOf(s, user.email)}` });
    const refused = expectErrorShape(
      await editorCall('PUT', `${TEAM}/members/v1`, { id: team.member.user.id, roleIds: [adminRole?.id] }),
      403,
    );
    expect(refused.errorCode).toBe('ER-TEAM-ROLE-NOT-GRANTABLE');
    const allowed = await editorCall('PUT', `${TEAM}/members/v1`, {
      id: team.member.user.id,
      roleIds: [editor.id],
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const unknown = expectErrorShape(
      await as(s, team.admin)('PUT', `${TEAM}/members/v1`, {
        id: team.member.user.id,
        roleIds: [crypto.randomUUID()],
      }),
      404,
    );
    expect(unknown.errorCode).toBe('ER-TEAM-ROLE-NOT-FOUND');
  });

  it("disabling ends the member's session in the tenant; enabling lets them back", async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const session = await signIn(s, team.member.user.email);
    const admin = as(s, team.admin);
    expect((await admin('POST', `${API}/tenants/users/v1/${team.member.user.id}/disable`)).statusCode).toBe(
      200,
    );
    expectErrorShape(await refresh(s, session), 401);
    expectErrorShape(await passwordLogin(s, team.member.user.email, TEST_PASSWORD), 401);
    expect((await listOf(admin)).items.find((item) => item.id === team.member.user.id)?.isDisabled).toBe(
      true,
    );

    expect((await admin('POST', `${API}/tenants/users/v1/${team.member.user.id}/enable`)).statusCode).toBe(
      200,
    );
    expect((await passwordLogin(s, team.member.user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const actions = (await s.db.select().from(auditLogs).where(eq(auditLogs.tenantId, team.tenant.id))).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['User disabled in the account', 'User enabled in the account']),
    );
  });

  it('a member disabled in one tenant signs in to their other one', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const other = await createTenant(s.db);
    await s.db.insert(memberships).values({ userId: team.member.user.id, tenantId: other.id });
    await as(s, team.admin)('POST', `${API}/tenants/users/v1/${team.member.user.id}/disable`);
    const login = await passwordLogin(s, team.member.user.email, TEST_PASSWORD);
    expect(login.statusCode, login.body).toBe(200);
    expect(decodeJwt(json<{ accessToken: string }>(login).accessToken).tenantId).toBe(other.id);
  });

  it('locks and unlocks a member', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const admin = as(s, team.admin);
    expect((await admin('POST', `${API}/users/v1/${team.member.user.id}/lock`)).statusCode).toBe(200);
    const locked = expectErrorShape(await passwordLogin(s, team.member.user.email, TEST_PASSWORD), 401);
    expect(locked.errorCode).toBe('ER-AUTH-USER-LOCKED');
    expect((await listOf(admin)).items.find((item) => item.id === team.member.user.id)?.isLocked).toBe(true);
    expect((await admin('POST', `${API}/users/v1/${team.member.user.id}/unlock`)).statusCode).toBe(200);
    expect((await passwordLogin(s, team.member.user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses to lock a user who also belongs to another account: the lock would reach there too', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const other = await createTenant(s.db);
    await s.db.insert(memberships).values({ userId: team.member.user.id, tenantId: other.id });
    const refused = expectErrorShape(
      await as(s, team.admin)('POST', `${API}/users/v1/${team.member.user.id}/lock`),
      409,
    );
    expect(refused.errorCode).toBe('ER-TEAM-LOCK-SPANS-ACCOUNTS');
    expect((await passwordLogin(s, team.member.user.email, TEST_PASSWORD)).statusCode).toBe(200);
    // Disabling stays per account, and possible.
    expect(
      (await as(s, team.admin)('POST', `${API}/tenants/users/v1/${team.member.user.id}/disable`)).statusCode,
    ).toBe(200);
  });

  it("deletes the membership only: the user's other tenant stays", async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const other = await createTenant(s.db);
    await s.db.insert(memberships).values({ userId: team.member.user.id, tenantId: other.id });
    const session = await signIn(s, team.member.user.email);
    const admin = as(s, team.admin);
    expect((await admin('DELETE', `${TEAM}/members/v1/${team.member.user.id}`)).statusCode).toBe(200);
    expect((await listOf(admin)).items.map((item) => item.id)).not.toContain(team.member.user.id);
    expectErrorShape(await refresh(s, session), 401);
    const login = await passwordLogin(s, team.member.user.email, TEST_PASSWORD);
    expect(decodeJwt(json<{ accessToken: string }>(login).accessToken).tenantId).toBe(other.id);
    expectErrorShape(await admin('DELETE', `${TEAM}/members/v1/${team.member.user.id}`), 404);
  });

  it('an administrator cannot disable, lock or delete themselves', async () => {
    const s = server();
    const team = await createTenantAdmins(s);
    const admin = as(s, team.admin);
    const self = team.admin.user.id;
    for (const [method, url] of [
      ['POST', `${API}/tenants/users/v1/${self}/disable`],
      ['POST', `${API}/users/v1/${self}/lock`],
      ['DELETE', `${TEAM}/members/v1/${self}`],
    ] as const) {
      expect(expectErrorShape(await admin(method, url), 400).errorCode).toBe('ER-TEAM-NOT-YOURSELF');
    }
  });
});
