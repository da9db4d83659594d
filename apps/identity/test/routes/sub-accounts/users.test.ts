// Issue 15: the people of sub-accounts (added with roles and allowSubAccountAccess, roles per
// sub-account, removed, allowed or denied), and a parent's member getting a token for a sub-account.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { findMember } from '../../../src/db/queries/team.js';
import { findUserByEmail } from '../../../src/db/queries/users.js';
import { tenants } from '../../../src/db/schema/index.js';
import { assignUserRoles } from '../../../src/db/queries/roles.js';
import {
  as,
  createTenantAdmins,
  createTenantRole,
  signedIn,
  vendorRoleId,
  type Member,
} from '../../admin-support.js';
import { createUser } from '../../factories.js';
import { API, expectErrorShape, uniqueEmail, useTestServer } from '../../harness.js';
import { createSubAccount, HIERARCHY, memberOf, SUB_TENANT_USERS, SUB_TENANTS } from './support.js';

const server = useTestServer();

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    tenantId: string;
    roles: string[];
  };

async function tokenFor(who: Member, tenantId: string) {
  return as(server(), who)('POST', `${API}/users/v3/me/token`, { tenantId });
}

interface UsersPage {
  items: Array<{
    id: string;
    email: string;
    roles: Array<{ key: string }>;
    subAccountAccessAllowed: boolean;
  }>;
  _metadata: { totalItems: number };
}

