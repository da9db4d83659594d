import { z } from 'zod';
import { teamUserPageSchema, teamUserSchema } from '@brizo/contract/entities/team-user';
import { sortOrders, userFilterPresets, userSortKeys } from '@brizo/contract';

// Wire shapes of the Users section (team administration), shared by its route modules.

/** SPEC section 3 "Team user", within the administrator's tenant only. */
export const memberView = teamUserSchema;

export const memberPage = teamUserPageSchema;

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
    .describe(
      "true: the people of the accounts below the caller's too (needs fe.account-hierarchy.read.subAccount); sorted by name",
    ),
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
