import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.js';
import { channelConfigs, type ChannelSubscription, type NotifyChannel } from '../schema/index.js';

export type ChannelConfigRow = typeof channelConfigs.$inferSelect;

const ofTenant = (tenantId: string, channel: NotifyChannel) =>
  and(eq(channelConfigs.tenantId, tenantId), eq(channelConfigs.channel, channel));

export async function listChannelConfigs(
  db: Db,
  tenantId: string,
  channel: NotifyChannel,
): Promise<ChannelConfigRow[]> {
  return db
    .select()
    .from(channelConfigs)
    .where(ofTenant(tenantId, channel))
    .orderBy(asc(channelConfigs.eventKey));
}

export async function findChannelConfig(
  db: Db,
  tenantId: string,
  channel: NotifyChannel,
  eventKey: string,
): Promise<ChannelConfigRow | undefined> {
  const [row] = await db
    .select()
    .from(channelConfigs)
    .where(and(ofTenant(tenantId, channel), eq(channelConfigs.eventKey, eventKey)))
    .limit(1);
  return row;
}

/** Creates or replaces one event's configuration of a channel. */
export async function saveChannelConfig(
  db: Db,
  config: {
    tenantId: string;
    channel: NotifyChannel;
    eventKey: string;
    enabled: boolean;
    subscriptions: ChannelSubscription[];
    updatedAt: Date;
  },
): Promise<ChannelConfigRow> {
  const [row] = await db
    .insert(channelConfigs)
    .values(config)
    .onConflictDoUpdate({
      target: [channelConfigs.tenantId, channelConfigs.channel, channelConfigs.eventKey],
      set: { enabled: config.enabled, subscriptions: config.subscriptions, updatedAt: config.updatedAt },
    })
    .returning();
  if (!row) throw new Error('saveChannelConfig returned no row');
  return row;
}

export async function deleteChannelConfig(
  db: Db,
  tenantId: string,
  channel: NotifyChannel,
  eventKey: string,
): Promise<void> {
  await db
    .delete(channelConfigs)
    .where(and(ofTenant(tenantId, channel), eq(channelConfigs.eventKey, eventKey)));
}

/** The enabled email and SMS configurations of one event (the dispatcher's read). */
/** Of these tenants, those with at least one enabled email or SMS configuration. */
export async function findTenantsWithEnabledChannels(
  db: Db,
  tenantIds: readonly string[],
): Promise<Set<string>> {
  if (tenantIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ tenantId: channelConfigs.tenantId })
    .from(channelConfigs)
    .where(and(inArray(channelConfigs.tenantId, [...tenantIds]), eq(channelConfigs.enabled, true)));
  return new Set(rows.map((row) => row.tenantId));
}

export async function findEnabledChannelConfigsForEvent(
  db: Db,
  tenantId: string,
  eventKey: string,
): Promise<ChannelConfigRow[]> {
  return db
    .select()
    .from(channelConfigs)
    .where(
      and(
        eq(channelConfigs.tenantId, tenantId),
        eq(channelConfigs.eventKey, eventKey),
        eq(channelConfigs.enabled, true),
      ),
    );
}
