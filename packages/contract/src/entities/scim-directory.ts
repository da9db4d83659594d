import { z } from 'zod';

/** Where a directory's users come from (the SDK's ScimConnectionSource). */
export const scimSourceSchema = z.enum(['frontegg', 'okta', 'azure-ad', 'other']);
export type ScimSource = z.infer<typeof scimSourceSchema>;

/**
 * One SCIM directory configuration of the tenant (Scim2ConnectionConfigResponse), with the SCIM base
 * URL the administrator copies into the directory (Entra ID's "Tenant URL", Okta's "SCIM connector base
 * URL"). Its bearer token is never in it: only the creation and the rotation answer it, once.
 */
export const scimDirectorySchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  connectionName: z.string(),
  source: scimSourceSchema,
  syncToUserManagement: z.boolean(),
  createdAt: z.string(),
  lastSync: z.string().nullable(),
  scimBaseUrl: z.string(),
});
export type ScimDirectory = z.infer<typeof scimDirectorySchema>;

/** The creation's answer (Scim2CreateConnectionConfigResponse): the bearer token, shown this once. */
export const scimDirectoryCreatedSchema = z.object({
  id: z.string(),
  connectionName: z.string(),
  token: z.string(),
  scimBaseUrl: z.string(),
});
export type ScimDirectoryCreated = z.infer<typeof scimDirectoryCreatedSchema>;

/** A new bearer token for the directory (the previous one stops working at once), shown this once. */
export const scimDirectoryTokenSchema = z.object({ id: z.string(), token: z.string() });
export type ScimDirectoryToken = z.infer<typeof scimDirectoryTokenSchema>;

/** The users the directory provisioned (Scim2CountResponse). */
export const scimUsersCountSchema = z.object({ count: z.number().int() });

/** One provisioning call of the directory, as the Provisioning section lists them (newest first). */
export const scimRequestLogSchema = z.object({
  id: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  summary: z.string(),
  createdAt: z.string(),
});
export type ScimRequestLog = z.infer<typeof scimRequestLogSchema>;

export const scimRequestLogsSchema = z.object({ items: z.array(scimRequestLogSchema) });
