import { z } from 'zod';
import { sortOrders, userFilterPresets, userSortKeys } from '@brizo/contract';

// Wire shapes of the Users section (team administration), shared by its route modules.

export const roleView = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isDefault: z.boolean(),
  level: z.number(),
  tenantId: z.string().nullable(),
  vendorId: z.string(),
  permissions: z.array(z.string()).describe('Permission ids'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** SPEC section 3 "Team user", within the administrator's tenant only. */
export const memberView = z.object({
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
      roles: z.array(roleView),
      isDisabled: z.boolean(),
      temporaryExpirationDate: z.string().optional(),
    }),
  ),
  roles: z.array(roleView),
  roleIds: z.array(z.string()),
  permissions: z.array(z.string()),
  groups: z.array(z.object({ id: z.string() })),
  metadata: z.string(),
  managedBy: z.literal('frontegg'),
  subAccountAccessAllowed: z.boolean(),
  createdAt: z.string(),
  lastLogin: z.string().optional(),
});

export const memberPage = z.object({
  items: z.array(memberView),
  _metadata: z.object({ totalItems: z.number(), totalPages: z.number() }),
});

const pageNumber = z.coerce.number({ error: '_offset must be a page number' }).int().min(0).max(1_000_000);

/** GET /users/v2 and /users/v3: SPEC section 3 "all-users query" and the filter presets. */
export const memberListQuery = z.object({
  _limit: z.coerce.number({ error: '_limit must be a number' }).int().min(1).max(200).default(20),
  _offset: pageNumber.default(0),
  _filter: z.string().max(200).optional().describe('A part of the name or email, any case'),
  _sortBy: z.enum(userSortKeys).optional(),
  _order: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(sortOrders))
    .optional(),
  _includeSubTenants: z
    .enum(['true', 'false'])
    .optional()
    .describe('Accepted; an account has no sub-accounts here'),
  _preset: z.enum(userFilterPresets).optional(),
  _maxInactiveSeconds: z.coerce
    .number()
    .int()
    .min(1)
    .max(100 * 365 * 86_400)
    .optional(),
});

export const userIdParams = z.object({ userId: z.uuid({ error: 'userId must be a valid id' }) });

/** Role ids as the SDK sends them: [''] is how the store says "no roles" (SPEC section 5). */
export const roleIdsField = z
  .array(z.union([z.uuid({ error: 'roleIds must be role ids' }), z.literal('')]))
  .max(50);
