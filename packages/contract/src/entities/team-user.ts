import { z } from 'zod';

// The entities of SPEC section 3 as the server answers them: the server's response schemas are built
// from these, and the web app's typed client parses those answers with the same schemas. Kept out of
// the package's main entry ('@brizo/contract/entities'), so that only code loaded after the login page
// pays for zod's object schemas.

/** SPEC section 3 "Role" (with its rank, `level`, lower first). */
export const roleSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isDefault: z.boolean(),
  level: z.number(),
  tenantId: z.string().nullable().describe("null: one of the vendor's roles, read-only to tenants"),
  vendorId: z.string(),
  permissions: z.array(z.string()).describe('Permission ids'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

/** SPEC section 3 "Permission". */
export const permissionSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  categoryId: z.string().nullable(),
  fePermission: z.boolean(),
  roleIds: z.array(z.string()).describe("The tenant's and the vendor's roles holding it"),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Permission = z.infer<typeof permissionSchema>;

/** SPEC section 3 "Team user": a member as an administrator of one of its tenants sees it. */
export const teamUserSchema = z.object({
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
});
export type TeamUser = z.infer<typeof teamUserSchema>;

/** One page of the users v2/v3 list (SPEC section 7 "Users list v2 and v3"). */
export const teamUserPageSchema = z.object({
  items: z.array(teamUserSchema),
  _metadata: z.object({ totalItems: z.number(), totalPages: z.number() }),
});
export type TeamUserPage = z.infer<typeof teamUserPageSchema>;

/** SPEC section 8: every failed answer's body. */
export const errorBodySchema = z.object({ errors: z.array(z.string()), errorCode: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;
