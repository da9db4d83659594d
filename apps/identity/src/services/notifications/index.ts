import {
  notificationSeverities,
  type Notification,
  type NotificationsPage,
} from '@brizo/contract/entities/notifications';
import {
  countNotifications,
  listNotifications,
  markAllNotificationsRead,
  trimNotifications,
  updateNotification,
  type NotificationOwner,
  type NotificationRow,
} from '../../db/queries/notifications.js';
import type { NotificationStatus } from '../../db/schema/index.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { ServiceDeps } from '../operations-deps.js';
import { createNotificationsSubscriber } from './subscriber.js';

/** The newest notifications each user keeps; the daily retention job deletes the older ones. */
export const NOTIFICATIONS_KEPT = 500;
const DAY_MS = 24 * 60 * 60 * 1000;

/** GET /metadata?entityName=notifications: rows[0].configuration, INotificationMetadata's fields. */
export const notificationsMetadata = () => ({
  channels: ['bell'],
  channelsConfig: ['bell'],
  severities: notificationSeverities.map((severity) => ({ ...severity })),
  theme: { id: 'default', name: 'default', styles: {} },
});

const messageOf = (row: NotificationRow): Notification => ({
  id: row.id,
  key: row.key,
  title: row.title,
  body: row.body,
  severity: row.severity,
  url: row.url,
  viewed: row.status !== 'unread',
  createdAt: row.createdAt.toISOString(),
  status: row.status,
  isPinned: row.isPinned,
  actions: [],
});

/**
 * The portal header's notifications (issue 14): each signed-in member reads and changes only their own,
 * in their active tenant (`owner` comes from the access token, never from the request). They are written
 * by the domain events' subscriber (./subscriber.ts) and trimmed daily.
 */
export function createNotificationsService(deps: ServiceDeps) {
  const { db } = deps;
  deps.events.subscribe(createNotificationsSubscriber({ clock: deps.clock }));
  deps.jobs.register({
    name: 'notifications-retention',
    intervalMs: DAY_MS,
    run: () => trimNotifications(db, NOTIFICATIONS_KEPT),
  });

  const changeOne = async (
    owner: NotificationOwner,
    notificationId: string,
    changes: { status?: NotificationStatus; isPinned?: boolean },
  ): Promise<Notification> => {
    const row = await updateNotification(db, owner, notificationId, changes);
    // Someone else's notification answers exactly as one that does not exist.
    if (!row) throw appError(errorCatalogue.notifications.notFound);
    return messageOf(row);
  };

  return {
    async list(
      owner: NotificationOwner,
      page: { offset: number; count: number },
    ): Promise<NotificationsPage> {
      const [rows, counts] = await Promise.all([
        listNotifications(db, owner, page),
        countNotifications(db, owner),
      ]);
      return {
        data: rows.map(messageOf),
        current: page.offset + rows.length,
        total: counts.total,
        unreadCount: counts.unread,
      };
    },
    setStatus: (owner: NotificationOwner, notificationId: string, status: NotificationStatus) =>
      changeOne(owner, notificationId, { status }),
    setPinned: (owner: NotificationOwner, notificationId: string, isPinned: boolean) =>
      changeOne(owner, notificationId, { isPinned }),
    markAllRead: (owner: NotificationOwner) => markAllNotificationsRead(db, owner),
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
