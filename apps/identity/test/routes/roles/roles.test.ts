import { describe, expect, it } from 'vitest';
import { listAuditLogsByEmail } from '../../../src/db/queries/audit-logs.js';
import { assignNewMemberRoles, findRolesOfUser } from '../../../src/db/queries/roles.js';
import { createUser } from '../../factories.js';
import { as, createTenantAdmins, type TenantAdmins } from '../../admin-support.js';
import { API, expectErrorShape, useTestServer } from '../../harness.js';

const server = useTestServer();
const ROLES = `${API}/roles/v1`;
const PERMISSIONS = `${API}/permissions/v1`;

interface Role {
  id: string;
  key: string;
  name: string;
  isDefault: boolean;
  tenantId: string | null;
  permissions: string[];
}
interface Permission {
  id: string;
  key: string;
  categoryId: string;
  roleIds: string[];
}

const permissionsOf = async (tenant: TenantAdmins): Promise<Permission[]> =>
  (await as(server(), tenant.admin)('GET', PERMISSIONS)).json<Permission[]>();
const idOf = (permissions: Permission[], key: string): string => {
  const found = permissions.find((permission) => permission.key === key);
  if (!found) throw new Error(`no permission ${key}`);
  return found.id;
};
const rolesOf = async (tenant: TenantAdmins): Promise<Role[]> =>
  (await as(server(), tenant.admin)('GET', ROLES)).json<Role[]>();

