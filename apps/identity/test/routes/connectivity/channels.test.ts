// Issue 14: the event catalogue as the client reads it, the email and SMS channels (per event, recipient
// lists, enabled or not) sent through the mail and SMS providers (here the dev outboxes), and the
// channels overview. Tenant isolation on every call.
import type {
  ChannelConfig,
  ChannelMap,
  ChannelsOverview,
  EventCategory,
} from '@brizo/contract/entities/connectivity';
import { beforeEach, describe, expect, it } from 'vitest';
import { listOutboxMessages } from '../../../src/db/queries/mail-outbox.js';
import { listOutboxSms } from '../../../src/db/queries/sms-outbox.js';
import { as, createGroup, createTenantAdmins, type TenantAdmins } from '../../admin-support.js';
import { expectErrorShape, uniqueEmail, useTestServer, type TestServer } from '../../harness.js';

const server = useTestServer();

const EVENTS = '/frontegg/event/resources/configurations/v1';
const EMAILS = '/frontegg/integrations/resources/configurations/v1/emails';
const SMS = '/frontegg/integrations/resources/configurations/v2/sms';

async function dispatch(s: TestServer): Promise<void> {
  while ((await s.app.jobs.run('event-dispatch')) > 0);
  await s.app.background.idle();
}

let phoneCount = 0;
const uniquePhone = () => `+1555${String(Date.now() % 100_000).padStart(5, '0')}${(phoneCount += 1) % 10}`;

// Several requests and jobs per test: more than the default time on a busy machine.
describe('the event catalogue (issue 14)', { timeout: 60_000 }, () => {
  let team: TenantAdmins;
  beforeEach(async () => {
    team = await createTenantAdmins(server());
  });

  it('lists the categories with their events, as the client reads them', async () => {
    const response = await as(server(), team.readOnly)('GET', `${EVENTS}/categories`);
    expect(response.statusCode).toBe(200);
    const categories = response.json<EventCategory[]>();
    expect(categories.map((category) => category.id)).toEqual(
      expect.arrayContaining([
        'users',
        'auth',
        'mfa',
        'security',
        'tenants',
        'roles',
        'groups',
        'apiTokens',
        'sso',
        'scim',
      ]),
    );
    const groups = categories.find((category) => category.id === 'groups');
    expect(groups?.events.find((event) => event.key === 'groups.groupCreated')).toMatchObject({
      displayName: 'Group created',
      category: 'Groups',
      categoryId: 'groups',
      severity: 'Info',
    });
  });

  it('answers channel maps for the channels asked, and the payload JSON Schema', async () => {
    const admin = as(server(), team.admin);
    const maps = (await admin('GET', `${EVENTS}?channels=webhook,slack`)).json<ChannelMap[]>();
    expect(maps.find((map) => map.key === 'auth.loginSucceeded')).toMatchObject({
      categoryId: 'auth',
      category: { id: 'auth', name: 'Authentication' },
    });
    expect((await admin('GET', `${EVENTS}?channels=${encodeURIComponent('["email"]')}`)).statusCode).toBe(
      200,
    );
    const schema = (await admin('GET', `${EVENTS}/payload-schema`)).json<{ properties: object }>();
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(['eventKey', 'eventId', 'data']));
  });
});

