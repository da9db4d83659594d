import { z } from 'zod';
import { teamUserSchema } from './team-user.js';

/** SPEC section 3 "Sub-account": how an account's members reach the accounts below it. */
export const subAccountAccessTypes = ['defaultOff', 'defaultOn', 'alwaysOn'] as const;
export type SubAccountAccessType = (typeof subAccountAccessTypes)[number];

/** SPEC section 9: a level of the accounts tree loads 50 at a time; a sub-account's users 10. */
export const SUB_ACCOUNTS_PAGE_SIZE = 50;
export const SUB_ACCOUNT_USERS_PAGE_SIZE = 10;

/** A sub-account as the hierarchy's search and changes answer it (SearchSubTenantsResponse). */
export const subAccountSchema = z
  .object({
    tenantId: z.string(),
    name: z.string(),
    parentTenantId: z.string().optional(),
    createdAt: z.string(),
    updatedAt: z.string(),
    metadata: z.object({ isParent: z.boolean() }),
    isReseller: z.boolean(),
    subAccountAccessType: z.enum(subAccountAccessTypes),
  })
  .meta({ id: 'SubAccount' });
export type SubAccount = z.infer<typeof subAccountSchema>;

/** GET /tenants/resources/hierarchy/v2: one page of a level (or of a search), and the next page's link. */
export const subAccountPageSchema = z.object({
  items: z.array(subAccountSchema),
  _metadata: z.object({ totalItems: z.number() }),
  _links: z.object({ next: z.string().optional() }),
});
export type SubAccountPage = z.infer<typeof subAccountPageSchema>;

/** A person of an administrator's subtree, with the accounts of it they belong to. */
export const subtreeUserSchema = z.object({
  id: z.string(),
  sub: z.string(),
  email: z.string(),
  name: z.string(),
  verified: z.boolean(),
  tenantId: z.string(),
  tenantIds: z.array(z.string()),
  tenants: z.array(z.object({ tenantId: z.string(), activated: z.boolean() })),
  metadata: z.string(),
  provider: z.string(),
  createdAt: z.string(),
});

/**
 * GET /identity/resources/sub-tenants/users/v1: with _tenantId, that account's members (as the users
 * list answers them, with subAccountAccessAllowed); without, everyone of the caller's subtree.
 */
export const subAccountUsersPageSchema = z.object({
  items: z.array(z.union([teamUserSchema, subtreeUserSchema])),
  _metadata: z.object({ totalItems: z.number(), totalPages: z.number() }),
});
export type SubAccountUsersPage = z.infer<typeof subAccountUsersPageSchema>;

/** POST /identity/resources/tenants/users/v1/count: each account's members (IGetTenantsUserCountResponse). */
export const tenantUsersCountSchema = z.array(
  z.object({ tenantId: z.string(), totalUsers: z.number(), totalAccessAllowedUsers: z.number() }),
);
