// Issue 13: the vendor's configuration of each social provider (one row per provider, vendor-wide).
import { eq } from 'drizzle-orm';
import type { Db } from '../client.js';
import { socialLoginProviders } from '../schema/index.js';

export type SocialLoginProviderRow = typeof socialLoginProviders.$inferSelect;
export type NewSocialLoginProvider = typeof socialLoginProviders.$inferInsert;

export async function listSocialLoginProviders(db: Db): Promise<SocialLoginProviderRow[]> {
  return db.select().from(socialLoginProviders);
}

export async function findSocialLoginProvider(
  db: Db,
  type: string,
): Promise<SocialLoginProviderRow | undefined> {
  const [row] = await db
    .select()
    .from(socialLoginProviders)
    .where(eq(socialLoginProviders.type, type))
    .limit(1);
  return row;
}

/** Writes a provider's whole configuration (the caller merged what it keeps, such as the sealed secret). */
export async function upsertSocialLoginProvider(
  db: Db,
  row: NewSocialLoginProvider & { updatedAt: Date },
): Promise<SocialLoginProviderRow> {
  const { type: _type, ...values } = row;
  const [saved] = await db
    .insert(socialLoginProviders)
    .values(row)
    .onConflictDoUpdate({ target: socialLoginProviders.type, set: values })
    .returning();
  if (!saved) throw new Error('upsertSocialLoginProvider returned no row');
  return saved;
}

export async function deleteSocialLoginProvider(db: Db, type: string): Promise<boolean> {
  const rows = await db
    .delete(socialLoginProviders)
    .where(eq(socialLoginProviders.type, type))
    .returning({ type: socialLoginProviders.type });
  return rows.length === 1;
}
