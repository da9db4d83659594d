import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { column, executeRows } from '../rows.js';
import { notifications, type NotificationStatus } from '../schema/index.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** Whose notifications a call reads or changes: one person in one tenant, never anyone else's. */
export interface NotificationOwner {
  userId: string;
  tenantId: string;
}

const ownedBy = (owner: NotificationOwner) =>
  and(eq(notifications.userId, owner.userId), eq(notifications.tenantId, owner.tenantId));

const listed = (owner: NotificationOwner) => and(ownedBy(owner), ne(notifications.status, 'archived'));

/** One page of the owner's notifications that are not archived: pinned first, then newest. */
export async function listNotifications(
  db: Db,
  owner: NotificationOwner,
  page: { offset: number; count: number },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(listed(owner))
    .orderBy(desc(notifications.isPinned), desc(notifications.createdAt), desc(notifications.id))
    .limit(page.count)
    .offset(page.offset);
}

/** How many notifications the owner's list holds, and how many of them are unread, in one read. */
export async function countNotifications(
  db: Db,
  owner: NotificationOwner,
): Promise<{ total: number; unread: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      unread: sql<number>`(count(*) filter (where ${notifications.status} = 'unread'))::int`,
    })
    .from(notifications)
    .where(listed(owner));
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

/** Changes one of the owner's notifications; undefined when the owner has none with that id. */
export async function updateNotification(
  db: Db,
  owner: NotificationOwner,
  notificationId: string,
  changes: { status?: NotificationStatus; isPinned?: boolean },
): Promise<NotificationRow | undefined> {
  const [row] = await db
    .update(notifications)
    .set(changes)
    .where(and(ownedBy(owner), eq(notifications.id, notificationId)))
    .returning();
  return row;
}

/** Every unread notification of the owner becomes read; answers how many did. */
export async function markAllNotificationsRead(db: Db, owner: NotificationOwner): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ status: 'read' })
    .where(and(ownedBy(owner), eq(notifications.status, 'unread')))
    .returning({ id: notifications.id });
  return rows.length;
}

export interface NewNotificationMessage {
  tenantId: string;
  key: string;
  title: string;
  body: string;
  severity: string;
  url: string;
  createdAt: Date;
}

/**
 * Gives each of `userIds` the message, except those who already have an unread notification of the same
 * key in the tenant created after `quietSince` (a burst of one event reaches each reader once), in one
 * statement. Answers the ids of the users who got it.
 */
export async function insertNotificationsForUsers(
  db: Db,
  userIds: readonly string[],
  message: NewNotificationMessage,
  quietSince: Date,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const recipients = sql.join(
    userIds.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );
  const rows = await executeRows(
    db,
    sql`INSERT INTO notifications (tenant_id, user_id, key, title, body, severity, url, created_at)
    SELECT ${message.tenantId}::uuid, r.user_id, ${message.key}, ${message.title}, ${message.body},
      ${message.severity}, ${message.url}, ${message.createdAt.toISOString()}::timestamptz
    FROM (VALUES ${recipients}) AS r(user_id)
    WHERE NOT EXISTS (
      SELECT 1 FROM notifications n
      WHERE n.user_id = r.user_id AND n.tenant_id = ${message.tenantId}::uuid AND n.key = ${message.key}
        AND n.status = 'unread' AND n.created_at > ${quietSince.toISOString()}::timestamptz)
    RETURNING user_id`,
  );
  return rows.map((row) => column.text(column.row(row), 'user_id'));
}

/**
 * Keeps each user's newest `keep` notifications (over all their tenants), pinned ones before the rest
 * and archived ones after; deletes the others. Only users above the limit are ranked. Answers how many
 * were deleted.
 */
export async function trimNotifications(db: Db, keep: number): Promise<number> {
  const rows = await executeRows(
    db,
    sql`WITH crowded AS (
      SELECT user_id FROM notifications GROUP BY user_id HAVING count(*) > ${keep}
    ), ranked AS (
      SELECT n.id, row_number() OVER (
        PARTITION BY n.user_id
        ORDER BY n.is_pinned DESC, (n.status = 'archived') ASC, n.created_at DESC, n.id DESC
      ) AS rank
      FROM notifications n JOIN crowded c ON c.user_id = n.user_id
    )
    DELETE FROM notifications WHERE id IN (SELECT id FROM ranked WHERE rank > ${keep})
    RETURNING id`,
  );
  return rows.length;
}
