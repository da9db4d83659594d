import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Loader,
  Popover,
  ScrollArea,
  Text,
} from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../sdk/admin/api-error';
import {
  useNotifications,
  type Notification,
  type NotificationsView,
} from '../../../sdk/admin/notifications';
import { isAppPath, NotificationItem, type NotificationActions } from './notification-item';

function BellIcon() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Z" strokeLinejoin="round" />
      <path d="M10 20.5a2 2 0 0 0 4 0" strokeLinecap="round" />
    </svg>
  );
}

const badgeText = (unread: number) => (unread > 99 ? '99+' : String(unread));

/**
 * The portal header's bell (issue 14): the signed-in person's unread count on it, and a panel of their
 * notifications (pinned first, then newest) with their actions. It asks for news every minute while
 * the portal is open, when the window regains focus and when the panel opens.
 */
export function NotificationsBell({ pollMs }: { pollMs?: number }) {
  const view = useNotifications(pollMs);
  const [opened, setOpened] = useState(false);
  const headingId = useId();
  const unread = view.page.unreadCount;
  const toggle = () => {
    if (!opened) view.refresh();
    setOpened(!opened);
  };
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(400px, calc(100vw - 16px))"
      shadow="md"
      trapFocus
      returnFocus
    >
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          onClick={toggle}
          aria-label={`Notifications, ${unread} unread`}
          style={{ position: 'relative', overflow: 'visible' }}
        >
          <BellIcon />
          {unread > 0 ? (
            <Badge
              size="xs"
              color="red"
              variant="filled"
              aria-hidden="true"
              data-testid="notifications-badge"
              style={{ position: 'absolute', top: -2, right: -4, paddingInline: 4, pointerEvents: 'none' }}
            >
              {badgeText(unread)}
            </Badge>
          ) : null}
        </ActionIcon>
      </Popover.Target>
      {/* Named by the panel's heading, not by the bell (whose name carries the count). */}
      <Popover.Dropdown p={0} aria-labelledby={headingId}>
        <NotificationsPanel view={view} headingId={headingId} onLeave={() => setOpened(false)} />
      </Popover.Dropdown>
    </Popover>
  );
}

/** The panel's content: its heading with "Mark all as read", then the list or what stands instead. */
export function NotificationsPanel({
  view,
  headingId,
  onLeave,
}: {
  view: NotificationsView;
  headingId: string;
  onLeave: () => void;
}) {
  const navigate = useNavigate();
  const panel = useRef<HTMLDivElement>(null);
  // One change at a time; the buttons stay enabled (a disabled button drops the keyboard's focus).
  const busy = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const { page } = view;
  const allRead = page.unreadCount === 0;
  const now = new Date();

  const run = (change: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setFailure(null);
    change()
      .catch((error: unknown) => setFailure(errorMessage(error)))
      .finally(() => {
        busy.current = false;
      });
  };
  // An archived item leaves with its focused button: the focus comes back to the panel, where Escape works.
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) panel.current?.focus();
  }, [page]);
  const actions: NotificationActions = {
    open: (notification: Notification) => {
      if (!isAppPath(notification.url)) return;
      if (notification.status === 'unread') void view.setStatus(notification, 'read').catch(() => undefined);
      onLeave();
      void navigate(notification.url);
    },
    setRead: (notification, read) => run(() => view.setStatus(notification, read ? 'read' : 'unread')),
    setPinned: (notification, pinned) => run(() => view.setPinned(notification, pinned)),
    archive: (notification) => run(() => view.setStatus(notification, 'archived')),
  };

  return (
    <Box ref={panel} tabIndex={-1} style={{ outline: 'none' }}>
      <Group
        justify="space-between"
        px="md"
        py="sm"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Text fw={600} component="h2" size="md" m={0} id={headingId}>
          Notifications
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          // Focusable while there is nothing to mark, so the focus stays when the last one is marked.
          data-disabled={allRead || undefined}
          aria-disabled={allRead}
          onClick={() => {
            if (!allRead) run(view.markAllRead);
          }}
        >
          Mark all as read
        </Button>
      </Group>
      {failure ? (
        <Alert color="red" variant="light" role="alert" m="sm" p="xs">
          {failure}
        </Alert>
      ) : null}
      {view.error && view.loaded ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          m="sm"
          p="xs"
          title="Notifications could not be loaded"
        >
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm">{view.error}</Text>
            <Button size="compact-xs" variant="default" onClick={view.refresh}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : null}
      {!view.loaded ? (
        <Group justify="center" p="lg" role="status">
          <Loader size="sm" />
          <Text size="sm" c="dimmed">
            Loading notifications...
          </Text>
        </Group>
      ) : page.data.length === 0 && !view.error ? (
        <Text size="sm" c="dimmed" p="lg" ta="center">
          No notifications. Severe events of your account appear here.
        </Text>
      ) : (
        <ScrollArea.Autosize mah="min(480px, 70vh)" type="auto">
          <Box component="ul" aria-label="Notifications list" m={0} p={0} style={{ listStyle: 'none' }}>
            {page.data.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                now={now}
                actions={actions}
              />
            ))}
          </Box>
          {view.canShowMore ? (
            <Group justify="center" p="xs">
              <Button size="compact-sm" variant="default" onClick={view.showMore}>
                Show more
              </Button>
            </Group>
          ) : null}
        </ScrollArea.Autosize>
      )}
    </Box>
  );
}
