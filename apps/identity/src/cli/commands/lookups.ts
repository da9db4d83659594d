import type { Db } from '../../db/client.js';
import { findTenantRoleByKey } from '../../db/queries/roles.js';
import { findTenantById, findTenantByName, type TenantRow } from '../../db/queries/tenants.js';
import { UsageError } from '../command.js';

// Issue 16: what the operator's commands name by hand: an account by id or name, roles by key.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findTenantNamed(db: Db, idOrName: string): Promise<TenantRow> {
  const tenant = UUID.test(idOrName)
    ? await findTenantById(db, idOrName)
    : await findTenantByName(db, idOrName);
  if (!tenant) throw new UsageError(`No account with the id or name "${idOrName}"`);
  return tenant;
}

/** The ids of roles the account may assign (the vendor's and its own), by key; an unknown key is refused. */
export async function findRoleIds(db: Db, tenantId: string, keys: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const key of new Set(keys)) {
    const role = await findTenantRoleByKey(db, tenantId, key);
    if (!role) throw new UsageError(`Unknown role "${key}" for this account`);
    ids.push(role.id);
  }
  return ids;
}

export const isEmailAddress = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
