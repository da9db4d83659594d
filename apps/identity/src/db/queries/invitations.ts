import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { invitations, memberships, roles } from '../schema/index.js';

export type InvitationRow = typeof invitations.$inferSelect;

export async function insertInvitation(db: Db, invitation: typeof invitations.$inferInsert): Promise<void> {
  // Only the newest invitation of a user into a tenant works.
  await db
    .update(invitations)
    .set({ expiresAt: invitation.createdAt ?? sql`now()` })
    .where(
      and(
        eq(invitations.userId, invitation.userId),
        eq(invitations.tenantId, invitation.tenantId),
        isNull(invitations.acceptedAt),
      ),
    );
  await db.insert(invitations).values(invitation);
}

/** Counts one try against the open invitation of this token and user, and returns it if usable. */
export async function takeInvitationAttempt(
  db: Db,
  query: { userId: string; tokenHash: string; now: Date; maxAttempts: number },
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .update(invitations)
    .set({ attempts: sql`${invitations.attempts} + 1` })
    .where(
      and(
        eq(invitations.tokenHash, query.tokenHash),
        eq(invitations.userId, query.userId),
        isNull(invitations.acceptedAt),
        gt(invitations.expiresAt, query.now),
        lt(invitations.attempts, query.maxAttempts),
      ),
    )
    .returning();
  return row;
}

export async function markInvitationAccepted(db: Db, invitationId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ acceptedAt: now })
    .where(and(eq(invitations.id, invitationId), isNull(invitations.acceptedAt)))
    .returning({ id: invitations.id });
  return rows.length === 1;
}

export async function isMemberOf(db: Db, userId: string, tenantId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.tenantId, tenantId)))
    .limit(1);
  return !!row;
}

/** The role ids among `ids` that a tenant may hand out: vendor-wide roles and its own. */
export async function findAssignableRoleIds(db: Db, tenantId: string, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, ids), or(isNull(roles.tenantId), eq(roles.tenantId, tenantId))));
  return rows.map((row) => row.id);
}

/**
 * The newest not yet accepted invitation of a user, per tenant (expired ones too: a reset revives
 * them), in `tenantIds` or, without it, in every tenant.
 */
export async function findOpenInvitations(
  db: Db,
  userId: string,
  tenantIds?: string[],
): Promise<InvitationRow[]> {
  const rows = await db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.userId, userId),
        isNull(invitations.acceptedAt),
        tenantIds ? inArray(invitations.tenantId, tenantIds) : undefined,
      ),
    )
    .orderBy(sql`${invitations.createdAt} desc`);
  const newest = new Map<string, InvitationRow>();
  for (const row of rows) if (!newest.has(row.tenantId)) newest.set(row.tenantId, row);
  return [...newest.values()];
}
