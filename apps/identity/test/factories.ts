import { randomUUID } from 'node:crypto';
import type { Db } from '../src/db/client.js';
import { findVendorRolesByKeys, assignUserRoles } from '../src/db/queries/roles.js';
import { insertMembership, insertTenant, type NewTenant, type TenantRow } from '../src/db/queries/tenants.js';
import { insertUser, type NewUser, type UserRow } from '../src/db/queries/users.js';
import type { PasswordHasher } from '../src/auth/methods/password/passwords.js';
import { uniqueEmail } from './harness.js';

export const TEST_PASSWORD = 'Correct-horse-9!';

export async function createTenant(db: Db, overrides: Partial<NewTenant> = {}): Promise<TenantRow> {
  return insertTenant(db, { name: `Tenant ${randomUUID().slice(0, 6)}`, metadata: '{}', ...overrides });
}

export interface CreateUserOptions extends Partial<NewUser> {
  password?: string | null;
  tenant?: TenantRow;
  roleKeys?: string[];
}

/** A verified user with TEST_PASSWORD in a new tenant, unless told otherwise. */
export async function createUser(
  db: Db,
  passwords: PasswordHasher,
  options: CreateUserOptions = {},
): Promise<{ user: UserRow; tenant: TenantRow; password: string | null }> {
  const { password = TEST_PASSWORD, tenant: givenTenant, roleKeys = [], ...overrides } = options;
  const tenant = givenTenant ?? (await createTenant(db));
  const user = await insertUser(db, {
    email: uniqueEmail(),
    name: 'Test User',
    verified: true,
    passwordHash: password === null ? null : await passwords.hash(password),
    activeTenantId: tenant.id,
    ...overrides,
  });
  await insertMembership(db, user.id, tenant.id);
  const roles = await findVendorRolesByKeys(db, roleKeys);
  await assignUserRoles(
    db,
    user.id,
    tenant.id,
    roles.map((role) => role.id),
  );
  return { user, tenant, password };
}
