import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { NotificationsPage } from '@brizo/contract/entities/notifications';
import { insertNotificationsForUsers } from '../../../src/db/queries/notifications.js';
import { notifications } from '../../../src/db/schema/index.js';
import type { DomainEvent } from '../../../src/services/domain-events.js';
import {
  createNotificationsSubscriber,
  QUIET_WINDOW_MS,
} from '../../../src/services/notifications/subscriber.js';
import {
  as,
  createTenantAdmins,
  signedIn,
  vendorRoleId,
  type Member,
  type TenantAdmins,
} from '../../admin-support.js';
import { createTenant } from '../../factories.js';
import { API, expectErrorShape, useTestServer } from '../../harness.js';

const server = useTestServer();
const NOTIFICATIONS = '/frontegg/notification';
const SESSIONS = `${API}/configurations/sessions/v1`;

const list = async (who: Member, query = '') => {
  const response = await as(server(), who)('GET', `${NOTIFICATIONS}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<NotificationsPage>();
};

/** A severe event of the tenant as the dispatcher hands it to its subscribers. */
const severeEvent = (tenantId: string, overrides: Partial<DomainEvent> = {}): DomainEvent => ({
  eventKey: 'security.sessionPolicyUpdated',
  eventId: randomUUID(),
  tenantId,
  occurredAt: server().clock.now(),
  action: 'Session policy updated',
  description: 'Idle timeout 10 minutes',
  severity: 'High',
  userId: null,
  email: 'someone@acme-foods.test',
  ip: '203.0.113.9',
  userAgent: 'test',
  data: {},
  ...overrides,
});

const subscriber = () => createNotificationsSubscriber({ clock: server().clock });
/** Hands the event to the subscriber a second after the previous one, so the list's order is known. */
const deliver = (event: DomainEvent) => {
  server().clock.advanceSeconds(1);
  return subscriber().handle(server().db, event);
};

/** Gives `who` one notification per key, a second apart, the last key newest. */
async function seed(team: TenantAdmins, who: Member, keys: string[]) {
  for (const key of keys) {
    server().clock.advanceSeconds(1);
    await insertNotificationsForUsers(
      server().db,
      [who.user.id],
      {
        tenantId: team.tenant.id,
        key,
        title: `Title ${key}`,
        body: `Body ${key}`,
        severity: 'High',
        url: '/admin-portal/audits',
        createdAt: server().clock.now(),
      },
      server().clock.now(),
    );
  }
  return (await list(who, '?count=100')).data;
}

describe('the notifications of a tenant’s severe events', () => {
  it('reach the administrators who may read the audit log, no one else, and link to it', async () => {
    const team = await createTenantAdmins(server());
    const other = await createTenantAdmins(server());
    await deliver(severeEvent(team.tenant.id));

    const [message, ...more] = (await list(team.admin)).data;
    expect(more).toEqual([]);
    expect(message).toMatchObject({
      key: 'security.sessionPolicyUpdated',
      title: 'Session policy updated',
      body: 'Idle timeout 10 minutes',
      severity: 'High',
      url: '/admin-portal/audits?search=Session%20policy%20updated',
      status: 'unread',
      viewed: false,
      isPinned: false,
      actions: [],
    });
    // The Read Only administrator holds fe.secure.read.audits: told too, with a notification of their own.
    const readOnlyPage = await list(team.readOnly);
    expect(readOnlyPage.unreadCount).toBe(1);
    expect(readOnlyPage.data[0]?.id).not.toBe(message?.id);
    expect((await list(team.member)).total).toBe(0);
    expect((await list(other.admin)).total).toBe(0);
  });

  it('are written for High and Critical events and a webhook’s final failure, not for the rest', async () => {
    const team = await createTenantAdmins(server());
    await deliver(severeEvent(team.tenant.id, { eventKey: 'auth.loginSucceeded', severity: 'Info' }));
    await deliver(severeEvent(team.tenant.id, { eventKey: 'auth.loginFailed', severity: 'Medium' }));
    expect((await list(team.admin)).total).toBe(0);

    await deliver(
      severeEvent(team.tenant.id, {
        eventKey: 'auth.refreshTokenReused',
        action: 'Refresh token reuse detected, session revoked',
        description: '',
        email: 'victim@acme-foods.test',
        severity: 'Critical',
      }),
    );
    await deliver(
      severeEvent(team.tenant.id, {
        eventKey: 'connectivity.webhookDeliveryFailed',
        action: 'Webhook delivery failed',
        severity: 'Medium',
      }),
    );
    const page = await list(team.admin);
    expect(page.data.map(({ key, body, url }) => ({ key, body, url }))).toEqual([
      {
        key: 'connectivity.webhookDeliveryFailed',
        body: 'Idle timeout 10 minutes',
        url: '/admin-portal/webhooks',
      },
      {
        key: 'auth.refreshTokenReused',
        // No description: the email the event names.
        body: 'victim@acme-foods.test',
        url: '/admin-portal/audits?search=Refresh%20token%20reuse%20detected%2C%20session%20revoked',
      },
    ]);
  });

  it('reach a member given the audit log through a group', async () => {
    const team = await createTenantAdmins(server());
    const admin = as(server(), team.admin);
    const group = await admin('POST', `${API}/groups/v1`, { name: 'Auditors', color: '#123456' });
    const groupId = group.json<{ id: string }>().id;
    const readOnlyRoleId = await vendorRoleId(server(), 'ReadOnly');
    expect(
      (await admin('POST', `${API}/groups/v1/${groupId}/roles`, { roleIds: [readOnlyRoleId] })).statusCode,
    ).toBeLessThan(300);
    expect(
      (await admin('POST', `${API}/groups/v1/${groupId}/users`, { userIds: [team.member.user.id] }))
        .statusCode,
    ).toBeLessThan(300);

    await deliver(severeEvent(team.tenant.id));
    expect((await list(team.member)).unreadCount).toBe(1);
  });

  it('hold back a second unread one of the same key for ten minutes, and not once it was read', async () => {
    const team = await createTenantAdmins(server());
    await deliver(severeEvent(team.tenant.id));
    await deliver(severeEvent(team.tenant.id));
    await deliver(severeEvent(team.tenant.id, { eventKey: 'security.ipRestrictionSaved' }));
    expect((await list(team.admin)).total).toBe(2);

    // Read: the next occurrence is news again.
    const [newest, older] = (await list(team.admin)).data;
    expect(newest?.key).toBe('security.ipRestrictionSaved');
    await as(server(), team.admin)('PUT', `${NOTIFICATIONS}/status`, {
      params: { notificationId: older?.id, status: 'read' },
    });
    await deliver(severeEvent(team.tenant.id));
    expect((await list(team.admin)).total).toBe(3);

    // Unread, but older than the window: a new one too.
    server().clock.advanceSeconds(QUIET_WINDOW_MS / 1000 + 1);
    await deliver(severeEvent(team.tenant.id, { eventKey: 'security.ipRestrictionSaved' }));
    // The access token expired with the clock's move: a fresh sign-in.
    const page = await list({
      ...team.admin,
      authorization: await signedIn(server(), team.admin.user.email),
    });
    expect(page.total).toBe(4);
    expect(page.unreadCount).toBe(3);
  });

  it('come from a real admin change once the event dispatcher has run, for the administrators only', async () => {
    const team = await createTenantAdmins(server());
    const other = await createTenantAdmins(server());
    const changed = await as(server(), team.admin)('POST', SESSIONS, {
      sessionIdleTimeoutConfiguration: { isActive: true, timeout: 600 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Written by the dispatcher's transaction, not by the change's.
    expect((await list(team.admin)).total).toBe(0);

    while ((await server().app.jobs.run('event-dispatch')) > 0);
    const [message, ...more] = (await list(team.admin)).data;
    expect(more).toEqual([]);
    expect(message).toMatchObject({
      key: 'security.sessionPolicyUpdated',
      title: 'Session policy updated',
      severity: 'High',
      status: 'unread',
    });
    expect((await list(team.readOnly)).unreadCount).toBe(1);
    expect((await list(team.member)).total).toBe(0);
    expect((await list(other.admin)).total).toBe(0);
  });
});

describe('the list (GET /notification)', () => {
  it('is empty for a new member, with the counts the SDK reads', async () => {
    const team = await createTenantAdmins(server());
    expect(await list(team.member)).toEqual({ data: [], current: 0, total: 0, unreadCount: 0 });
  });

  it('pages newest first with count and offset; current says how far the page reaches', async () => {
    const team = await createTenantAdmins(server());
    const keys = Array.from({ length: 25 }, (_, index) => `key.${String(index).padStart(2, '0')}`);
    await seed(team, team.admin, keys);

    const first = await list(team.admin, '?count=10&offset=0');
    expect(first.data.map((message) => message.key)).toEqual(keys.slice(15).reverse());
    expect(first).toMatchObject({ current: 10, total: 25, unreadCount: 25 });
    const last = await list(team.admin, '?count=10&offset=20');
    expect(last.data.map((message) => message.key)).toEqual(keys.slice(0, 5).reverse());
    expect(last.current).toBe(25);
    // Without paging parameters: the first 20.
    expect((await list(team.admin)).data).toHaveLength(20);
    // As the official client sends them: JSON in one `params` parameter.
    const sdk = await list(team.admin, `?params=${encodeURIComponent('{"count":3,"offset":1}')}`);
    expect(sdk.data.map((message) => message.key)).toEqual(keys.slice(21, 24).reverse());
    expect(sdk.current).toBe(4);
  });

  it('lists pinned ones first; unpinning puts one back in its place', async () => {
    const team = await createTenantAdmins(server());
    const [, middle] = await seed(team, team.admin, ['a', 'b', 'c']);
    const me = as(server(), team.admin);

    const pinned = await me('PUT', `${NOTIFICATIONS}/pin`, { notificationId: middle?.id });
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json()).toMatchObject({ id: middle?.id, isPinned: true });
    expect((await list(team.admin)).data.map((message) => message.key)).toEqual(['b', 'c', 'a']);

    expect((await me('PUT', `${NOTIFICATIONS}/unpin`, { notificationId: middle?.id })).statusCode).toBe(200);
    expect((await list(team.admin)).data.map((message) => message.key)).toEqual(['c', 'b', 'a']);
  });

  it('marks one read, unread again, or archived (then left out of the list and its counts)', async () => {
    const team = await createTenantAdmins(server());
    const [first, second] = await seed(team, team.admin, ['a', 'b']);
    const me = as(server(), team.admin);

    // As the SDK sends it: the change wrapped in `params`.
    const read = await me('PUT', `${NOTIFICATIONS}/status`, {
      params: { notificationId: first?.id, status: 'read' },
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: first?.id, status: 'read', viewed: true });
    expect((await list(team.admin)).unreadCount).toBe(1);

    // The bare object is accepted too.
    const unread = await me('PUT', `${NOTIFICATIONS}/status`, {
      notificationId: first?.id,
      status: 'unread',
    });
    expect(unread.json()).toMatchObject({ status: 'unread', viewed: false });
    expect((await list(team.admin)).unreadCount).toBe(2);

    await me('PUT', `${NOTIFICATIONS}/status`, {
      params: { notificationId: second?.id, status: 'archived' },
    });
    const page = await list(team.admin);
    expect(page.data.map((message) => message.id)).toEqual([first?.id]);
    expect(page).toMatchObject({ total: 1, unreadCount: 1 });
  });

  it('marks all of the caller’s notifications read, and no one else’s', async () => {
    const team = await createTenantAdmins(server());
    await seed(team, team.admin, ['a', 'b', 'c']);
    await seed(team, team.readOnly, ['a']);

    const marked = await as(server(), team.admin)('POST', `${NOTIFICATIONS}/status/mark-all-read`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toEqual({ updated: 3 });
    const page = await list(team.admin);
    expect(page).toMatchObject({ total: 3, unreadCount: 0 });
    expect(page.data.every((message) => message.viewed)).toBe(true);
    expect((await list(team.readOnly)).unreadCount).toBe(1);
  });
});

describe('isolation between people and tenants', () => {
  it('never shows nor changes another person’s notification: 404, as one that does not exist', async () => {
    const team = await createTenantAdmins(server());
    const other = await createTenantAdmins(server());
    const [mine] = await seed(team, team.admin, ['mine']);
    const id = mine?.id;

    for (const intruder of [team.readOnly, other.admin]) {
      const them = as(server(), intruder);
      expectErrorShape(
        await them('PUT', `${NOTIFICATIONS}/status`, { notificationId: id, status: 'archived' }),
        404,
      );
      const pin = expectErrorShape(await them('PUT', `${NOTIFICATIONS}/pin`, { notificationId: id }), 404);
      expect(pin.errorCode).toBe('ER-NOTIFICATIONS-NOT-FOUND');
      await them('POST', `${NOTIFICATIONS}/status/mark-all-read`);
      expect((await list(intruder)).data.map((message) => message.id)).not.toContain(id);
    }
    expect((await list(team.admin)).data).toEqual([
      expect.objectContaining({ id, status: 'unread', isPinned: false }),
    ]);
  });

  it('shows a person only the notifications of their active tenant', async () => {
    const team = await createTenantAdmins(server());
    const elsewhere = await createTenant(server().db);
    await insertNotificationsForUsers(
      server().db,
      [team.admin.user.id],
      {
        tenantId: elsewhere.id,
        key: 'elsewhere',
        title: 'Elsewhere',
        body: '',
        severity: 'High',
        url: '',
        createdAt: server().clock.now(),
      },
      server().clock.now(),
    );
    const [row] = await server()
      .db.select()
      .from(notifications)
      .where(eq(notifications.tenantId, elsewhere.id));
    expect((await list(team.admin)).total).toBe(0);
    expectErrorShape(
      await as(server(), team.admin)('PUT', `${NOTIFICATIONS}/pin`, { notificationId: row?.id }),
      404,
    );
  });

  it('asks for a signed-in person', async () => {
    expectErrorShape(await server().app.inject({ method: 'GET', url: NOTIFICATIONS }), 401);
    expectErrorShape(
      await server().app.inject({ method: 'POST', url: `${NOTIFICATIONS}/status/mark-all-read` }),
      401,
    );
  });
});

describe('malformed input', () => {
  it('answers 400 in the error shape, never 500', async () => {
    const team = await createTenantAdmins(server());
    const me = as(server(), team.admin);
    const id = randomUUID();
    const refused = [
      await me('GET', `${NOTIFICATIONS}?count=abc`),
      await me('GET', `${NOTIFICATIONS}?count=0`),
      await me('GET', `${NOTIFICATIONS}?count=1000`),
      await me('GET', `${NOTIFICATIONS}?offset=-1`),
      await me('GET', `${NOTIFICATIONS}?params=not-json`),
      await me('GET', `${NOTIFICATIONS}?params=${encodeURIComponent('{"count":0}')}`),
      await me('GET', `${NOTIFICATIONS}?params=${encodeURIComponent('[1]')}`),
      await me('GET', `${NOTIFICATIONS}?params=null`),
      await me('PUT', `${NOTIFICATIONS}/status`, { notificationId: id, status: 'deleted' }),
      await me('PUT', `${NOTIFICATIONS}/status`, { params: { notificationId: 'not-an-id', status: 'read' } }),
      await me('PUT', `${NOTIFICATIONS}/status`, { params: 'read' }),
      await me('PUT', `${NOTIFICATIONS}/status`, {}),
      await me('PUT', `${NOTIFICATIONS}/status`, [1, 2]),
      await me('PUT', `${NOTIFICATIONS}/pin`, {}),
      await me('PUT', `${NOTIFICATIONS}/unpin`, { notificationId: 42 }),
    ];
    for (const response of refused) expectErrorShape(response, 400);
    expect(refused[11]?.json<{ errors: string[] }>().errors[0]).toMatch(/notificationId and status/);
  });
});

describe('retention', () => {
  it('keeps each person’s newest 500, pinned ones first (the notifications-retention job)', async () => {
    const team = await createTenantAdmins(server());
    const start = server().clock.now().getTime();
    await server()
      .db.insert(notifications)
      .values(
        Array.from({ length: 505 }, (_, index) => ({
          tenantId: team.tenant.id,
          userId: team.admin.user.id,
          key: `bulk.${index}`,
          title: `Bulk ${index}`,
          createdAt: new Date(start + index * 1000),
        })),
      );
    const [oldest] = await server()
      .db.select()
      .from(notifications)
      .where(and(eq(notifications.userId, team.admin.user.id), eq(notifications.key, 'bulk.0')));
    await as(server(), team.admin)('PUT', `${NOTIFICATIONS}/pin`, { notificationId: oldest?.id });
    await seed(team, team.readOnly, ['kept']);

    expect(await server().app.jobs.run('notifications-retention')).toBe(5);
    expect((await list(team.admin)).total).toBe(500);
    const left = await server()
      .db.select()
      .from(notifications)
      .where(eq(notifications.userId, team.admin.user.id));
    const keys = new Set(left.map((row) => row.key));
    expect(keys.has('bulk.0')).toBe(true);
    expect([1, 2, 3, 4, 5].filter((index) => keys.has(`bulk.${index}`))).toEqual([]);
    expect((await list(team.readOnly)).total).toBe(1);
    expect(await server().app.jobs.run('notifications-retention')).toBe(0);
  });
});

describe('GET /metadata?entityName=notifications (the SDK’s getNotificationsMetadata)', () => {
  it('answers the bell channel and the severities with their colours', async () => {
    const response = await server().app.inject({
      method: 'GET',
      url: '/frontegg/metadata?entityName=notifications',
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = response.json<{
      rows: Array<{ entityName: string; configuration: Record<string, unknown> }>;
    }>().rows;
    expect(row?.entityName).toBe('notifications');
    expect(row?.configuration).toMatchObject({
      channels: ['bell'],
      severities: expect.arrayContaining([{ name: 'Critical', color: 'red' }]),
    });
  });
});
