import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { emailDomainRestrictions, type RestrictionType } from '../../schema/index.js';

export type EmailDomainRestrictionRow = typeof emailDomainRestrictions.$inferSelect;

export async function listEmailDomainRestrictions(
  db: Db,
  tenantId: string,
): Promise<EmailDomainRestrictionRow[]> {
  return db
    .select()
    .from(emailDomainRestrictions)
    .where(eq(emailDomainRestrictions.tenantId, tenantId))
    .orderBy(asc(emailDomainRestrictions.domain), asc(emailDomainRestrictions.id))
    .limit(1000);
}

/** Adds the domain to the list; an entry already there is returned as it is. */
export async function insertEmailDomainRestriction(
  db: Db,
  entry: { tenantId: string; domain: string; type: RestrictionType; now: Date },
): Promise<EmailDomainRestrictionRow> {
  const [inserted] = await db
    .insert(emailDomainRestrictions)
    .values({ tenantId: entry.tenantId, domain: entry.domain, type: entry.type, createdAt: entry.now })
    .onConflictDoNothing()
    .returning();
  if (inserted) return inserted;
  const [existing] = await db
    .select()
    .from(emailDomainRestrictions)
    .where(
      and(
        eq(emailDomainRestrictions.tenantId, entry.tenantId),
        eq(emailDomainRestrictions.type, entry.type),
        eq(emailDomainRestrictions.domain, entry.domain),
      ),
    );
  if (!existing) throw new Error('insertEmailDomainRestriction found no row');
  return existing;
}

export async function deleteEmailDomainRestriction(
  db: Db,
  tenantId: string,
  id: string,
): Promise<EmailDomainRestrictionRow | undefined> {
  const [row] = await db
    .delete(emailDomainRestrictions)
    .where(and(eq(emailDomainRestrictions.tenantId, tenantId), eq(emailDomainRestrictions.id, id)))
    .returning();
  return row;
}

export async function countEmailDomainRestrictions(db: Db, tenantId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(emailDomainRestrictions)
    .where(eq(emailDomainRestrictions.tenantId, tenantId));
  return row?.total ?? 0;
}
