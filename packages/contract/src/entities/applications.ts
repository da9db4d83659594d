import { z } from 'zod';

// Applications (issue 15, SPEC section 3 "Application"): the vendor's apps a user may open with one
// account. An app is free (every member of an account that has it) or managed (only its assigned users);
// an account gets an app through a tenant assignment that can make a managed app free for that account.

export const applicationAccessTypes = ['FREE_ACCESS', 'MANAGED_ACCESS'] as const;
export const applicationAccessTypeSchema = z.enum(applicationAccessTypes);
export type ApplicationAccessType = z.infer<typeof applicationAccessTypeSchema>;

/** An app as the official client's getApplicationsData reads it. */
export const applicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  accessType: applicationAccessTypeSchema,
  appURL: z.string(),
  loginURL: z.string(),
  logoURL: z.string(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  type: z.string(),
  frontendStack: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  integrationFinishedAt: z.string().nullable(),
});
export type Application = z.infer<typeof applicationSchema>;

/** GET tenant-assignments v2: the caller's account and how it has each app. */
export const tenantApplicationsSchema = z.object({
  tenantId: z.string(),
  assignments: z.array(z.object({ appId: z.string(), accessType: applicationAccessTypeSchema })),
});
export type TenantApplications = z.infer<typeof tenantApplicationsSchema>;

export const userApplicationIdsSchema = z.object({ userId: z.string(), appIds: z.array(z.string()) });
export const applicationUserIdsSchema = z.object({ appId: z.string(), userIds: z.array(z.string()) });

/** Where an app lives, as a superuser types it: an absolute http(s) address. */
const appAddress = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), 'must be an http or https address');

/** What a superuser writes of an app. */
export const applicationBodySchema = z.object({
  name: z.string().trim().min(1, 'is required').max(200),
  description: z.string().max(2000).default(''),
  accessType: applicationAccessTypeSchema.default('MANAGED_ACCESS'),
  appURL: appAddress,
  loginURL: appAddress.or(z.literal('')).default(''),
  logoURL: appAddress.or(z.literal('')).default(''),
  isActive: z.boolean().default(true),
});
export type ApplicationBody = z.input<typeof applicationBodySchema>;