async function createRole(tenant: TenantAdmins, body: Record<string, unknown>): Promise<Role> {
  const response = await as(server(), tenant.admin)('POST', ROLES, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Role>();
}

describe('roles and permissions (issue 4)', () => {
  it("lists the vendor's roles and the tenant's own; the Admin creates, updates and deletes a role, audited", async () => {
    const tenant = await createTenantAdmins(server());
    const permissions = await permissionsOf(tenant);
    const readUsers = idOf(permissions, 'fe.secure.read.users');
    const vendorRoles = await rolesOf(tenant);
    expect(vendorRoles.map((role) => role.key)).toEqual(expect.arrayContaining(['Admin', 'ReadOnly']));
    expect(vendorRoles.every((role) => role.tenantId === null)).toBe(true);

    const role = await createRole(tenant, {
      key: 'auditor',
      name: 'Auditor',
      description: 'Reads users',
      permissions: [readUsers],
    });
    expect(role).toMatchObject({ key: 'auditor', tenantId: tenant.tenant.id, permissions: [readUsers] });

    const updated = await as(server(), tenant.admin)('PATCH', `${ROLES}/${role.id}`, {
      name: 'Auditors',
      isDefault: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Auditors', isDefault: true });

    // Only one default role per tenant.
    const second = await createRole(tenant, { key: 'second', name: 'Second', isDefault: true });
    const afterSecond = await rolesOf(tenant);
    expect(afterSecond.find((candidate) => candidate.id === role.id)?.isDefault).toBe(false);
    expect(afterSecond.find((candidate) => candidate.id === second.id)?.isDefault).toBe(true);

    expect((await as(server(), tenant.admin)('DELETE', `${ROLES}/${role.id}`)).statusCode).toBe(200);
    expect((await rolesOf(tenant)).map((candidate) => candidate.id)).not.toContain(role.id);
    const actions = (await listAuditLogsByEmail(server().db, tenant.admin.user.email)).map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['Role created', 'Role updated', 'Role deleted']));
  });

  it('creates a role through v2 with permission ids, and answers the categories', async () => {
    const tenant = await createTenantAdmins(server());
    const permissions = await permissionsOf(tenant);
    const readRoles = idOf(permissions, 'fe.secure.read.roles');
    const response = await as(server(), tenant.admin)('POST', `${API}/roles/v2`, {
      key: 'viewer',
      name: 'Viewer',
      baseRoleId: 'x',
      permissionIds: [readRoles],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Role>().permissions).toEqual([readRoles]);
    const categories = await as(server(), tenant.admin)('GET', `${PERMISSIONS}/categories`);
    expect(categories.statusCode).toBe(200);
    const admin = categories
      .json<Array<{ id: string; permissionIds: string[] }>>()
      .find((category) => category.id === 'admin-portal');
    expect(admin?.permissionIds).toContain(readRoles);
  });

  it('gives a new member the default role when no role is named (isDefault)', async () => {
    const tenant = await createTenantAdmins(server());
    const role = await createRole(tenant, { key: 'newcomer', name: 'Newcomer', isDefault: true });
    const { user } = await createUser(server().db, server().passwords, {});
    await assignNewMemberRoles(server().db, user.id, tenant.tenant.id, []);
    const held = (await findRolesOfUser(server().db, user.id)).filter(
      (detail) => detail.tenantId === tenant.tenant.id,
    );
    expect(held.map((detail) => detail.role.id)).toEqual([role.id]);
    // Named roles win over the default.
    const { user: named } = await createUser(server().db, server().passwords, {});
    const readOnlyRole = (await rolesOf(tenant)).find((candidate) => candidate.key === 'ReadOnly');
    await assignNewMemberRoles(server().db, named.id, tenant.tenant.id, [readOnlyRole?.id ?? '']);
    expect((await findRolesOfUser(server().db, named.id)).map((detail) => detail.role.key)).toEqual([
      'ReadOnly',
    ]);
  });

  it('sets a role’s permissions, and assigns one permission to many roles', async () => {
    const tenant = await createTenantAdmins(server());
    const permissions = await permissionsOf(tenant);
    const readUsers = idOf(permissions, 'fe.secure.read.users');
    const readGroups = idOf(permissions, 'fe.secure.read.groups');
    const one = await createRole(tenant, { key: 'one', name: 'One' });
    const two = await createRole(tenant, { key: 'two', name: 'Two' });

    const set = await as(server(), tenant.admin)('PUT', `${ROLES}/${one.id}/permissions`, {
      permissionIds: [readUsers, readGroups],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<Role>().permissions.sort()).toEqual([readUsers, readGroups].sort());

    const many = await as(server(), tenant.admin)('PUT', `${PERMISSIONS}/${readUsers}/roles`, {
      roleIds: [two.id],
    });
    expect(many.statusCode, many.body).toBe(200);
    const roleIds = many.json<Permission>().roleIds;
    expect(roleIds).toContain(two.id);
    expect(roleIds).not.toContain(one.id);
    // The vendor's Admin role keeps the permission.
    const admin = (await rolesOf(tenant)).find((role) => role.key === 'Admin');
    expect(roleIds).toContain(admin?.id);
  });

  it("refuses escalation: no permission the administrator does not hold, no vendor role's key", async () => {
    const tenant = await createTenantAdmins(server());
    const permissions = await permissionsOf(tenant);
    // The Admin role holds the portal's permissions, not the product's geography ones.
    const geoEu = idOf(permissions, 'bfm.geo.eu');
    expectErrorShape(
      await as(server(), tenant.admin)('POST', ROLES, { key: 'eu', name: 'EU', permissions: [geoEu] }),
      403,
    );
    const role = await createRole(tenant, { key: 'plain', name: 'Plain' });
    const refused = expectErrorShape(
      await as(server(), tenant.admin)('PUT', `${ROLES}/${role.id}/permissions`, { permissionIds: [geoEu] }),
      403,
    );
    expect(refused.errors).toEqual(['You cannot grant permissions you do not hold']);
    expectErrorShape(
      await as(server(), tenant.admin)('PUT', `${PERMISSIONS}/${geoEu}/roles`, { roleIds: [role.id] }),
      403,
    );
    // A key decides access (bfm-unrestricted is regular access): a tenant cannot mint one.
    expectErrorShape(
      await as(server(), tenant.admin)('POST', ROLES, { key: 'bfm-unrestricted', name: 'Paid' }),
      409,
    );
    expectErrorShape(await as(server(), tenant.admin)('POST', ROLES, { key: 'plain', name: 'Again' }), 409);
  });

  it("keeps the vendor's Admin and Read Only roles read-only", async () => {
    const tenant = await createTenantAdmins(server());
    const roles = await rolesOf(tenant);
    for (const key of ['Admin', 'ReadOnly']) {
      const role = roles.find((candidate) => candidate.key === key);
      if (!role) throw new Error(`no ${key}`);
      expectErrorShape(
        await as(server(), tenant.admin)('PATCH', `${ROLES}/${role.id}`, { name: 'Mine' }),
        403,
      );
      expectErrorShape(await as(server(), tenant.admin)('DELETE', `${ROLES}/${role.id}`), 403);
      expectErrorShape(
        await as(server(), tenant.admin)('PUT', `${ROLES}/${role.id}/permissions`, { permissionIds: [] }),
        403,
      );
    }
    const after = await rolesOf(tenant);
    expect(after.find((role) => role.key === 'Admin')).toEqual(roles.find((role) => role.key === 'Admin'));
  });

  it('lets the Read Only administrator read and nothing else; a member and anonymous callers get nothing', async () => {
    const tenant = await createTenantAdmins(server());
    const role = await createRole(tenant, { key: 'kept', name: 'Kept' });
    const readOnly = as(server(), tenant.readOnly);
    expect((await readOnly('GET', ROLES)).statusCode).toBe(200);
    expect((await readOnly('GET', PERMISSIONS)).statusCode).toBe(200);
    expect((await readOnly('GET', `${PERMISSIONS}/categories`)).statusCode).toBe(200);
    expectErrorShape(await readOnly('POST', ROLES, { key: 'x', name: 'X' }), 403);
    expectErrorShape(await readOnly('PATCH', `${ROLES}/${role.id}`, { name: 'Y' }), 403);
    expectErrorShape(await readOnly('DELETE', `${ROLES}/${role.id}`), 403);
    expectErrorShape(await readOnly('PUT', `${ROLES}/${role.id}/permissions`, { permissionIds: [] }), 403);
    const member = as(server(), tenant.member);
    expectErrorShape(await member('GET', ROLES), 403);
    expectErrorShape(await member('GET', PERMISSIONS), 403);
    expectErrorShape(await server().app.inject({ method: 'GET', url: ROLES }), 401);
    expectErrorShape(await server().app.inject({ method: 'POST', url: ROLES, payload: { name: 'x' } }), 401);
    expect((await rolesOf(tenant)).find((candidate) => candidate.id === role.id)?.name).toBe('Kept');
  });

  it('answers bad input with 400 or 404 in the error shape', async () => {
    const tenant = await createTenantAdmins(server());
    const admin = as(server(), tenant.admin);
    const role = await createRole(tenant, { key: 'target', name: 'Target' });
    expectErrorShape(await admin('POST', ROLES, {}), 400);
    expectErrorShape(await admin('POST', ROLES, { name: 42 }), 400);
    expectErrorShape(await admin('POST', ROLES, { name: 'x', key: 'has space' }), 400);
    expectErrorShape(await admin('POST', ROLES, { name: 'x', permissions: ['nope'] }), 400);
    expectErrorShape(await admin('POST', ROLES, { name: 'x', level: -1 }), 400);
    expectErrorShape(await admin('POST', ROLES, 'not json'), 415);
    expectErrorShape(
      await admin('POST', ROLES, { name: 'x', permissions: ['00000000-0000-4000-8000-000000000000'] }),
      404,
    );
    expectErrorShape(await admin('PATCH', `${ROLES}/not-an-id`, { name: 'x' }), 400);
    expectErrorShape(await admin('PATCH', `${ROLES}/${role.id}`, { isDefault: 'yes' }), 400);
    expectErrorShape(
      await admin('PATCH', `${ROLES}/00000000-0000-4000-8000-000000000000`, { name: 'x' }),
      404,
    );
    expectErrorShape(await admin('DELETE', `${ROLES}/00000000-0000-4000-8000-000000000000`), 404);
    expectErrorShape(await admin('PUT', `${ROLES}/${role.id}/permissions`, {}), 400);
    expectErrorShape(await admin('PUT', `${ROLES}/${role.id}/permissions`, { permissionIds: 'x' }), 400);
    expectErrorShape(await admin('PUT', `${PERMISSIONS}/not-an-id/roles`, { roleIds: [] }), 400);
    expectErrorShape(
      await admin('PUT', `${PERMISSIONS}/00000000-0000-4000-8000-000000000000/roles`, { roleIds: [] }),
      404,
    );
    expectErrorShape(
      await admin('PUT', `${PERMISSIONS}/${(await permissionsOf(tenant))[0]?.id}/roles`, {
        roleIds: ['00000000-0000-4000-8000-000000000000'],
      }),
      404,
    );
  });

  it("never shows or changes another tenant's roles (404, unchanged)", async () => {
    const a = await createTenantAdmins(server());
    const b = await createTenantAdmins(server());
    const permissions = await permissionsOf(a);
    const readUsers = idOf(permissions, 'fe.secure.read.users');
    const bRole = await createRole(b, { key: 'b-only', name: 'B only', permissions: [readUsers] });
    const aAdmin = as(server(), a.admin);
    expect((await rolesOf(a)).map((role) => role.id)).not.toContain(bRole.id);
    expectErrorShape(await aAdmin('PATCH', `${ROLES}/${bRole.id}`, { name: 'Stolen' }), 404);
    expectErrorShape(await aAdmin('DELETE', `${ROLES}/${bRole.id}`), 404);
    expectErrorShape(await aAdmin('PUT', `${ROLES}/${bRole.id}/permissions`, { permissionIds: [] }), 404);
    expectErrorShape(await aAdmin('PUT', `${PERMISSIONS}/${readUsers}/roles`, { roleIds: [bRole.id] }), 404);
    // A's permission list never names B's roles.
    const aPermissions = await permissionsOf(a);
    expect(aPermissions.flatMap((permission) => permission.roleIds)).not.toContain(bRole.id);
    // A's "exactly these roles" leaves B's role alone.
    await aAdmin('PUT', `${PERMISSIONS}/${readUsers}/roles`, { roleIds: [] });
    const bAfter = (await rolesOf(b)).find((role) => role.id === bRole.id);
    expect(bAfter).toMatchObject({ name: 'B only', permissions: [readUsers] });
  });
});
