import type { Db } from '../db/client.js';
import { findVendorConfig } from '../db/queries/vendor-config.js';
import { assignUserRoles, findVendorRolesByKeys } from '../db/queries/roles.js';
import { findTenantByName, insertMembership, insertTenant } from '../db/queries/tenants.js';
import { findUserByEmail, insertUser, normalizeEmail, updateUser } from '../db/queries/users.js';
import { adminRoleKeys } from './access-catalogue.js';
import { AppError } from '../errors.js';
import {
  assertAcceptablePassword,
  DEFAULT_PASSWORD_POLICY,
  type PasswordHasher,
} from '../auth/methods/password/passwords.js';

export interface SuperuserInput {
  email: string;
  name: string;
  /** The account the superuser signs in to; created when missing. */
  tenantName: string;
  password: string;
}

export class SuperuserError extends Error {
  override name = 'SuperuserError';
}

/**
 * The first superuser of a production install (README "Production"), which never has demo accounts:
 * a verified user with the superuser flag and the Admin role in their own account. Run after the
 * seed, which creates the roles. An existing user is promoted and keeps their password.
 */
export async function createSuperuser(
  deps: { db: Db; passwords: PasswordHasher },
  input: SuperuserInput,
): Promise<{ userId: string; created: boolean }> {
  const email = normalizeEmail(input.email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new SuperuserError(`Not an email address: ${email}`);
  const existing = await findUserByEmail(deps.db, email);
  const policy = (await findVendorConfig(deps.db))?.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
  if (!existing) {
    try {
      // The rules every new password meets, the list of common passwords included.
      assertAcceptablePassword(policy, input.password);
    } catch (error) {
      throw error instanceof AppError ? new SuperuserError(error.message) : error;
    }
  }
  const passwordHash = existing ? undefined : await deps.passwords.hash(input.password);
  const [adminRole] = await findVendorRolesByKeys(deps.db, [adminRoleKeys.admin]);
  if (!adminRole) throw new SuperuserError('The roles are missing: start the server once to create them');

  return deps.db.transaction(async (db) => {
    const tenant =
      (await findTenantByName(db, input.tenantName)) ??
      (await insertTenant(db, { name: input.tenantName, metadata: '{}' }));
    if (existing) await updateUser(db, existing.id, { superUser: true, verified: true });
    const user =
      existing ??
      (await insertUser(db, {
        email,
        name: input.name,
        passwordHash,
        verified: true,
        superUser: true,
        vendorMetadata: JSON.stringify({ activated: true, signupType: 'superuser' }),
        activeTenantId: tenant.id,
      }));
    await insertMembership(db, user.id, tenant.id);
    await assignUserRoles(db, user.id, tenant.id, [adminRole.id]);
    return { userId: user.id, created: !existing };
  });
}
