import { z } from 'zod';

/** SPEC section 3 "Tenant (account)" with its account settings. */
export const tenantSchema = z
  .object({
    id: z.string(),
    tenantId: z.string(),
    name: z.string(),
    metadata: z.string().describe('JSON string: expiration, domains, source...'),
    isReseller: z.boolean(),
    vendorId: z.string(),
    deletedAt: z.null(),
    createdAt: z.string(),
    updatedAt: z.string(),
    address: z.string().nullable(),
    timezone: z.string().nullable(),
    dateFormat: z.string().nullable(),
    timeFormat: z.string().nullable(),
    currency: z.string().nullable(),
    logo: z.string().nullable(),
  })
  .meta({ id: 'Tenant' });
export type Tenant = z.infer<typeof tenantSchema>;

/** SPEC section 3 "Account settings": the active tenant's, as the Account section edits them. */
export const accountSettingsSchema = z.object({
  tenantId: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  website: z.string().nullable(),
  timezone: z.string().nullable(),
  dateFormat: z.string().nullable(),
  timeFormat: z.string().nullable(),
  currency: z.string().nullable(),
  logo: z.string().nullable().describe('data:image/{type};base64 URL'),
  loginUrl: z.string().describe('The login box scoped to this account (the tenantId query parameter)'),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;
