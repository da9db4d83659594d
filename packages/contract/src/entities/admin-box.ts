import { z } from 'zod';

/**
 * GET /metadata?entityName=...: the vendor's metadata rows; the admin portal reads its navigation and
 * field appearance from rows[0].configuration (SPEC section 2 "Admin portal").
 */
export const metadataRowsSchema = z.object({
  rows: z.array(
    z.object({
      id: z.string(),
      entityName: z.string(),
      vendorId: z.string(),
      configuration: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type MetadataRows = z.infer<typeof metadataRowsSchema>;
