import { eq } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { profileImages } from '../../schema/index.js';

export type ProfileImageRow = typeof profileImages.$inferSelect;

/** Replaces the user's picture; the new row's id makes a new address. */
export async function replaceProfileImage(
  db: Db,
  image: { userId: string; contentType: string; data: string; now: Date },
): Promise<ProfileImageRow> {
  await db.delete(profileImages).where(eq(profileImages.userId, image.userId));
  const [row] = await db
    .insert(profileImages)
    .values({ userId: image.userId, contentType: image.contentType, data: image.data, createdAt: image.now })
    .returning();
  if (!row) throw new Error('replaceProfileImage returned no row');
  return row;
}

export async function findProfileImage(db: Db, id: string): Promise<ProfileImageRow | undefined> {
  const [row] = await db.select().from(profileImages).where(eq(profileImages.id, id)).limit(1);
  return row;
}
