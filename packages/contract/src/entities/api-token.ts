import { z } from 'zod';

/** SPEC section 3 "API token" of type clientCredentials, personal: never its secret after creation. */
export const personalApiTokenSchema = z
  .object({
    clientId: z.string(),
    description: z.string(),
    metadata: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
    expires: z.string().optional(),
  })
  .meta({ id: 'PersonalApiToken' });
export type PersonalApiToken = z.infer<typeof personalApiTokenSchema>;

/** A tenant's clientCredentials token: the roles and permissions it acts with. */
export const tenantApiTokenSchema = personalApiTokenSchema
  .extend({
    tenantId: z.string(),
    createdByUserId: z.string().nullable(),
    roleIds: z.array(z.string()),
    permissionIds: z.array(z.string()),
  })
  .meta({ id: 'TenantApiToken' });
export type TenantApiToken = z.infer<typeof tenantApiTokenSchema>;

/** SPEC "API token types": accessToken (its secret, the signed token, is in the creation's answer only). */
export const accessTokenSchema = z.object({
  id: z.string(),
  description: z.string(),
  createdAt: z.string(),
  expires: z.string().optional(),
});
export type AccessToken = z.infer<typeof accessTokenSchema>;

export const tenantAccessTokenSchema = accessTokenSchema.extend({
  roleIds: z.array(z.string()),
  createdByUserId: z.string().nullable(),
});
export type TenantAccessToken = z.infer<typeof tenantAccessTokenSchema>;
