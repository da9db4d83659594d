import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { vendorConfig } from '../schema/index.js';

export type VendorConfigRow = typeof vendorConfig.$inferSelect;
export const VENDOR_CONFIG_ID = 'default';

export async function findVendorConfig(db: Db): Promise<VendorConfigRow | undefined> {
  const [row] = await db.select().from(vendorConfig).where(eq(vendorConfig.id, VENDOR_CONFIG_ID)).limit(1);
  return row;
}

/** Creates the vendor configuration when missing; an existing one (maybe edited by an admin) is kept. */
export async function insertVendorConfigIfMissing(
  db: Db,
  config: Omit<typeof vendorConfig.$inferInsert, 'id'>,
): Promise<void> {
  await db
    .insert(vendorConfig)
    .values({ ...config, id: VENDOR_CONFIG_ID })
    .onConflictDoNothing();
}

export async function updateVendorConfig(
  db: Db,
  changes: Partial<Omit<VendorConfigRow, 'id'>>,
): Promise<void> {
  await db.update(vendorConfig).set(changes).where(eq(vendorConfig.id, VENDOR_CONFIG_ID));
}
