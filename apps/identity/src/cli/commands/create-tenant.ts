import { findTenantByName, insertTenant } from '../../db/queries/tenants.js';
import { parseOptions, required, UsageError, type OpsCommand } from '../command.js';

const usage = 'create-tenant --name <account name>';

export const createTenantCommand: OpsCommand = {
  name: 'create-tenant',
  description: 'Create an account (tenant); prints its id',
  usage,
  async run(args, deps) {
    const values = parseOptions(args, { name: { type: 'string' } }, usage);
    const name = required(values.name, 'name', usage);
    await deps.withDatabase(async (db) => {
      // Names are not unique in the schema, but the commands find accounts by name: two would be ambiguous.
      if (await findTenantByName(db, name)) throw new UsageError(`An account named "${name}" already exists`);
      const tenant = await insertTenant(db, { name, metadata: '{}' });
      deps.stdout(`Created account "${name}": ${tenant.id}\n`);
    });
  },
};
