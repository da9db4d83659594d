import {
  notificationSchema,
  notificationsPageSchema,
  type Notification,
  type NotificationStatus,
  type NotificationsPage,
} from '@brizo/contract/entities/notifications';
import { api } from '@frontegg/rest-api';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from './api-error';
import { callApi } from './call-api';
import { usePreviewMode } from './portal';
import { readAnswer } from './read-answer';

// The portal header's notifications (/notification): the signed-in person's own, in their active tenant,
// through the official client's NotificationsApi; every answer is read with the contract's schemas.
// In preview mode nothing reaches a server: the list is empty.

export type { Notification, NotificationStatus, NotificationsPage };

/** How many the panel shows at first, and how many more each "Show more" adds (the server's cap is 100). */
export const NOTIFICATIONS_PAGE = 20;
export const NOTIFICATIONS_MAX = 100;
/** How often the bell asks for news while the portal is open (and whenever the window regains focus). */
export const NOTIFICATIONS_POLL_MS = 60_000;

export const notificationsApi = {
  list: (count: number): Promise<NotificationsPage> =>
    callApi(
      () => api.notifications.getNotifications({ count, offset: 0 }),
      (answer) => readAnswer(notificationsPageSchema, answer, 'notifications'),
    ),
  setStatus: (notificationId: string, status: NotificationStatus): Promise<Notification> =>
    callApi(
      () => api.notifications.updateNotificationStatus({ notificationId, status }),
      (answer) => readAnswer(notificationSchema, answer, 'notification'),
    ),
  setPinned: (notificationId: string, pinned: boolean): Promise<Notification> =>
    callApi(
      () =>
        api.notifications.updateNotificationIsPinned({ notificationId, pinStatus: pinned ? 'pin' : 'unpin' }),
      (answer) => readAnswer(notificationSchema, answer, 'notification'),
    ),
  markAllRead: (): Promise<void> =>
    callApi(
      () => api.notifications.markAllAsRead(),
      () => undefined,
    ),
};

export type NotificationsApi = typeof notificationsApi;

const EMPTY: NotificationsPage = { data: [], current: 0, total: 0, unreadCount: 0 };
const refuse = async (): Promise<never> => {
  throw new Error('Notifications cannot be changed in preview mode');
};
const previewApi: NotificationsApi = {
  list: async () => EMPTY,
  setStatus: refuse,
  setPinned: refuse,
  markAllRead: refuse,
};

export interface NotificationsView {
  page: NotificationsPage;
  loaded: boolean;
  /** The last load's failure; a change's failure is the caller's to show. */
  error: string | null;
  /** Loads again now (the panel opening, a change made). */
  refresh: () => void;
  /** Whether "Show more" can add more (more exist, and the panel holds fewer than its cap). */
  canShowMore: boolean;
  showMore: () => void;
  setStatus: (notification: Notification, status: NotificationStatus) => Promise<void>;
  setPinned: (notification: Notification, pinned: boolean) => Promise<void>;
  markAllRead: () => Promise<void>;
}

/**
 * The signed-in person's notifications, asked for again every NOTIFICATIONS_POLL_MS while mounted and
 * whenever the window regains focus or the tab becomes visible. An answer that arrives after a newer
 * request's is dropped, so a slow poll never undoes a change just made.
 */
export function useNotifications(pollMs = NOTIFICATIONS_POLL_MS): NotificationsView {
  const client = usePreviewMode() ? previewApi : notificationsApi;
  const [page, setPage] = useState<NotificationsPage>(EMPTY);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [count, setCount] = useState(NOTIFICATIONS_PAGE);
  const latest = useRef(0);

  const refresh = useCallback(() => {
    const request = ++latest.current;
    client
      .list(count)
      .then((next) => {
        if (request !== latest.current) return;
        setPage(next);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (request === latest.current) setError(errorMessage(failure));
      })
      .finally(() => {
        if (request === latest.current) setLoaded(true);
      });
  }, [client, count]);

  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, pollMs);
    const onVisible = () => {
      if (document.visibilityState === 'visible') refresh();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh, pollMs]);

  const changed = useCallback(
    async (change: Promise<unknown>) => {
      try {
        await change;
      } finally {
        refresh();
      }
    },
    [refresh],
  );

  return {
    page,
    loaded,
    error,
    refresh,
    canShowMore: page.data.length < page.total && count < NOTIFICATIONS_MAX,
    showMore: () => setCount((shown) => Math.min(shown + NOTIFICATIONS_PAGE, NOTIFICATIONS_MAX)),
    setStatus: (notification, status) => changed(client.setStatus(notification.id, status)),
    setPinned: (notification, pinned) => changed(client.setPinned(notification.id, pinned)),
    markAllRead: () => changed(client.markAllRead()),
  };
}
