import { eq } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { captchaPolicy } from '../../schema/index.js';

export type CaptchaPolicyRow = typeof captchaPolicy.$inferSelect;
const POLICY_ID = 'default';

export async function findCaptchaPolicy(db: Db): Promise<CaptchaPolicyRow | undefined> {
  const [row] = await db.select().from(captchaPolicy).where(eq(captchaPolicy.id, POLICY_ID)).limit(1);
  return row;
}

export async function saveCaptchaPolicy(
  db: Db,
  policy: Omit<typeof captchaPolicy.$inferInsert, 'id'>,
): Promise<CaptchaPolicyRow> {
  const [row] = await db
    .insert(captchaPolicy)
    .values({ ...policy, id: POLICY_ID })
    .onConflictDoUpdate({ target: captchaPolicy.id, set: policy })
    .returning();
  if (!row) throw new Error('saveCaptchaPolicy returned no row');
  return row;
}
