import { z } from 'zod';
import { roleSchema } from './role.js';

/** SPEC section 3 "Team user": a member as an administrator of one of its tenants sees it. */
export const teamUserSchema = z
  .object({
    id: z.string(),
    sub: z.string(),
    email: z.string(),
    name: z.string(),
    profilePictureUrl: z.string().nullable(),
    phoneNumber: z.string().optional(),
    verified: z.boolean(),
    activatedForTenant: z.boolean(),
    mfaEnrolled: z.boolean(),
    provider: z.string(),
    isLocked: z.boolean(),
    isDisabled: z.boolean(),
    temporaryExpirationDate: z.string().optional(),
    tenantId: z.string(),
    tenantIds: z.array(z.string()),
    tenants: z.array(
      z.object({
        tenantId: z.string(),
        roles: z.array(roleSchema),
        isDisabled: z.boolean(),
        temporaryExpirationDate: z.string().optional(),
      }),
    ),
    roles: z.array(roleSchema),
    roleIds: z.array(z.string()),
    permissions: z.array(z.string()),
    groups: z.array(z.object({ id: z.string() })),
    metadata: z.string(),
    managedBy: z.literal('frontegg'),
    subAccountAccessAllowed: z.boolean(),
    createdAt: z.string(),
    lastLogin: z.string().optional(),
  })
  .meta({ id: 'Member' });
export type TeamUser = z.infer<typeof teamUserSchema>;

/** One page of the users v2/v3 list (SPEC section 7 "Users list v2 and v3"). */
export const teamUserPageSchema = z.object({
  items: z.array(teamUserSchema),
  _metadata: z.object({ totalItems: z.number(), totalPages: z.number() }),
});
export type TeamUserPage = z.infer<typeof teamUserPageSchema>;
