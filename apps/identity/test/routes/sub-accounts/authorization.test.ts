// Issue 15: authorization follows the hierarchy. An account's administrator acts on the accounts below
// it (children and grandchildren), never on its parent or its siblings: every endpoint that names an
// account answers those 404 (no existence leak) and changes nothing; a member without the permission 403.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TenantRow } from '../../../src/db/queries/tenants.js';
import { findTenantById } from '../../../src/db/queries/tenants.js';
import { as, createTenantAdmins, type Member, type TenantAdmins } from '../../admin-support.js';
import { uniqueEmail, useTestServer } from '../../harness.js';
import { createSubAccount, HIERARCHY, memberOf, SUB_TENANT_USERS, SUB_TENANTS } from './support.js';

const server = useTestServer();

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every call that names an account, aimed at `tenantId` (and a member `userId` of it). */
const targeted: Array<[string, (tenantId: string, userId: string) => [Method, string, unknown?]]> = [
  ['create below', (t) => ['POST', SUB_TENANTS, { name: 'Intruder', parentTenantId: t }]],
  ['rename', (t) => ['PATCH', `${SUB_TENANTS}/${t}`, { name: 'Renamed' }]],
  ['management', (t) => ['PUT', `${SUB_TENANTS}/${t}/management`, { isReseller: true }]],
  [
    'hierarchy settings',
    (t) => ['PUT', `${SUB_TENANTS}/${t}/hierarchy-settings`, { subAccountAccessType: 'alwaysOn' }],
  ],
  ['delete', (t) => ['DELETE', `${SUB_TENANTS}/${t}`]],
  ['parents', (t) => ['GET', `${HIERARCHY}/v1/parents/${t}`]],
  ['search', (t) => ['GET', `${HIERARCHY}/v2?_subTenantId=${t}`]],
  ['users of', (t) => ['GET', `${SUB_TENANT_USERS}/v1?_tenantId=${t}`]],
  [
    'add to tenants',
    (t) => [
      'POST',
      `${SUB_TENANT_USERS}/v1`,
      { user: { email: uniqueEmail('probe') }, subTenants: [{ tenantId: t }] },
    ],
  ],
  [
    'add users',
    (t) => ['POST', `${SUB_TENANT_USERS}/v2/`, { tenantId: t, users: [{ email: uniqueEmail('probe') }] }],
  ],
  [
    'remove user',
    (t, u) => ['DELETE', `${SUB_TENANT_USERS}/v1`, { userId: u, subTenants: [{ tenantId: t }] }],
  ],
  ...(['POST', 'DELETE', 'PATCH'] as const).map(
    (method): [string, (t: string, u: string) => [Method, string, unknown?]] => [
      `roles ${method}`,
      (t, u) => [
        method,
        `${SUB_TENANT_USERS}/v1/${u}/roles`,
        { subTenantsRoles: [{ tenantId: t, roleIds: [] }] },
      ],
    ],
  ),
  ['access', (t, u) => ['PUT', `${SUB_TENANT_USERS}/v1/${u}/access`, { allowAccess: true, tenantId: t }]],
];

/** The calls that name no account: they read the caller's own subtree. */
const untargeted: Array<[Method, string]> = [
  ['GET', `${HIERARCHY}/v1`],
  ['GET', `${HIERARCHY}/v1/tree`],
  ['GET', `${HIERARCHY}/v1/parents`],
  ['GET', `${HIERARCHY}/v2`],
  ['GET', `${SUB_TENANT_USERS}/v1`],
];

// root ─┬─ child ── grandchild
//       └─ sibling
let root: TenantAdmins;
let child: TenantRow;
let grandchild: TenantRow;
let sibling: TenantRow;
let childAdmin: Member;
let siblingAdmin: Member;
let rootMember: Member;
let grandchildMember: Member;

beforeAll(async () => {
  const s = server();
  root = await createTenantAdmins(s);
  child = await createSubAccount(s, root.admin, 'Child');
  grandchild = await createSubAccount(s, root.admin, 'Grandchild', child.id);
  sibling = await createSubAccount(s, root.admin, 'Sibling');
  childAdmin = await memberOf(s, child, ['bfm-base', 'Admin']);
  siblingAdmin = await memberOf(s, sibling, ['bfm-base', 'Admin']);
  rootMember = root.member;
  grandchildMember = await memberOf(s, grandchild, ['bfm-base']);
});

const call = (who: Pick<Member, 'authorization'>, [method, url, body]: [Method, string, unknown?]) =>
  as(server(), who)(method, url, body as Record<string, unknown> | undefined);

