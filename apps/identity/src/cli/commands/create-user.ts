import { findVendorConfig } from '../../db/queries/vendor-config.js';
import { assignUserRoles } from '../../db/queries/roles.js';
import { insertMembership } from '../../db/queries/tenants.js';
import { findUserByEmail, insertUser, normalizeEmail } from '../../db/queries/users.js';
import { AppError } from '../../errors.js';
import { assertAcceptablePassword, DEFAULT_PASSWORD_POLICY } from '../../auth/methods/password/passwords.js';
import { parseOptions, required, UsageError, type OpsCommand } from '../command.js';
import { findRoleIds, findTenantNamed, isEmailAddress } from './lookups.js';

// The password comes from USER_PASSWORD, else from the first line of standard input: never from the
// command line (shell history, process list).

const usage =
  'create-user --email <address> --tenant <account id or name> [--name <full name>] [--role <key>]...  (password: USER_PASSWORD or standard input)';

export const createUserCommand: OpsCommand = {
  name: 'create-user',
  description: 'Create a verified user in an account, with roles',
  usage,
  async run(args, deps) {
    const values = parseOptions(
      args,
      {
        email: { type: 'string' },
        tenant: { type: 'string' },
        name: { type: 'string' },
        role: { type: 'string', multiple: true },
      },
      usage,
    );
    const email = normalizeEmail(required(values.email, 'email', usage));
    if (!isEmailAddress(email)) throw new UsageError(`Not an email address: ${email}`);
    const tenantName = required(values.tenant, 'tenant', usage);
    deps.config();
    const password = process.env.USER_PASSWORD ?? (await deps.readStdin()).split(/\r?\n/)[0] ?? '';
    await deps.withDatabase(async (db) => {
      const tenant = await findTenantNamed(db, tenantName);
      const roleIds = await findRoleIds(db, tenant.id, values.role ?? []);
      if (await findUserByEmail(db, email))
        throw new UsageError(`A user with the email ${email} already exists`);
      const policy = (await findVendorConfig(db))?.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
      try {
        assertAcceptablePassword(policy, password);
      } catch (error) {
        throw error instanceof AppError ? new UsageError(error.message) : error;
      }
      const passwordHash = await deps.passwords.hash(password);
      const user = await db.transaction(async (tx) => {
        const created = await insertUser(tx, {
          email,
          name: values.name ?? email.split('@')[0] ?? email,
          passwordHash,
          verified: true,
          vendorMetadata: JSON.stringify({ activated: true, signupType: 'admin' }),
          activeTenantId: tenant.id,
        });
        await insertMembership(tx, created.id, tenant.id);
        await assignUserRoles(tx, created.id, tenant.id, roleIds);
        return created;
      });
      deps.stdout(`Created ${email} in "${tenant.name}": ${user.id}\n`);
    });
  },
};
