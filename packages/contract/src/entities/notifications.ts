import { z } from 'zod';

// The portal header's notifications (issue 14, SPEC section 3 "Notification: notificationId, pinStatus"):
// the shapes of the official client's NotificationsApi (IMessage, IMessages). The server answers them
// and the bell in the portal's header reads them.

/** Where a notification stands for its reader; archived ones are no longer listed. */
export const notificationStatusSchema = z.enum(['unread', 'read', 'archived']);
export type NotificationStatus = z.infer<typeof notificationStatusSchema>;

/** IUpdateNotificationIsPinned's pinStatus: also the last segment of its path (PUT /notification/pin). */
export const pinStatusSchema = z.enum(['pin', 'unpin']);
export type PinStatus = z.infer<typeof pinStatusSchema>;

/**
 * The severities a notification carries (those of the audit event it reports), each with the colour the
 * bell's panel shows it in; GET /metadata?entityName=notifications answers the same list.
 */
export const notificationSeverities = [
  { name: 'Info', color: 'blue' },
  { name: 'Medium', color: 'yellow' },
  { name: 'High', color: 'orange' },
  { name: 'Critical', color: 'red' },
  { name: 'Error', color: 'red' },
] as const;

/** INotificationAction: a button of a notification. None are sent yet; the list is always there. */
export const notificationActionSchema = z.object({
  visualization: z.string(),
  id: z.string(),
  name: z.string(),
  url: z.string(),
  method: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** One notification (IMessage). `url` is a path of the portal to look at, `viewed` is status !== unread. */
export const notificationSchema = z.object({
  id: z.string(),
  key: z.string(),
  title: z.string(),
  body: z.string(),
  severity: z.string(),
  url: z.string(),
  viewed: z.boolean(),
  createdAt: z.string(),
  status: notificationStatusSchema,
  isPinned: z.boolean(),
  actions: z.array(notificationActionSchema),
});
export type Notification = z.infer<typeof notificationSchema>;

/**
 * One page of the caller's notifications (IMessages), pinned first then newest. `current` is how many
 * of `total` this page reaches (offset + its length): a reader loads more while current < total.
 */
export const notificationsPageSchema = z.object({
  data: z.array(notificationSchema),
  current: z.number().int(),
  total: z.number().int(),
  unreadCount: z.number().int(),
});
export type NotificationsPage = z.infer<typeof notificationsPageSchema>;

/** GET /metadata?entityName=notifications → rows[0].configuration (INotificationMetadata's fields). */
export const notificationsMetadataSchema = z.object({
  channels: z.array(z.string()),
  channelsConfig: z.array(z.string()),
  severities: z.array(z.object({ name: z.string(), color: z.string() })),
  theme: z.object({ id: z.string(), name: z.string(), styles: z.record(z.string(), z.unknown()) }),
});
export type NotificationsMetadata = z.infer<typeof notificationsMetadataSchema>;
