import { notificationSeverities } from '@brizo/contract/entities/notifications';
import { Badge, Box, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Notification } from '../../../sdk/admin/notifications';
import { relativeTime } from './relative-time';

/** The colour a severity is shown in (the same list GET /metadata?entityName=notifications answers). */
export const severityColour = (severity: string): string =>
  notificationSeverities.find((entry) => entry.name === severity)?.color ?? 'gray';

/** A path of this app the notification points at ("/admin-portal/audits?..."), never another site. */
export const isAppPath = (url: string): boolean => url.startsWith('/') && !url.startsWith('//');

export interface NotificationActions {
  open: (notification: Notification) => void;
  setRead: (notification: Notification, read: boolean) => void;
  setPinned: (notification: Notification, pinned: boolean) => void;
  archive: (notification: Notification) => void;
}

/**
 * One notification: its severity as a coloured edge and a badge (the colour is never the only sign),
 * its title (bold while unread), body and age, then its actions, each named after it for screen readers.
 */
export function NotificationItem({
  notification,
  now,
  actions,
}: {
  notification: Notification;
  now: Date;
  actions: NotificationActions;
}) {
  const { title, body, severity, isPinned, url } = notification;
  const unread = notification.status === 'unread';
  const createdAt = new Date(notification.createdAt);
  const colour = severityColour(severity);
  return (
    <Box
      component="li"
      px="md"
      py="sm"
      style={{
        borderLeft: `4px solid var(--mantine-color-${colour}-6)`,
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: unread ? 'var(--mantine-color-default-hover)' : undefined,
      }}
    >
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
          <Text size="sm" fw={unread ? 700 : 500} style={{ overflowWrap: 'anywhere' }}>
            {unread ? <VisuallyHidden>Unread: </VisuallyHidden> : null}
            {title}
          </Text>
          <Group gap={4} wrap="nowrap">
            {isPinned ? (
              <Badge size="xs" variant="outline" color="gray">
                Pinned
              </Badge>
            ) : null}
            <Badge size="xs" variant="light" color={colour}>
              {severity}
            </Badge>
          </Group>
        </Group>
        {body ? (
          <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
            {body}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed" title={createdAt.toLocaleString()}>
          <time dateTime={notification.createdAt}>{relativeTime(createdAt, now)}</time>
        </Text>
        <Group gap={4} wrap="wrap">
          {isAppPath(url) ? (
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => actions.open(notification)}
              aria-label={`Open: ${title}`}
            >
              Open
            </Button>
          ) : null}
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => actions.setRead(notification, unread)}
            aria-label={`${unread ? 'Mark as read' : 'Mark as unread'}: ${title}`}
          >
            {unread ? 'Mark as read' : 'Mark as unread'}
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => actions.setPinned(notification, !isPinned)}
            aria-label={`${isPinned ? 'Unpin' : 'Pin'}: ${title}`}
          >
            {isPinned ? 'Unpin' : 'Pin'}
          </Button>
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            onClick={() => actions.archive(notification)}
            aria-label={`Archive: ${title}`}
          >
            Archive
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
