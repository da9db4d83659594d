import type { InjectOptions } from 'fastify';
import type { TenantRow } from '../src/db/queries/tenants.js';
import type { UserRow } from '../src/db/queries/users.js';
import { createTenant, createUser } from './factories.js';
import type { TestServer } from './harness.js';
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
