import { readFile } from 'node:fs/promises';
import { parseOptions, required, UsageError, type OpsCommand } from '../command.js';
import { importTenant, readTenantDocument } from './tenant-document.js';

const usage = 'import-tenant --file <export.json>';

export const importTenantCommand: OpsCommand = {
  name: 'import-tenant',
  description: 'Create an account from an export-tenant document; refuses an account or user that exists',
  usage,
  async run(args, deps) {
    const values = parseOptions(args, { file: { type: 'string' } }, usage);
    const file = required(values.file, 'file', usage);
    let parsed: unknown;
    try {
      parsed = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new UsageError(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const document = readTenantDocument(parsed);
    await deps.withDatabase(async (db) => {
      const result = await importTenant(db, document);
      deps.stdout(`Imported "${String(document.tenant.name)}" with ${result.users} users\n`);
    });
  },
};
