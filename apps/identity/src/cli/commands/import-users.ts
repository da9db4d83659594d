import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { assignUserRoles } from '../../db/queries/roles.js';
import { insertMembership } from '../../db/queries/tenants.js';
import { findUserByEmail, insertUser, normalizeEmail } from '../../db/queries/users.js';
import { isImportableHash } from '../../auth/methods/password/imported-hashes.js';
import { parseOptions, required, UsageError, type OpsCommand } from '../command.js';
import { findRoleIds, findTenantNamed, isEmailAddress } from './lookups.js';

// Issue 16: users moved from another system keep their passwords: each brings its existing hash (bcrypt,
// scrypt as `scrypt$N$r$p$salt$hash`, argon2id or argon2i; auth/methods/password/imported-hashes.ts),
// verified at their first sign-in and replaced by an argon2id hash then. The file is a JSON array of
// users or a CSV with a header row (email,name,passwordHash,roles,verified; roles separated by `;`).
// The whole file is checked first and imported in one transaction: nothing is imported when any row is wrong.

const usage = 'import-users --tenant <account id or name> --file <users.json|users.csv> [--format json|csv]';

const importedUser = z.object({
  email: z.string().trim().min(1, 'email is required'),
  name: z.string().trim().optional(),
  passwordHash: z.string().trim().min(1, 'passwordHash is required'),
  roles: z.array(z.string().trim().min(1)).default([]),
  verified: z.boolean().default(true),
});
type ImportedUser = z.infer<typeof importedUser>;

/** RFC 4180 fields: quoted fields may hold commas (argon2 hashes do), quotes and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      if (row.some((value) => value !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (quoted) throw new UsageError('The CSV file ends inside a quoted field');
  row.push(field);
  if (row.some((value) => value !== '')) rows.push(row);
  return rows;
}

function recordsOf(text: string, format: 'json' | 'csv'): unknown[] {
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new UsageError(
        `The file is not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    if (!Array.isArray(parsed)) throw new UsageError('The JSON file must hold an array of users');
    return parsed;
  }
  const [header, ...rows] = parseCsv(text);
  const columns = (header ?? []).map((name) => name.trim());
  for (const needed of ['email', 'passwordHash']) {
    if (!columns.includes(needed)) throw new UsageError(`The CSV header must name the column ${needed}`);
  }
  return rows.map((row) => {
    const record: Record<string, unknown> = {};
    columns.forEach((column, index) => {
      const value = row[index] ?? '';
      if (column === 'roles') record.roles = value.split(';').filter((role) => role.trim() !== '');
      else if (column === 'verified')
        record.verified = value === '' ? undefined : /^(true|1|yes)$/i.test(value);
      else if (value !== '') record[column] = value;
    });
    return record;
  });
}

/** Every row's problems, numbered as the person sees them (CSV: the header is line 1). */
function checkRecords(records: unknown[], format: 'json' | 'csv'): ImportedUser[] {
  const label = (index: number) => (format === 'csv' ? `line ${index + 2}` : `user ${index + 1}`);
  const problems: string[] = [];
  const users: ImportedUser[] = [];
  const seen = new Set<string>();
  records.forEach((record, index) => {
    const parsed = importedUser.safeParse(record);
    if (!parsed.success) {
      problems.push(`${label(index)}: ${parsed.error.issues.map((issue) => issue.message).join(', ')}`);
      return;
    }
    const user = { ...parsed.data, email: normalizeEmail(parsed.data.email) };
    if (!isEmailAddress(user.email)) problems.push(`${label(index)}: not an email address: ${user.email}`);
    else if (seen.has(user.email)) problems.push(`${label(index)}: ${user.email} appears twice in the file`);
    if (!isImportableHash(user.passwordHash)) {
      problems.push(
        `${label(index)}: unsupported password hash (bcrypt $2a$/$2b$/$2y$, scrypt$N$r$p$salt$hash, $argon2id$ or $argon2i$)`,
      );
    }
    seen.add(user.email);
    users.push(user);
  });
  if (problems.length > 0) throw new UsageError(`Nothing imported:\n  ${problems.join('\n  ')}`);
  return users;
}

export const importUsersCommand: OpsCommand = {
  name: 'import-users',
  description: 'Import users with their existing password hashes (bcrypt, scrypt, argon2) into an account',
  usage,
  async run(args, deps) {
    const values = parseOptions(
      args,
      { tenant: { type: 'string' }, file: { type: 'string' }, format: { type: 'string' } },
      usage,
    );
    const tenantName = required(values.tenant, 'tenant', usage);
    const file = required(values.file, 'file', usage);
    const format = values.format ?? (path.extname(file).toLowerCase() === '.csv' ? 'csv' : 'json');
    if (format !== 'json' && format !== 'csv')
      throw new UsageError(`--format must be json or csv\nusage: ${usage}`);
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      throw new UsageError(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
    const users = checkRecords(recordsOf(text, format), format);
    await deps.withDatabase(async (db) => {
      const tenant = await findTenantNamed(db, tenantName);
      const roleIds = new Map<string, string[]>();
      for (const user of users) {
        roleIds.set(user.email, await findRoleIds(db, tenant.id, user.roles));
        if (await findUserByEmail(db, user.email)) {
          throw new UsageError(`Nothing imported: a user with the email ${user.email} already exists`);
        }
      }
      await db.transaction(async (tx) => {
        for (const user of users) {
          const created = await insertUser(tx, {
            email: user.email,
            name: user.name ?? user.email.split('@')[0] ?? user.email,
            passwordHash: user.passwordHash,
            verified: user.verified,
            vendorMetadata: JSON.stringify({ activated: true, signupType: 'import' }),
            activeTenantId: tenant.id,
          });
          await insertMembership(tx, created.id, tenant.id);
          await assignUserRoles(tx, created.id, tenant.id, roleIds.get(user.email) ?? []);
        }
      });
      deps.stdout(`Imported ${users.length} user${users.length === 1 ? '' : 's'} into "${tenant.name}"\n`);
    });
  },
};
