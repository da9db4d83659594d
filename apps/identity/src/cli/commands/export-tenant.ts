import { writeFile } from 'node:fs/promises';
import { systemClock } from '../../lib/time.js';
import { parseOptions, required, UsageError, type OpsCommand } from '../command.js';
import { findTenantNamed } from './lookups.js';
import { exportTenant } from './tenant-document.js';

const usage =
  'export-tenant --tenant <account id or name> [--output <file.json>]  (standard output without --output)';

export const exportTenantCommand: OpsCommand = {
  name: 'export-tenant',
  description:
    'Write an account, its settings, roles, users and groups as JSON (see cli/commands/tenant-document.ts)',
  usage,
  async run(args, deps) {
    const values = parseOptions(args, { tenant: { type: 'string' }, output: { type: 'string' } }, usage);
    const tenantName = required(values.tenant, 'tenant', usage);
    await deps.withDatabase(async (db) => {
      const tenant = await findTenantNamed(db, tenantName);
      const text = `${JSON.stringify(await exportTenant(db, tenant.id, systemClock.now()), null, 2)}\n`;
      if (!values.output) {
        deps.stdout(text);
        return;
      }
      try {
        // Owner-only: the document holds password hashes.
        await writeFile(values.output, text, { mode: 0o600 });
      } catch (error) {
        throw new UsageError(
          `Cannot write ${values.output}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      deps.stdout(`Exported "${tenant.name}" to ${values.output}\n`);
    });
  },
};