describe('sub-account authorization (issue 15)', () => {
  it.each(targeted)(
    "a child's administrator cannot reach its parent: %s answers 404",
    async (_name, build) => {
      const response = await call(childAdmin, build(root.tenant.id, root.admin.user.id));
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json<{ errorCode: string }>().errorCode).toBe('ER-SUB-ACCOUNTS-NOT-FOUND');
    },
  );

  it.each(targeted)(
    "a sibling's administrator cannot reach another branch: %s answers 404",
    async (_name, build) => {
      for (const target of [child, grandchild]) {
        const userId = target.id === grandchild.id ? grandchildMember.user.id : childAdmin.user.id;
        const response = await call(siblingAdmin, build(target.id, userId));
        expect(response.statusCode, response.body).toBe(404);
      }
    },
  );

  it.each(targeted)('a member without the hierarchy permissions gets 403: %s', async (_name, build) => {
    const response = await call(rootMember, build(child.id, grandchildMember.user.id));
    expect(response.statusCode, response.body).toBe(403);
  });

  it('a member without the permission gets 403 on the subtree reads too', async () => {
    for (const [method, url] of untargeted) {
      expect((await call(rootMember, [method, url])).statusCode, url).toBe(403);
    }
  });

  it('nothing a refused call named has changed', async () => {
    expect(await findTenantById(server().db, root.tenant.id)).toMatchObject({
      name: root.tenant.name,
      isReseller: false,
    });
    expect(await findTenantById(server().db, child.id)).toMatchObject({ name: 'Child', isReseller: false });
    expect(await findTenantById(server().db, grandchild.id)).toMatchObject({
      name: 'Grandchild',
      subAccountAccessType: 'defaultOff',
    });
  });

  it("a child's administrator cannot change its own account through the hierarchy (its parent's to change)", async () => {
    for (const [method, url, body] of [
      ['PATCH', `${SUB_TENANTS}/${child.id}`, { name: 'Self' }],
      ['PUT', `${SUB_TENANTS}/${child.id}/hierarchy-settings`, { subAccountAccessType: 'alwaysOn' }],
      ['DELETE', `${SUB_TENANTS}/${child.id}`, undefined],
    ] as const) {
      expect((await call(childAdmin, [method, url, body])).statusCode).toBe(404);
    }
  });

  it("the reads of a child's administrator show its own branch only", async () => {
    const tree = (await call(childAdmin, ['GET', `${HIERARCHY}/v1/tree`])).json<{
      tenantId: string;
      children: Array<{ tenantId: string }>;
    }>();
    expect(tree.tenantId).toBe(child.id);
    expect(tree.children.map((node) => node.tenantId)).toEqual([grandchild.id]);
    const flat = (await call(childAdmin, ['GET', `${HIERARCHY}/v1`])).json<Array<{ tenantId: string }>>();
    expect(flat.map((row) => row.tenantId)).toEqual([grandchild.id]);
    expect((await call(childAdmin, ['GET', `${HIERARCHY}/v1/parents`])).json()).toEqual([]);
    const metadata = await call(childAdmin, [
      'GET',
      `${HIERARCHY}/v2/metadata?_tenantIds=${root.tenant.id},${sibling.id},${child.id}`,
    ]);
    expect(metadata.json()).toEqual([{ tenantId: child.id, totalSubTenants: 1, isParent: true }]);
    const people = (await call(childAdmin, ['GET', `${SUB_TENANT_USERS}/v1?_limit=200`])).json<{
      items: Array<{ id: string }>;
    }>();
    const ids = people.items.map((item) => item.id);
    expect(ids).toContain(grandchildMember.user.id);
    expect(ids).not.toContain(root.admin.user.id);
    expect(ids).not.toContain(siblingAdmin.user.id);
    const found = (await call(siblingAdmin, ['GET', `${HIERARCHY}/v2?_filter=child`])).json<{
      items: unknown[];
    }>();
    expect(found.items).toEqual([]);
  });

  it('the grandparent reaches the grandchild: reads, changes and its people', async () => {
    const admin = (method: Method, url: string, body?: unknown) => call(root.admin, [method, url, body]);
    expect((await admin('GET', `${HIERARCHY}/v1/parents/${grandchild.id}`)).statusCode).toBe(200);
    expect((await admin('GET', `${HIERARCHY}/v2?_subTenantId=${grandchild.id}`)).statusCode).toBe(200);
    expect(
      (await admin('PUT', `${SUB_TENANTS}/${grandchild.id}/management`, { isReseller: true })).json(),
    ).toMatchObject({
      isReseller: true,
    });
    const users = (await admin('GET', `${SUB_TENANT_USERS}/v1?_tenantId=${grandchild.id}`)).json<{
      items: Array<{ id: string }>;
    }>();
    expect(users.items.map((item) => item.id)).toEqual([grandchildMember.user.id]);
    const access = await admin('PUT', `${SUB_TENANT_USERS}/v1/${grandchildMember.user.id}/access`, {
      allowAccess: true,
      tenantId: grandchild.id,
    });
    expect(access.statusCode, access.body).toBe(200);
    // The child's administrator reaches its own child too.
    const renamed = await call(childAdmin, [
      'PATCH',
      `${SUB_TENANTS}/${grandchild.id}`,
      { name: 'Grandchild' },
    ]);
    expect(renamed.statusCode, renamed.body).toBe(200);
    await admin('PUT', `${SUB_TENANTS}/${grandchild.id}/management`, { isReseller: false });
  });
});
