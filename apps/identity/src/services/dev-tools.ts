import { randomUUID } from 'node:crypto';
import { productRoleKeys } from '@brizo/contract';
import type { AppContext } from '../context.js';
import type { Db } from '../db/client.js';
import { findOutboxMessage, listOutboxMessages, type OutboxMessage } from '../db/queries/mail-outbox.js';
import { assignUserRoles, findVendorRolesByKeys } from '../db/queries/roles.js';
import { listOutboxSms, type OutboxSms } from '../db/queries/sms-outbox.js';
import { insertMembership, insertTenant } from '../db/queries/tenants.js';
import { findUserByEmail, insertUser, updateUser } from '../db/queries/users.js';
import { appError, errorCatalogue } from '../errors.js';
import { adminRoleKeys } from './access-catalogue.js';
import { DEMO_PASSWORD } from './seed.js';

export type { OutboxMessage, OutboxSms };

/**
 * What the dev tools (DEV_TOOLS on: the mailbox, the SMS outbox, the journeys' fixtures) read and
 * write: the outboxes as sent, and accounts set up the way a journey needs them.
 */
export function createDevToolsService(deps: { db: Db; passwords: Pick<AppContext['passwords'], 'hash'> }) {
  const { db, passwords } = deps;

  const userByEmail = async (email: string) => {
    const user = await findUserByEmail(db, email);
    if (!user) throw appError(errorCatalogue.users.notFound);
    return user;
  };

  return {
    mail: (options: { to?: string; limit: number }) => listOutboxMessages(db, options),
    message: (id: string) => findOutboxMessage(db, id),
    sms: (options: { to?: string; limit: number }) => listOutboxSms(db, options),

    /** A password set without the password rules, as an account from before them would have. */
    async setLegacyPassword(email: string, password: string): Promise<void> {
      const user = await userByEmail(email);
      await updateUser(db, user.id, { passwordHash: await passwords.hash(password) });
    },

    async setPhoneNumber(email: string, phoneNumber: string): Promise<void> {
      const user = await userByEmail(email);
      await updateUser(db, user.id, { phoneNumber });
    },

    /**
     * A fresh tenant with an Admin, a Read Only administrator and a member, all with the demo
     * password, so each browser journey administers its own account.
     */
    async createJourneyTenant(requestedName: string | undefined) {
      const suffix = randomUUID().slice(0, 8);
      const name = requestedName ?? `Journey ${suffix}`;
      const passwordHash = await passwords.hash(DEMO_PASSWORD);
      return db.transaction(async (tx) => {
        const tenant = await insertTenant(tx, { name, metadata: '{}' });
        const roles = await findVendorRolesByKeys(tx, [
          productRoleKeys.unrestricted,
          adminRoleKeys.admin,
          adminRoleKeys.readOnly,
        ]);
        const roleId = (key: string) => roles.filter((role) => role.key === key).map((role) => role.id);
        const create = async (kind: string, roleKeys: string[]) => {
          const email = `${kind}-${suffix}@journey.brizo.test`;
          const user = await insertUser(tx, {
            email,
            name: `${kind.charAt(0).toUpperCase()}${kind.slice(1)} ${suffix}`,
            passwordHash,
            verified: true,
            vendorMetadata: JSON.stringify({ activated: true, signupType: 'dev' }),
            activeTenantId: tenant.id,
          });
          await insertMembership(tx, user.id, tenant.id);
          await assignUserRoles(tx, user.id, tenant.id, roleKeys.flatMap(roleId));
          return { id: user.id, email, password: DEMO_PASSWORD };
        };
        return {
          tenantId: tenant.id,
          name,
          admin: await create('admin', [productRoleKeys.unrestricted, adminRoleKeys.admin]),
          readOnly: await create('readonly', [productRoleKeys.unrestricted, adminRoleKeys.readOnly]),
          member: await create('member', [productRoleKeys.unrestricted]),
        };
      });
    },
  };
}

export type DevToolsService = ReturnType<typeof createDevToolsService>;
