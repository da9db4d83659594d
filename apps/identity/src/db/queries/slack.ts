import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { slackInstallations, slackSubscriptions, type SlackEventSubscription } from '../schema/index.js';

// A tenant's Slack workspace (slack_installations) and its event subscriptions (slack_subscriptions):
// one module, as they are only ever read together.

export type SlackInstallationRow = typeof slackInstallations.$inferSelect;
export type SlackSubscriptionRow = typeof slackSubscriptions.$inferSelect;

export async function findSlackInstallation(
  db: Db,
  tenantId: string,
): Promise<SlackInstallationRow | undefined> {
  const [row] = await db
    .select()
    .from(slackInstallations)
    .where(eq(slackInstallations.tenantId, tenantId))
    .limit(1);
  return row;
}

/** A new workspace, or a reinstall: one per tenant. */
export async function saveSlackInstallation(
  db: Db,
  installation: {
    tenantId: string;
    teamId: string;
    teamName: string;
    accessTokenSealed: string;
    createdAt: Date;
  },
): Promise<void> {
  await db
    .insert(slackInstallations)
    .values(installation)
    .onConflictDoUpdate({
      target: slackInstallations.tenantId,
      set: {
        teamId: installation.teamId,
        teamName: installation.teamName,
        accessTokenSealed: installation.accessTokenSealed,
        createdAt: installation.createdAt,
      },
    });
}

export async function deleteSlackInstallation(db: Db, tenantId: string): Promise<boolean> {
  const rows = await db
    .delete(slackInstallations)
    .where(eq(slackInstallations.tenantId, tenantId))
    .returning({ tenantId: slackInstallations.tenantId });
  return rows.length > 0;
}

export async function listSlackSubscriptions(db: Db, tenantId: string): Promise<SlackSubscriptionRow[]> {
  return db
    .select()
    .from(slackSubscriptions)
    .where(eq(slackSubscriptions.tenantId, tenantId))
    .orderBy(asc(slackSubscriptions.createdAt));
}

export async function findSlackSubscriptionOfTenant(
  db: Db,
  tenantId: string,
  id: string,
): Promise<SlackSubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(slackSubscriptions)
    .where(and(eq(slackSubscriptions.tenantId, tenantId), eq(slackSubscriptions.id, id)))
    .limit(1);
  return row;
}

export async function insertSlackSubscription(
  db: Db,
  subscription: { tenantId: string; isActive: boolean; slackEvents: SlackEventSubscription[]; now: Date },
): Promise<SlackSubscriptionRow> {
  const [row] = await db
    .insert(slackSubscriptions)
    .values({
      tenantId: subscription.tenantId,
      isActive: subscription.isActive,
      slackEvents: subscription.slackEvents,
      createdAt: subscription.now,
      updatedAt: subscription.now,
    })
    .returning();
  if (!row) throw new Error('insertSlackSubscription returned no row');
  return row;
}

export async function updateSlackSubscription(
  db: Db,
  tenantId: string,
  id: string,
  changes: { isActive: boolean; slackEvents: SlackEventSubscription[]; updatedAt: Date },
): Promise<SlackSubscriptionRow | undefined> {
  const [row] = await db
    .update(slackSubscriptions)
    .set(changes)
    .where(and(eq(slackSubscriptions.tenantId, tenantId), eq(slackSubscriptions.id, id)))
    .returning();
  return row;
}

export async function deleteSlackSubscription(db: Db, tenantId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(slackSubscriptions)
    .where(and(eq(slackSubscriptions.tenantId, tenantId), eq(slackSubscriptions.id, id)))
    .returning({ id: slackSubscriptions.id });
  return rows.length > 0;
}

/** The active subscriptions of the tenant that post this event key somewhere. */
/** Of these tenants, those with at least one active Slack subscription. */
export async function findTenantsWithSlackSubscriptions(
  db: Db,
  tenantIds: readonly string[],
): Promise<Set<string>> {
  if (tenantIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ tenantId: slackSubscriptions.tenantId })
    .from(slackSubscriptions)
    .where(and(inArray(slackSubscriptions.tenantId, [...tenantIds]), eq(slackSubscriptions.isActive, true)));
  return new Set(rows.map((row) => row.tenantId));
}

export async function findSlackSubscriptionsForEvent(
  db: Db,
  tenantId: string,
  eventKey: string,
): Promise<SlackSubscriptionRow[]> {
  return db
    .select()
    .from(slackSubscriptions)
    .where(
      and(
        eq(slackSubscriptions.tenantId, tenantId),
        eq(slackSubscriptions.isActive, true),
        sql`${slackSubscriptions.slackEvents} @> ${JSON.stringify([{ eventKey }])}::jsonb`,
      ),
    );
}
