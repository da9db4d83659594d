import { z } from 'zod';
import { permissionSchema, roleSchema } from './role.js';

/**
 * A role as the signed-in user holds it in one of its tenants: a vendor's role is told with that
 * tenant's id, so here tenantId is never null (unlike the Roles section's Role).
 */
export const userRoleSchema = roleSchema.extend({ tenantId: z.string() });
export type UserRole = z.infer<typeof userRoleSchema>;

/** SPEC section 3 "User": the signed-in user, as GET /users/v2/me answers it. */
export const userSchema = z
  .object({
    id: z.string(),
    sub: z.string(),
    email: z.string(),
    name: z.string(),
    profilePictureUrl: z.string().nullable(),
    phoneNumber: z.string().nullable(),
    verified: z.boolean(),
    mfaEnrolled: z.boolean(),
    provider: z.string(),
    tenantId: z.string(),
    tenantIds: z.array(z.string()),
    tenants: z.array(z.object({ tenantId: z.string(), roles: z.array(userRoleSchema) })),
    activatedForTenant: z.boolean(),
    isLocked: z.boolean(),
    superUser: z.boolean(),
    metadata: z.string(),
    vendorMetadata: z.string().describe('JSON string: expiration, activated, signupType'),
    createdAt: z.string(),
    lastLogin: z.string().nullable(),
    subAccountAccessAllowed: z.boolean(),
    managedBy: z.string(),
    groups: z.array(z.object({ id: z.string() })),
    roles: z.array(userRoleSchema),
    permissions: z.array(permissionSchema),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

/**
 * SPEC section 3 "User", the fields of a sign-in's answer. Issue 10: no refreshToken; it travels in the
 * HttpOnly cookie only (docs/decisions/0010-refresh-token-in-bodies.md).
 */
export const authenticatedSessionSchema = z
  .object({
    tokenType: z.literal('bearer'),
    mfaRequired: z.boolean(),
    accessToken: z.string(),
    expiresIn: z.number().describe('Seconds until the access token expires'),
    expires: z.string(),
    userId: z.string(),
    userEmail: z.string(),
    emailVerified: z.boolean(),
  })
  .meta({ id: 'AuthenticatedSession' });
export type AuthenticatedSession = z.infer<typeof authenticatedSessionSchema>;

/** SPEC section 3 "Session": one of the signed-in user's active sessions (Privacy section). */
export const userSessionSchema = z
  .object({
    id: z.string(),
    userAgent: z.string().nullable(),
    ipAddress: z.string().nullable(),
    createdAt: z.string(),
    expires: z.string(),
    current: z.boolean(),
    impersonated: z.boolean(),
  })
  .meta({ id: 'UserSession' });
export type UserSession = z.infer<typeof userSessionSchema>;

/** An email change undone from the old address's link: the account and its single-use password reset token. */
export const emailRevertedSchema = z.object({ userId: z.string(), resetToken: z.string() });
export type EmailReverted = z.infer<typeof emailRevertedSchema>;