describe('sub-account users (issue 15)', () => {
  it('adds people with roles, changes their roles, allows access and removes them', async () => {
    const root = await createTenantAdmins(server());
    const admin = as(server(), root.admin);
    const branch = await createSubAccount(server(), root.admin, 'Branch');
    const readOnly = await vendorRoleId(server(), 'ReadOnly');
    const admins = await vendorRoleId(server(), 'Admin');
    const emails = [uniqueEmail('zoe'), uniqueEmail('adam')];

    const added = await admin('POST', `${SUB_TENANT_USERS}/v2/`, {
      tenantId: branch.id,
      users: [
        { email: emails[0], name: 'Zoe' },
        { email: emails[1], name: 'Adam' },
      ],
      roleIds: [readOnly],
      allowSubAccountAccess: true,
    });
    expect(added.statusCode, added.body).toBe(201);
    const [zoe, adam] = added.json<{ userIds: string[] }>().userIds;
    if (!zoe || !adam) throw new Error('no users added');
    expect(await findMember(server().db, branch.id, zoe)).toBeDefined();

    // Sorted by name descending, a page of 10 (SPEC section 9).
    const page = (
      await admin('GET', `${SUB_TENANT_USERS}/v1?_tenantId=${branch.id}&_limit=10&_offset=0&_order=DESC`)
    ).json<UsersPage>();
    expect(page.items.map((item) => item.id)).toEqual([zoe, adam]);
    expect(page.items[0]?.roles.map((role) => role.key)).toEqual(['ReadOnly']);
    expect(page.items[0]?.subAccountAccessAllowed).toBe(true);

    const set = (method: 'POST' | 'DELETE' | 'PATCH', roleIds: string[]) =>
      admin(method, `${SUB_TENANT_USERS}/v1/${zoe}/roles`, {
        subTenantsRoles: [{ tenantId: branch.id, roleIds }],
      });
    expect((await set('POST', [admins])).statusCode).toBe(200);
    const rolesOf = async () =>
      (await admin('GET', `${SUB_TENANT_USERS}/v1?_tenantId=${branch.id}`))
        .json<UsersPage>()
        .items.find((item) => item.id === zoe)
        ?.roles.map((role) => role.key)
        .sort();
    expect(await rolesOf()).toEqual(['Admin', 'ReadOnly']);
    expect((await set('DELETE', [readOnly])).statusCode).toBe(200);
    expect(await rolesOf()).toEqual(['Admin']);
    expect((await set('PATCH', [readOnly])).statusCode).toBe(200);
    expect(await rolesOf()).toEqual(['ReadOnly']);

    const denied = await admin('PUT', `${SUB_TENANT_USERS}/v1/${adam}/access`, {
      allowAccess: false,
      tenantId: branch.id,
    });
    expect(denied.statusCode).toBe(200);
    expect((await findMember(server().db, branch.id, adam))?.id).toBe(adam);

    const removed = await admin('DELETE', `${SUB_TENANT_USERS}/v1`, {
      userId: adam,
      subTenants: [{ tenantId: branch.id }],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await findMember(server().db, branch.id, adam)).toBeUndefined();
    expectErrorShape(
      await admin('PATCH', `${SUB_TENANT_USERS}/v1/${adam}/roles`, {
        subTenantsRoles: [{ tenantId: branch.id, roleIds: [] }],
      }),
      404,
    );

    // One person into the account and a sub-account at once.
    const both = await admin('POST', `${SUB_TENANT_USERS}/v1`, {
      user: { email: uniqueEmail('both'), name: 'Both' },
      subTenants: [{ tenantId: branch.id, roleIds: [readOnly] }],
    });
    expect(both.statusCode, both.body).toBe(201);

    const actions = (await listAuditLogsByEmail(server().db, root.admin.user.email))
      .filter((row) => row.tenantId === root.tenant.id)
      .map((row) => row.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'Users added to sub-account',
        'Sub-account user roles updated',
        'Sub-account access changed',
        'User removed from sub-account',
      ]),
    );
  });

  it('allowSubAccountAccess is false unless given', async () => {
    const root = await createTenantAdmins(server());
    const branch = await createSubAccount(server(), root.admin, 'Branch');
    const email = uniqueEmail('plain');
    const added = await as(server(), root.admin)('POST', `${SUB_TENANT_USERS}/v2/`, {
      tenantId: branch.id,
      users: [{ email }],
    });
    expect(added.statusCode, added.body).toBe(201);
    const user = await findUserByEmail(server().db, email);
    const page = (
      await as(server(), root.admin)('GET', `${SUB_TENANT_USERS}/v1?_tenantId=${branch.id}`)
    ).json<UsersPage>();
    expect(page.items.find((item) => item.id === user?.id)?.subAccountAccessAllowed).toBe(false);
  });

  it('answers malformed user calls with 400', async () => {
    const root = await createTenantAdmins(server());
    const admin = as(server(), root.admin);
    const branch = await createSubAccount(server(), root.admin, 'Branch');
    const cases: Array<['GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string, unknown]> = [
      ['POST', `${SUB_TENANT_USERS}/v2/`, { tenantId: branch.id }],
      ['POST', `${SUB_TENANT_USERS}/v2/`, { tenantId: branch.id, users: [] }],
      ['POST', `${SUB_TENANT_USERS}/v2/`, { tenantId: branch.id, users: [{ email: 'not an email' }] }],
      ['POST', `${SUB_TENANT_USERS}/v2/`, { tenantId: 'x', users: [{ email: uniqueEmail() }] }],
      [
        'POST',
        `${SUB_TENANT_USERS}/v2/`,
        { tenantId: branch.id, users: [{ email: uniqueEmail() }], roleIds: ['r'] },
      ],
      [
        'POST',
        `${SUB_TENANT_USERS}/v2/`,
        { tenantId: branch.id, users: [{ email: uniqueEmail() }], allowSubAccountAccess: 'yes' },
      ],
      ['POST', `${SUB_TENANT_USERS}/v1`, { user: {}, subTenants: [{ tenantId: branch.id }] }],
      ['DELETE', `${SUB_TENANT_USERS}/v1`, { userId: 'u', subTenants: [{ tenantId: branch.id }] }],
      ['DELETE', `${SUB_TENANT_USERS}/v1`, { userId: root.member.user.id, subTenants: [] }],
      ['PATCH', `${SUB_TENANT_USERS}/v1/${root.member.user.id}/roles`, { subTenantsRoles: [] }],
      [
        'PATCH',
        `${SUB_TENANT_USERS}/v1/nope/roles`,
        { subTenantsRoles: [{ tenantId: branch.id, roleIds: [] }] },
      ],
      ['PUT', `${SUB_TENANT_USERS}/v1/${root.member.user.id}/access`, { allowAccess: 'maybe' }],
      ['GET', `${SUB_TENANT_USERS}/v1?_tenantId=nope`, undefined],
      ['GET', `${SUB_TENANT_USERS}/v1?_limit=1000`, undefined],
    ];
    for (const [method, url, body] of cases) {
      const response = await admin(method, url, body as Record<string, unknown> | undefined);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
    }
  });
});

