import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignUserRoles, findVendorRolesByKeys } from '../../db/queries/roles.js';
import { insertMembership, insertTenant } from '../../db/queries/tenants.js';
import { insertUser } from '../../db/queries/users.js';
import { productRoleKeys } from '@brizo/contract';
import { adminRoleKeys } from '../../services/access-catalogue.js';
import type { RouteOptions } from '../../services/index.js';
import { DEMO_PASSWORD } from '../../services/seed.js';
import { areaRoutes } from '../route.js';

const person = z.object({ id: z.string(), email: z.string(), password: z.string() });

/**
 * POST /dev/api/tenants (DEV_TOOLS on): a fresh tenant with an Admin, a Read Only administrator
 * and a member, all with the demo password, so each browser journey administers its own account
 * and parallel journeys never see each other's changes.
 */
export const devTenantRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { db, services }) => {
  const route = areaRoutes(app, services, 'dev');
  route({
    name: 'createDevApiTenants',
    method: 'POST',
    url: '/dev/api/tenants',
    summary: 'Create a tenant with an Admin, a Read Only administrator and a member (demo password)',
    access: 'public',
    body: z.object({ name: z.string().trim().min(1).max(100).optional() }).optional(),
    response: z.object({
      tenantId: z.string(),
      name: z.string(),
      admin: person,
      readOnly: person,
      member: person,
    }),
    handler: async ({ request }) => {
      const suffix = randomUUID().slice(0, 8);
      const name = request.body?.name ?? `Journey ${suffix}`;
      const passwordHash = await services.passwords.hash(DEMO_PASSWORD);
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
  });
};
