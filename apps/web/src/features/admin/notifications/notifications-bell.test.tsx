import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '../../../sdk/admin/notifications';
import { fakeApi, status, type ReceivedRequest } from '../../../testing/fake-api';
import { theme } from '../../../app/theme';
import { NotificationsBell } from './notifications-bell';

vi.mock('../../../sdk/admin/portal', () => ({ usePreviewMode: () => false }));

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const message = (id: string, overrides: Partial<Notification> = {}): Notification => ({
  id,
  key: `security.${id}`,
  title: `Title ${id}`,
  body: `Body ${id}`,
  severity: 'High',
  url: `/admin-portal/audits?search=${id}`,
  viewed: false,
  createdAt: minutesAgo(5),
  status: 'unread',
  isPinned: false,
  actions: [],
  ...overrides,
});

/** A fake server holding the notifications, answering the list as the identity server does. */
function server(initial: Notification[]) {
  let notifications = initial;
  const find = (id: unknown) => notifications.find((entry) => entry.id === id);
  const change = (id: unknown, changes: Partial<Notification>) => {
    const found = find(id);
    if (!found)
      return status(404, { errors: ['Notification not found'], errorCode: 'ER-NOTIFICATIONS-NOT-FOUND' });
    Object.assign(found, changes, changes.status ? { viewed: changes.status !== 'unread' } : {});
    return found;
  };
  const body = (request: ReceivedRequest) => request.body as Record<string, unknown>;
  const api = fakeApi({
    'GET /notification': (request) => {
      const listed = notifications
        .filter((entry) => entry.status !== 'archived')
        .sort((a, b) => Number(b.isPinned) - Number(a.isPinned) || b.createdAt.localeCompare(a.createdAt));
      // The official client sends the paging as JSON in one parameter.
      const { count } = JSON.parse(request.query.get('params') ?? '{}') as { count: number };
      return {
        data: listed.slice(0, count),
        current: Math.min(count, listed.length),
        total: listed.length,
        unreadCount: listed.filter((entry) => entry.status === 'unread').length,
      };
    },
    'PUT /notification/status': (request) => {
      const { params } = body(request) as {
        params: { notificationId: string; status: Notification['status'] };
      };
      return change(params.notificationId, { status: params.status });
    },
    'PUT /notification/pin': (request) => change(body(request).notificationId, { isPinned: true }),
    'PUT /notification/unpin': (request) => change(body(request).notificationId, { isPinned: false }),
    'POST /notification/status/mark-all-read': () => {
      const unread = notifications.filter((entry) => entry.status === 'unread');
      for (const entry of unread) change(entry.id, { status: 'read' });
      return { updated: unread.length };
    },
  });
  return { ...api, add: (more: Notification) => (notifications = [...notifications, more]) };
}

function Location() {
  const { pathname, search } = useLocation();
  return <p data-testid="location">{`${pathname}${search}`}</p>;
}

function renderBell() {
  // env="test": the panel renders in place, without the portal and transition jsdom cannot run.
  render(
    <MantineProvider theme={theme} env="test">
      <MemoryRouter initialEntries={['/admin-portal/users']}>
        <NotificationsBell />
        <Location />
      </MemoryRouter>
    </MantineProvider>,
  );
  return userEvent.setup();
}

