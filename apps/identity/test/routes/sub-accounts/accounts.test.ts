// Issue 15: the sub-account hierarchy's accounts (create, rename, management, access type, delete,
// search with paging, tree, parents, metadata, users count).
import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { findTenantById } from '../../../src/db/queries/tenants.js';
import { as, createTenantAdmins } from '../../admin-support.js';
import { API, expectErrorShape, useTestServer } from '../../harness.js';
import { createSubAccount, HIERARCHY, SUB_TENANTS, UNKNOWN } from './support.js';

const server = useTestServer();

interface Page {
  items: Array<{ tenantId: string; name: string; metadata: { isParent: boolean }; isReseller: boolean }>;
  _metadata: { totalItems: number };
  _links: { next?: string };
}

describe('sub-accounts (issue 15)', () => {
  it('creates, renames, flags, sets the access type of and deletes a sub-account, audited in the parent', async () => {
    const root = await createTenantAdmins(server());
    const admin = as(server(), root.admin);

    const created = await admin('POST', SUB_TENANTS, { name: '  Harbour branch ' });
    expect(created.statusCode, created.body).toBe(201);
    const branch = created.json<{ tenantId: string; name: string; parentTenantId: string }>();
    expect(branch).toMatchObject({
      name: 'Harbour branch',
      parentTenantId: root.tenant.id,
      isReseller: false,
      subAccountAccessType: 'defaultOff',
      metadata: { isParent: false },
    });

    const renamed = await admin('PATCH', `${SUB_TENANTS}/${branch.tenantId}`, { name: 'Harbour' });
    expect(renamed.json()).toMatchObject({ name: 'Harbour' });
    const managed = await admin('PUT', `${SUB_TENANTS}/${branch.tenantId}/management`, { isReseller: true });
    expect(managed.json()).toMatchObject({ isReseller: true });
    const settings = await admin('PUT', `${SUB_TENANTS}/${branch.tenantId}/hierarchy-settings`, {
      subAccountAccessType: 'defaultOn',
    });
    expect(settings.json()).toMatchObject({ subAccountAccessType: 'defaultOn' });

    // A client-chosen id is kept; the same id again is refused.
    const chosen = '6f1c2a4e-8b3d-4c5e-9f70-1a2b3c4d5e6f';
    const child = await admin('POST', SUB_TENANTS, {
      name: 'Quay',
      tenantId: chosen,
      parentTenantId: branch.tenantId,
    });
    expect(child.json()).toMatchObject({ tenantId: chosen, parentTenantId: branch.tenantId });
    expectErrorShape(await admin('POST', SUB_TENANTS, { name: 'Again', tenantId: chosen }), 409);

    // A parent with children cannot be deleted; its children first.
    const refused = expectErrorShape(await admin('DELETE', `${SUB_TENANTS}/${branch.tenantId}`), 409);
    expect(refused.errorCode).toBe('ER-SUB-ACCOUNTS-HAS-CHILDREN');
    expect((await admin('DELETE', `${SUB_TENANTS}/${chosen}`)).statusCode).toBe(200);
    expect((await admin('DELETE', `${SUB_TENANTS}/${branch.tenantId}`)).statusCode).toBe(200);
    expect(await findTenantById(server().db, branch.tenantId)).toBeUndefined();

    const rows = await listAuditLogsByEmail(server().db, root.admin.user.email);
    const ours = rows.filter((row) => row.action.startsWith('Sub-account'));
    expect(ours.map((row) => row.action).sort()).toEqual(
      [
        'Sub-account access type changed',
        'Sub-account created',
        'Sub-account created',
        'Sub-account deleted',
        'Sub-account deleted',
        'Sub-account management changed',
        'Sub-account updated',
      ].sort(),
    );
    expect(ours.every((row) => row.tenantId === root.tenant.id)).toBe(true);
    expect(ours.find((row) => row.action === 'Sub-account updated')?.json).toMatchObject({
      subAccountId: branch.tenantId,
      before: { name: 'Harbour branch' },
      after: { name: 'Harbour' },
    });
  });

  it('lists a level 50 at a time with a next link, searches every level by name, and counts children', async () => {
    const root = await createTenantAdmins(server());
    const admin = as(server(), root.admin);
    const parent = await createSubAccount(server(), root.admin, 'Region north');
    for (let index = 0; index < 52; index += 1) {
      await createSubAccount(server(), root.admin, `Store ${String(index).padStart(2, '0')}`, parent.id);
    }
    await createSubAccount(server(), root.admin, 'Region south');

    const top = (await admin('GET', `${HIERARCHY}/v2`)).json<Page>();
    expect(top.items.map((item) => item.name)).toEqual(['Region north', 'Region south']);
    expect(top.items[0]?.metadata.isParent).toBe(true);
    expect(top._links.next).toBeUndefined();

    const first = (await admin('GET', `${HIERARCHY}/v2?_subTenantId=${parent.id}`)).json<Page>();
    expect(first.items).toHaveLength(50);
    expect(first._metadata.totalItems).toBe(52);
    expect(first._links.next).toContain('_offset=50');
    const second = (await admin('GET', first._links.next ?? '')).json<Page>();
    expect(second.items.map((item) => item.name)).toEqual(['Store 50', 'Store 51']);
    expect(second._links.next).toBeUndefined();

    const found = (await admin('GET', `${HIERARCHY}/v2?_filter=store%2005`)).json<Page>();
    expect(found.items.map((item) => item.name)).toEqual(['Store 05']);
    const wildcard = (await admin('GET', `${HIERARCHY}/v2?_filter=%25`)).json<Page>();
    expect(wildcard.items).toEqual([]);

    const metadata = await admin('GET', `${HIERARCHY}/v2/metadata?_tenantIds=${parent.id},${root.tenant.id}`);
    expect(metadata.json()).toEqual(
      expect.arrayContaining([
        { tenantId: parent.id, totalSubTenants: 52, isParent: true },
        { tenantId: root.tenant.id, totalSubTenants: 2, isParent: true },
      ]),
    );

    const flat = (await admin('GET', `${HIERARCHY}/v1`)).json<Array<{ tenantName: string; level: number }>>();
    expect(flat).toHaveLength(54);
    expect(flat.find((row) => row.tenantName === 'Store 00')?.level).toBe(2);

    const tree = (await admin('GET', `${HIERARCHY}/v1/tree`)).json<{
      tenantId: string;
      children: Array<{ tenantName: string; children: unknown[] }>;
    }>();
    expect(tree.tenantId).toBe(root.tenant.id);
    expect(tree.children.map((node) => node.tenantName)).toEqual(['Region north', 'Region south']);
    expect(tree.children[0]?.children).toHaveLength(52);
  });

  it("answers a sub-account's parents up to the caller's account, never above it", async () => {
    const root = await createTenantAdmins(server());
    const admin = as(server(), root.admin);
    const region = await createSubAccount(server(), root.admin, 'Region');
    const store = await createSubAccount(server(), root.admin, 'Store', region.id);

    const parents = (await admin('GET', `${HIERARCHY}/v1/parents/${store.id}`)).json<
      Array<{ tenantId: string; level: number }>
    >();
    expect(parents.map((row) => [row.tenantId, row.level])).toEqual([
      [region.id, 1],
      [root.tenant.id, 2],
    ]);
    expect((await admin('GET', `${HIERARCHY}/v1/parents`)).json()).toEqual([]);
  });

  it("counts the members of the caller's account and of its sub-accounts only", async () => {
    const root = await createTenantAdmins(server());
    const other = await createTenantAdmins(server());
    const branch = await createSubAccount(server(), root.admin, 'Branch');
    const response = await as(server(), root.admin)('POST', `${API}/tenants/users/v1/count`, {
      tenantIds: [root.tenant.id, branch.id, other.tenant.id],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(
      expect.arrayContaining([
        { tenantId: root.tenant.id, totalUsers: 3, totalAccessAllowedUsers: 3 },
        { tenantId: branch.id, totalUsers: 0, totalAccessAllowedUsers: 0 },
      ]),
    );
    expect(response.json()).toHaveLength(2);
  });

  it('answers malformed input with 400 in the error shape, never 500', async () => {
    const root = await createTenantAdmins(server());
    const admin = as(server(), root.admin);
    const branch = await createSubAccount(server(), root.admin, 'Branch');
    const cases: Array<[Parameters<typeof admin>[0], string, unknown]> = [
      ['POST', SUB_TENANTS, {}],
      ['POST', SUB_TENANTS, { name: '   ' }],
      ['POST', SUB_TENANTS, { name: 'x'.repeat(101) }],
      ['POST', SUB_TENANTS, { name: 'Ok', parentTenantId: 'not-an-id' }],
      ['POST', SUB_TENANTS, { name: 'Ok', tenantId: 42 }],
      ['PATCH', `${SUB_TENANTS}/not-an-id`, { name: 'Ok' }],
      ['PATCH', `${SUB_TENANTS}/${branch.id}`, { name: '' }],
      ['PUT', `${SUB_TENANTS}/${branch.id}/management`, { isReseller: 'yes' }],
      ['PUT', `${SUB_TENANTS}/${branch.id}/hierarchy-settings`, { subAccountAccessType: 'sometimes' }],
      ['DELETE', `${SUB_TENANTS}/123`, undefined],
      ['GET', `${HIERARCHY}/v2?_limit=0`, undefined],
      ['GET', `${HIERARCHY}/v2?_offset=-1`, undefined],
      ['GET', `${HIERARCHY}/v2?_subTenantId=nope`, undefined],
      ['GET', `${HIERARCHY}/v2?_sortBy=colour`, undefined],
      ['GET', `${HIERARCHY}/v2/metadata`, undefined],
      ['GET', `${HIERARCHY}/v2/metadata?_tenantIds=a,b`, undefined],
      ['GET', `${HIERARCHY}/v1/parents/nope`, undefined],
    ];
    for (const [method, url, body] of cases) {
      const response = await admin(method, url, body as Record<string, unknown> | undefined);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
      expectErrorShape(response, 400);
    }
    const unknown = expectErrorShape(await admin('PATCH', `${SUB_TENANTS}/${UNKNOWN}`, { name: 'Ok' }), 404);
    expect(unknown.errorCode).toBe('ER-SUB-ACCOUNTS-NOT-FOUND');
  });
});