describe('email and SMS channels (issue 14)', { timeout: 60_000 }, () => {
  let team: TenantAdmins;
  let other: TenantAdmins;
  beforeEach(async () => {
    team = await createTenantAdmins(server());
    other = await createTenantAdmins(server());
  });

  it('configures an event’s email lists and sends each enabled recipient a mail when it happens', async () => {
    const s = server();
    const admin = as(s, team.admin);
    const [first, second, muted] = [uniqueEmail('ops'), uniqueEmail('sec'), uniqueEmail('muted')];
    const saved = await admin('POST', `${EMAILS}/groups.groupCreated`, {
      enabled: true,
      subscriptions: [
        { name: 'Ops', enabled: true, recipients: [first, second] },
        { name: 'Muted', enabled: false, recipients: [muted] },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const config = saved.json<ChannelConfig>();
    expect(config.subscriptions.every((subscription) => typeof subscription.id === 'string')).toBe(true);
    expect((await admin('GET', EMAILS)).json<ChannelConfig[]>()).toEqual([config]);

    await createGroup(s, team.admin, `Mailed group ${first}`);
    await dispatch(s);
    const [mail] = await listOutboxMessages(s.db, { to: first, limit: 5 });
    expect(mail?.subject).toContain('Group created');
    expect(mail?.text).toContain(team.admin.user.email);
    expect(await listOutboxMessages(s.db, { to: second, limit: 5 })).toHaveLength(1);
    expect(await listOutboxMessages(s.db, { to: muted, limit: 5 })).toHaveLength(0);

    // Turned off: nothing more is sent.
    const off = await admin('PATCH', `${EMAILS}/groups.groupCreated`, { enabled: false });
    expect(off.json<ChannelConfig>()).toMatchObject({ enabled: false });
    await createGroup(s, team.admin, `Unmailed group ${first}`);
    await dispatch(s);
    expect(await listOutboxMessages(s.db, { to: first, limit: 5 })).toHaveLength(1);
  });

  it('sends SMS to E.164 numbers and edits one recipient list at a time', async () => {
    const s = server();
    const admin = as(s, team.admin);
    const phone = uniquePhone();
    const spaced = `${phone.slice(0, 2)} ${phone.slice(2, 5)} ${phone.slice(5)}`;
    const saved = await admin('POST', `${SMS}/roles.roleCreated`, {
      enabled: true,
      subscriptions: [{ name: 'On call', enabled: true, recipients: [spaced] }],
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const [list] = saved.json<ChannelConfig>().subscriptions;
    expect(list?.recipients).toEqual([phone]);

    const role = await admin('POST', '/frontegg/identity/resources/roles/v1', {
      key: `sms-${phone.slice(-6)}`,
      name: 'Texted role',
    });
    expect(role.statusCode, role.body).toBe(201);
    await dispatch(s);
    const [text] = await listOutboxSms(s.db, { to: phone, limit: 5 });
    expect(text?.text).toContain('Role created');

    const replacement = uniquePhone();
    const put = await admin('PUT', `${SMS}/roles.roleCreated/subscriptions/${list?.id}`, {
      name: 'On call',
      enabled: true,
      recipients: [replacement],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json<ChannelConfig>().subscriptions).toEqual([
      { id: list?.id, name: 'On call', enabled: true, recipients: [replacement] },
    ]);
    const removed = await admin('DELETE', `${SMS}/roles.roleCreated/subscriptions/${list?.id}`);
    expect(removed.json<ChannelConfig>().subscriptions).toEqual([]);
    expect((await admin('DELETE', `${SMS}/roles.roleCreated`)).statusCode).toBe(200);
    expectErrorShape(await admin('GET', `${SMS}/roles.roleCreated`), 404);
  });

  it('validates recipients: emails, E.164 numbers, at most 20 per list; and known events only', async () => {
    const admin = as(server(), team.admin);
    const save = (path: string, recipients: string[]) =>
      admin('POST', path, { enabled: true, subscriptions: [{ name: 'List', enabled: true, recipients }] });
    expectErrorShape(await save(`${EMAILS}/groups.groupCreated`, ['not-an-email']), 400);
    expectErrorShape(await save(`${SMS}/groups.groupCreated`, ['555-0100']), 400);
    const many = Array.from({ length: 21 }, (_, index) => `r${index}@acme-foods.test`);
    expect(expectErrorShape(await save(`${EMAILS}/groups.groupCreated`, many), 400).errors[0]).toContain(
      'At most 20 recipients',
    );
    expect(expectErrorShape(await save(`${EMAILS}/no.suchEvent`, ['a@acme-foods.test']), 404).errorCode).toBe(
      'ER-CONNECTIVITY-EVENT-NOT-FOUND',
    );
    expectErrorShape(
      await admin('PUT', `${EMAILS}/groups.groupCreated/subscriptions/nothing`, {
        name: 'x',
        enabled: true,
        recipients: ['a@acme-foods.test'],
      }),
      404,
    );
  });

  it("keeps each tenant's configurations its own, and audits each change", async () => {
    const s = server();
    const address = uniqueEmail('tenant-a');
    const saved = await as(s, team.admin)('POST', `${EMAILS}/users.userInvited`, {
      enabled: true,
      subscriptions: [{ name: 'A', enabled: true, recipients: [address] }],
    });
    const [list] = saved.json<ChannelConfig>().subscriptions;
    const intruder = as(s, other.admin);
    expect((await intruder('GET', EMAILS)).json()).toEqual([]);
    expectErrorShape(await intruder('GET', `${EMAILS}/users.userInvited`), 404);
    expectErrorShape(await intruder('PATCH', `${EMAILS}/users.userInvited`, { enabled: false }), 404);
    expectErrorShape(await intruder('DELETE', `${EMAILS}/users.userInvited/subscriptions/${list?.id}`), 404);
    expectErrorShape(await intruder('DELETE', `${EMAILS}/users.userInvited`), 404);
    expectErrorShape(
      await as(s, team.readOnly)('PATCH', `${EMAILS}/users.userInvited`, { enabled: false }),
      403,
    );

    // The other tenant's events do not reach this tenant's recipients.
    await as(s, team.admin)('POST', `${EMAILS}/groups.groupCreated`, {
      enabled: true,
      subscriptions: [{ name: 'A', enabled: true, recipients: [address] }],
    });
    await createGroup(s, other.admin, `Other tenant ${address}`);
    await dispatch(s);
    expect(await listOutboxMessages(s.db, { to: address, limit: 5 })).toHaveLength(0);

    const actions = await s.db.query.auditLogs.findMany({
      where: (row, { eq }) => eq(row.tenantId, team.tenant.id),
    });
    expect(actions.map((row) => row.action)).toContain('Event notification channel saved');
  });

  it('summarises the channels: what is set up and how many events each carries', async () => {
    const s = server();
    const admin = as(s, team.admin);
    const empty = (await admin('GET', `${EVENTS}/channels`)).json<ChannelsOverview>();
    expect(empty).toEqual([
      { channel: 'webhook', configured: false, activeEvents: 0 },
      { channel: 'email', configured: false, activeEvents: 0 },
      { channel: 'sms', configured: false, activeEvents: 0 },
      { channel: 'slack', configured: false, activeEvents: 0 },
    ]);
    await admin('POST', `${EMAILS}/groups.groupCreated`, {
      enabled: true,
      subscriptions: [{ name: 'A', enabled: true, recipients: [uniqueEmail('overview')] }],
    });
    const created = await admin('POST', '/frontegg/webhook/custom', {
      displayName: 'Overview',
      url: 'https://hooks.example.com/overview',
      secret: 'overview-secret-0123456789',
      eventKeys: ['groups.groupCreated', 'roles.roleCreated'],
      isActive: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const overview = (await admin('GET', `${EVENTS}/channels`)).json<ChannelsOverview>();
    expect(overview).toEqual(
      expect.arrayContaining([
        { channel: 'webhook', configured: true, activeEvents: 2 },
        { channel: 'email', configured: true, activeEvents: 1 },
      ]),
    );
  });
});
