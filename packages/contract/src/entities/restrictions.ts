import { z } from 'zod';
import { restrictionTypes } from '../enums.js';

// SPEC section 3 "IP restriction" and "Domain restriction", with their lists' configurations.

const restrictionType = z.enum(restrictionTypes);

export const ipRestrictionSchema = z.object({
  id: z.string(),
  ip: z.string(),
  strategy: restrictionType,
  isActive: z.boolean(),
  description: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type IpRestrictionEntry = z.infer<typeof ipRestrictionSchema>;

/** One page of an IP list (`_offset` is a page number). */
export const ipRestrictionPageSchema = z.object({
  items: z.array(ipRestrictionSchema),
  _metadata: z.object({ totalItems: z.number(), totalPages: z.number() }),
});
export type IpRestrictionPage = z.infer<typeof ipRestrictionPageSchema>;

export const ipRestrictionConfigSchema = z.object({ isActive: z.boolean(), strategy: restrictionType });
export type IpRestrictionConfig = z.infer<typeof ipRestrictionConfigSchema>;

/** "Test my IP": would the caller's address get in? */
export const ipVerificationSchema = z.object({ valid: z.boolean() });

export const domainRestrictionSchema = z.object({
  id: z.string(),
  domain: z.string(),
  type: restrictionType,
});
export type DomainRestrictionEntry = z.infer<typeof domainRestrictionSchema>;

export const domainRestrictionListSchema = z.object({ items: z.array(domainRestrictionSchema) });

export const domainRestrictionConfigSchema = z.object({
  active: z.boolean(),
  listType: restrictionType,
  blockPublicDomains: z.boolean(),
});
export type DomainRestrictionConfig = z.infer<typeof domainRestrictionConfigSchema>;

/**
 * The SDK's IP metadata (IMetadataIp), GET /metadata/ipme. No geolocation database is shipped: every
 * place field is null (unknown), never invented.
 */
export const ipMetadataSchema = z.object({
  ip: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  city: z.string().nullable(),
  country_name: z.string().nullable(),
  country_code: z.string().nullable(),
  zip: z.string().nullable(),
  location: z.object({ country_flag: z.string().nullable(), country_flag_emoji: z.string().nullable() }),
});
export type IpMetadata = z.infer<typeof ipMetadataSchema>;
