import { expect } from 'vitest';
import { inArray } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { listAuditLogsByEmail } from '../src/db/queries/audit-logs.js';
import { findVendorRolesByKeys, linkRolePermissions } from '../src/db/queries/roles.js';
import type { TenantRow } from '../src/db/queries/tenants.js';
import type { UserRow } from '../src/db/queries/users.js';
import { permissions, roles } from '../src/db/schema/index.js';
import { createTenant, createUser } from './factories.js';
import { API, type TestServer } from './harness.js';
import { accessTokenOf } from './lifecycle-helpers.js';

export interface Member {
  user: UserRow;
  /** `Bearer <access token>` of a fresh password login. */
  authorization: string;
}

/** One tenant with an Admin, a Read Only administrator and a member without admin roles. */
export interface TenantAdmins {
  tenant: TenantRow;
  admin: Member;
  readOnly: Member;
  member: Member;
}

async function member(server: TestServer, tenant: TenantRow, roleKeys: string[]): Promise<Member> {
  const { user } = await createUser(server.db, server.passwords, { tenant, roleKeys });
  return { user, authorization: `Bearer ${await accessTokenOf(server, user.email)}` };
}

/** `Bearer <access token>` of a fresh password sign-in of `email` (the factories' password by default). */
export const signedIn = async (server: TestServer, email: string, password?: string): Promise<string> =>
  `Bearer ${await accessTokenOf(server, email, password)}`;

export async function createTenantAdmins(server: TestServer): Promise<TenantAdmins> {
  const tenant = await createTenant(server.db);
  return {
    tenant,
    admin: await member(server, tenant, ['bfm-base', 'Admin']),
    readOnly: await member(server, tenant, ['bfm-base', 'ReadOnly']),
    member: await member(server, tenant, ['bfm-base']),
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Calls the API as `who`: `as(server, admin)('POST', url, body)`. */
export const as =
  (server: TestServer, who: Pick<Member, 'authorization'>) =>
  (method: Method, url: string, payload?: InjectOptions['payload']) =>
    server.app.inject({
      method,
      url,
      headers: { authorization: who.authorization },
      ...(payload === undefined ? {} : { payload }),
    });

/** The id of one of the vendor's seeded roles (`Admin`, `ReadOnly`, `bfm-base`...). */
export async function vendorRoleId(server: TestServer, key: string): Promise<string> {
  const [role] = await findVendorRolesByKeys(server.db, [key]);
  if (!role) throw new Error(`no role ${key}`);
  return role.id;
}

/** A role of one tenant only, holding `permissionKeys`. */
export async function createTenantRole(server: TestServer, tenantId: string, permissionKeys: string[]) {
  const [role] = await server.db
    .insert(roles)
    .values({ tenantId, key: `custom-${Math.random().toString(36).slice(2, 8)}`, name: 'Custom' })
    .returning();
  if (!role) throw new Error('no role');
  const found = await server.db.select().from(permissions).where(inArray(permissions.key, permissionKeys));
  await linkRolePermissions(
    server.db,
    role.id,
    found.map((permission) => permission.id),
  );
  return role;
}

/** The actions of the audit rows written in someone's name. */
export const auditActionsOf = async (server: TestServer, who: Member) =>
  (await listAuditLogsByEmail(server.db, who.user.email)).map((row) => row.action);

/** Creates a group of the member's tenant through the API; answers its id. */
export async function createGroup(server: TestServer, who: Member, name: string): Promise<string> {
  const response = await as(server, who)('POST', `${API}/groups/v1`, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}
