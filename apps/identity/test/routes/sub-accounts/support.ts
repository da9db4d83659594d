import { expect } from 'vitest';
import { findTenantById, type TenantRow } from '../../../src/db/queries/tenants.js';
import { as, signedIn, type Member } from '../../admin-support.js';
import { createUser } from '../../factories.js';
import type { TestServer } from '../../harness.js';

export const SUB_TENANTS = '/frontegg/tenants/resources/sub-tenants/v1';
export const HIERARCHY = '/frontegg/tenants/resources/hierarchy';
export const SUB_TENANT_USERS = '/frontegg/identity/resources/sub-tenants/users';
export const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Creates a sub-account through the API as `who`; answers its row. */
export async function createSubAccount(
  server: TestServer,
  who: Pick<Member, 'authorization'>,
  name: string,
  parentTenantId?: string,
): Promise<TenantRow> {
  const response = await as(server, who)('POST', SUB_TENANTS, {
    name,
    ...(parentTenantId && { parentTenantId }),
  });
  expect(response.statusCode, response.body).toBe(201);
  const tenant = await findTenantById(server.db, response.json<{ tenantId: string }>().tenantId);
  if (!tenant) throw new Error('sub-account not stored');
  return tenant;
}

/** A member of `tenant` with `roleKeys`, signed in there. */
export async function memberOf(server: TestServer, tenant: TenantRow, roleKeys: string[]): Promise<Member> {
  const { user } = await createUser(server.db, server.passwords, { tenant, roleKeys });
  return { user, authorization: await signedIn(server, user.email) };
}