const bell = (unread: number) => screen.findByRole('button', { name: `Notifications, ${unread} unread` });
/** An item's title, without the "Unread:" that only screen readers hear. */
const titleOf = (item: HTMLElement) => within(item).getByText(/Title/).textContent?.replace('Unread: ', '');
const itemOf = (title: string) => {
  const item = screen.getByText(title).closest('li');
  if (!item) throw new Error(`no item ${title}`);
  return within(item);
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the notifications bell', { timeout: 30_000 }, () => {
  it('shows the unread count on the bell and lists the notifications, pinned first, with their age and severity', async () => {
    server([
      message('a', { createdAt: minutesAgo(3) }),
      message('b', { createdAt: minutesAgo(150), severity: 'Critical', isPinned: true }),
      message('c', { createdAt: minutesAgo(1), status: 'read', viewed: true, severity: 'Info' }),
    ]);
    const user = renderBell();
    await user.click(await bell(2));
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('2');

    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const items = within(within(dialog).getByRole('list', { name: 'Notifications list' })).getAllByRole(
      'listitem',
    );
    expect(items.map(titleOf)).toEqual(['Title b', 'Title c', 'Title a']);
    expect(items[0]).toHaveTextContent('Pinned');
    expect(items[0]).toHaveTextContent('Critical');
    expect(items[0]).toHaveTextContent('2 hours ago');
    expect(items[0]).toHaveTextContent('Body b');
    expect(items[2]).toHaveTextContent('3 minutes ago');
    expect(items[2]).toHaveTextContent('Unread:');
    expect(items[1]).not.toHaveTextContent('Unread:');
  });

  it('marks one read and unread again, as the SDK sends it', async () => {
    const api = server([message('a'), message('b')]);
    const user = renderBell();
    await user.click(await bell(2));
    await user.click(await screen.findByRole('button', { name: 'Mark as read: Title a' }));
    await bell(1);
    expect(api.sent('PUT /notification/status')[0]?.body).toEqual({
      params: { notificationId: 'a', status: 'read' },
    });

    await user.click(await screen.findByRole('button', { name: 'Mark as unread: Title a' }));
    await bell(2);
  });

  it('pins and unpins one, which moves it to the top and back', async () => {
    const api = server([
      message('old', { createdAt: minutesAgo(30) }),
      message('new', { createdAt: minutesAgo(1) }),
    ]);
    const user = renderBell();
    await user.click(await bell(2));
    await user.click(await screen.findByRole('button', { name: 'Pin: Title old' }));
    await waitFor(() => expect(itemOf('Title old').getByText('Pinned')).toBeInTheDocument());
    expect(api.sent('PUT /notification/pin')[0]?.body).toEqual({ notificationId: 'old' });
    const titles = () => screen.getAllByRole('listitem').map(titleOf);
    expect(titles()).toEqual(['Title old', 'Title new']);

    await user.click(screen.getByRole('button', { name: 'Unpin: Title old' }));
    await waitFor(() => expect(titles()).toEqual(['Title new', 'Title old']));
    expect(api.sent('PUT /notification/unpin')[0]?.body).toEqual({ notificationId: 'old' });
  });

  it('archives one: it leaves the list', async () => {
    server([message('a'), message('b')]);
    const user = renderBell();
    await user.click(await bell(2));
    await user.click(await screen.findByRole('button', { name: 'Archive: Title a' }));
    await waitFor(() => expect(screen.queryByText('Title a')).not.toBeInTheDocument());
    await bell(1);
    // Its button left with it: the focus stays in the panel.
    const dialog = screen.getByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  });

  it('marks all as read', async () => {
    const api = server([message('a'), message('b')]);
    const user = renderBell();
    await user.click(await bell(2));
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await bell(0);
    expect(api.sent('POST /notification/status/mark-all-read')).toHaveLength(1);
    expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument();
    // Disabled for assistive technology, yet still holding the focus: Escape still closes the panel.
    const markAll = screen.getByRole('button', { name: 'Mark all as read' });
    expect(markAll).toHaveAttribute('aria-disabled', 'true');
    expect(markAll).toHaveFocus();
    await user.click(markAll);
    expect(api.sent('POST /notification/status/mark-all-read')).toHaveLength(1);
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument(),
    );
  });

  it('opens a notification’s page, marking it read and closing the panel', async () => {
    const api = server([message('a')]);
    const user = renderBell();
    await user.click(await bell(1));
    await user.click(await screen.findByRole('button', { name: 'Open: Title a' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin-portal/audits?search=a');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(api.sent('PUT /notification/status')).toHaveLength(1));
    await bell(0);
  });

  it('is used with the keyboard: Enter opens the panel, Escape closes it and returns to the bell', async () => {
    server([message('a')]);
    const user = renderBell();
    await bell(1);
    await user.tab();
    expect(await bell(1)).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument(),
    );
    await waitFor(async () => expect(await bell(1)).toHaveFocus());
  });

  it('says when there is nothing, and when the list could not be loaded', async () => {
    const api = server([]);
    const user = renderBell();
    await user.click(await bell(0));
    expect(await screen.findByText(/No notifications/)).toBeInTheDocument();

    api.on({ 'GET /notification': status(500, { errors: ['Server unavailable'], errorCode: 'ER-TEST' }) });
    await user.click(await bell(0));
    await user.click(await bell(0));
    expect(await screen.findByText('Notifications could not be loaded')).toBeInTheDocument();
  });

  it('asks for news every minute and when the window regains focus', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const api = server([]);
    renderBell();
    await bell(0);
    const asked = () => api.sent('GET /notification').length;
    expect(asked()).toBe(1);

    api.add(message('a'));
    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    await bell(1);
    expect(asked()).toBe(2);

    api.add(message('b'));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await bell(2);
    expect(asked()).toBe(3);
  });
});