describe('users lists with _includeSubTenants (issue 15)', () => {
  it("lists the people of the caller's account and of the accounts below it, no others", async () => {
    const root = await createTenantAdmins(server());
    const other = await createTenantAdmins(server());
    const branch = await createSubAccount(server(), root.admin, 'Branch');
    const store = await createSubAccount(server(), root.admin, 'Store', branch.id);
    const storeMember = await memberOf(server(), store, []);
    const list = async (who: Member, query: string) =>
      (await as(server(), who)('GET', `${API}/users/v3?_limit=50${query}`)).json<{
        items: Array<{ id: string; tenantIds: string[] }>;
        _metadata: { totalItems: number };
      }>();

    const own = await list(root.admin, '');
    expect(own.items.map((item) => item.id)).not.toContain(storeMember.user.id);
    const all = await list(root.admin, '&_includeSubTenants=true');
    expect(all._metadata.totalItems).toBe(4);
    expect(all.items.find((item) => item.id === storeMember.user.id)?.tenantIds).toEqual([store.id]);
    expect(all.items.map((item) => item.id)).not.toContain(other.admin.user.id);
    // From the branch down: the root's people are not the branch's to see.
    const branchAdmin = await memberOf(server(), branch, ['Admin']);
    const fromBranch = await list(branchAdmin, '&_includeSubTenants=true');
    expect(fromBranch.items.map((item) => item.id).sort()).toEqual(
      [branchAdmin.user.id, storeMember.user.id].sort(),
    );
    // Whoever may read the users but not the hierarchy is refused the sub-accounts' people.
    const usersOnly = await createTenantRole(server(), root.tenant.id, ['fe.secure.read.users']);
    const { user } = await createUser(server().db, server().passwords, { tenant: root.tenant });
    await assignUserRoles(server().db, user.id, root.tenant.id, [usersOnly.id]);
    const reader = { user, authorization: await signedIn(server(), user.email) };
    expect((await as(server(), reader)('GET', `${API}/users/v3`)).statusCode).toBe(200);
    expectErrorShape(await as(server(), reader)('GET', `${API}/users/v3?_includeSubTenants=true`), 403);
  });
});

describe('a token for a sub-account (issue 15)', () => {
  it("follows the parent's access type and the member's own grant", async () => {
    const root = await createTenantAdmins(server());
    const admin = as(server(), root.admin);
    const branch = await createSubAccount(server(), root.admin, 'Branch');
    const store = await createSubAccount(server(), root.admin, 'Store', branch.id);
    const staff = await memberOf(server(), (await createTenantAdmins(server())).tenant, []);
    // The root's own type is its parent's to set: here the test sets it in the database's stead.
    const setType = (tenantId: string, subAccountAccessType: string) =>
      server().db.update(tenants).set({ subAccountAccessType }).where(eq(tenants.id, tenantId));

    // defaultOff: no token until access is granted.
    expectErrorShape(await tokenFor(root.admin, branch.id), 403);
    const granted = await admin('PUT', `${SUB_TENANT_USERS}/v1/${root.admin.user.id}/access`, {
      allowAccess: true,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const token = await tokenFor(root.admin, store.id);
    expect(token.statusCode, token.body).toBe(200);
    const subToken = token.json<{ accessToken: string }>().accessToken;
    expect(claimsOf(subToken)).toMatchObject({
      tenantId: store.id,
      roles: expect.arrayContaining(['Admin']),
    });

    // Acting in the sub-account with it: the store is now the top of what the token sees.
    const asStore = { authorization: `Bearer ${subToken}` };
    const tree = await as(server(), asStore)('GET', `${HIERARCHY}/v1/tree`);
    expect(tree.json()).toMatchObject({ tenantId: store.id, children: [] });
    expect(
      (await as(server(), asStore)('PATCH', `${SUB_TENANTS}/${branch.id}`, { name: 'Up' })).statusCode,
    ).toBe(404);

    // defaultOn: everyone not denied; a denial holds.
    await setType(root.tenant.id, 'defaultOn');
    expect((await tokenFor(root.readOnly, branch.id)).statusCode).toBe(200);
    await admin('PUT', `${SUB_TENANT_USERS}/v1/${root.readOnly.user.id}/access`, { allowAccess: false });
    expectErrorShape(await tokenFor(root.readOnly, branch.id), 403);

    // alwaysOn: every member, denied or not.
    await setType(root.tenant.id, 'alwaysOn');
    expect((await tokenFor(root.readOnly, branch.id)).statusCode).toBe(200);

    // Never for an account outside the member's own accounts' subtrees, nor upwards.
    expectErrorShape(await tokenFor(staff, branch.id), 403);
    const branchMember = await memberOf(server(), branch, ['Admin']);
    expectErrorShape(await tokenFor(branchMember, root.tenant.id), 403);
  });
});
