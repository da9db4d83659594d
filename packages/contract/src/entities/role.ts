import { z } from 'zod';

// The entities of SPEC section 3 as the server answers them, one module per entity: the server's
// response schemas are built from these, and the web app's typed client parses those answers with the
// same schemas. Kept out of the package's main entry ('@brizo/contract/entities/<entity>'), so that only
// code loaded after the login page pays for zod's object schemas.

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

/** A Role as the Roles section lists it: firstUserRole marks the role a new account's first user gets. */
export const roleWithFirstUserSchema = roleSchema.extend({ firstUserRole: z.boolean() }).meta({ id: 'Role' });
export type RoleWithFirstUser = z.infer<typeof roleWithFirstUserSchema>;

/** SPEC section 3 "Permission". */
export const permissionSchema = z
  .object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    categoryId: z.string().nullable(),
    fePermission: z.boolean(),
    roleIds: z.array(z.string()).describe("The tenant's and the vendor's roles holding it"),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Permission' });
export type Permission = z.infer<typeof permissionSchema>;

/** A category of permissions, as the Roles section groups them. */
export const permissionCategorySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    feCategory: z.boolean(),
    permissionIds: z.array(z.string()),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'PermissionCategory' });
export type PermissionCategory = z.infer<typeof permissionCategorySchema>;

/** The roles an account may hand out (GET /team/resources/roles/v1): the vendor's and its own. */
export const assignableRolesSchema = z.object({ items: z.array(roleSchema) });
