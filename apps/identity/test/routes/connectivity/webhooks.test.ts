// Issue 14: webhooks. Configurations through the API, deliveries from the durable queue to a receiver in
// this process that verifies each signature, retries with backoff on the test clock up to a recorded
// final failure, disabled webhooks, the test and retry calls, SSRF refusals and tenant isolation.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import {
  eventPayloadSchema,
  type Webhook,
  type WebhookCreated,
  type WebhookLogs,
} from '@brizo/contract/entities/connectivity';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listDeliveriesOfWebhook } from '../../../src/db/queries/webhook-deliveries.js';
import { auditLogs } from '../../../src/db/schema/index.js';
import {
  as,
  createGroup,
  createTenantAdmins,
  signedIn,
  type Member,
  type TenantAdmins,
} from '../../admin-support.js';
import { expectErrorShape, useTestServer, type TestServer } from '../../harness.js';
import { answerWith, startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.js';

const env: NodeJS.ProcessEnv = { WEBHOOK_TIMEOUT_MS: '2000', WEBHOOK_MAX_ATTEMPTS: '3' };
let receiver: WebhookReceiver;
/** An "internal" service a redirect points at: it must never be reached. */
const internal = createServer((_request, response) => response.end('internal'));
let internalHits = 0;
internal.on('request', () => {
  internalHits += 1;
});
let internalOrigin = '';
beforeAll(async () => {
  receiver = await startWebhookReceiver(() => server().clock.now());
  await new Promise<void>((resolve) => internal.listen(0, '127.0.0.1', resolve));
  internalOrigin = `http://127.0.0.1:${(internal.address() as AddressInfo).port}`;
  // Only the receiver is allowed; the internal service and every other local address are not.
  env.OUTBOUND_ALLOW_HOSTS = receiver.host;
});
afterAll(async () => {
  await receiver.close();
  internal.closeAllConnections();
  await new Promise<void>((resolve) => internal.close(() => resolve()));
});
const server = useTestServer({ env });

const SECRET = 'whsec-test-secret-0123456789abcdef';
let pathCount = 0;
const newPath = (name: string) => `/${name}-${(pathCount += 1)}`;

/** The dispatcher, then the delivery worker, until neither has work: what the jobs' timers would do. */
async function deliverAll(s: TestServer): Promise<void> {
  for (let pass = 0; pass < 20; pass += 1) {
    const handled = (await s.app.jobs.run('event-dispatch')) + (await s.app.jobs.run('webhook-delivery'));
    if (handled === 0) break;
  }
  await s.app.background.idle();
}

async function createWebhook(
  s: TestServer,
  who: TenantAdmins['admin'],
  fields: { path: string; eventKeys: string[]; isActive?: boolean; secret?: string | null },
): Promise<WebhookCreated> {
  const secret = fields.secret === undefined ? SECRET : fields.secret;
  const response = await as(s, who)('POST', '/frontegg/webhook/custom', {
    displayName: `Hook ${fields.path}`,
    description: 'test receiver',
    url: `${receiver.origin}${fields.path}`,
    ...(secret !== null && { secret }),
    eventKeys: fields.eventKeys,
    isActive: fields.isActive ?? true,
  });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json<WebhookCreated>();
  receiver.expectSecret(fields.path, secret ?? created.generatedSecret ?? '');
  return created;
}

/** The clock moved past the access token's lifetime: the same person signs in again. */
const signedInAgain = async (s: TestServer, who: Member): Promise<Member> => ({
  ...who,
  authorization: await signedIn(s, who.user.email),
});

const logsOf = async (s: TestServer, who: TenantAdmins['admin'], id: string, query = '') =>
  (await as(s, who)('GET', `/frontegg/webhook/logs/?id=${id}${query}`)).json<WebhookLogs>();

// Several requests and jobs per test: more than the default time on a busy machine.
describe('webhooks (issue 14)', { timeout: 60_000 }, () => {
  let team: TenantAdmins;
  let other: TenantAdmins;
  // Fresh sign-ins for each test: the retry tests move the clock past the access tokens' lifetime.
  beforeEach(async () => {
    team = await createTenantAdmins(server());
    other = await createTenantAdmins(server());
  });

  it('creates, lists (secret masked), changes and deletes a webhook, each change audited', async () => {
    const s = server();
    const admin = as(s, team.admin);
    const created = await createWebhook(s, team.admin, {
      path: newPath('crud'),
      eventKeys: ['groups.groupCreated'],
    });
    expect(created.secret).toBe(`••••••••${SECRET.slice(-4)}`);
    expect(created.generatedSecret).toBeUndefined();
    expect(JSON.stringify(created)).not.toContain(SECRET);

    const listed = (await admin('GET', '/frontegg/webhook')).json<Webhook[]>();
    const mine = listed.find((webhook) => webhook._id === created._id);
    expect(mine).toMatchObject({ eventKeys: ['groups.groupCreated'], isActive: true, lastDelivery: null });
    expect(JSON.stringify(listed)).not.toContain(SECRET);

    // The masked secret sent back (as the client's save does) keeps the secret.
    const changed = await admin('PATCH', `/frontegg/webhook/${created._id}`, {
      ...created,
      displayName: 'Renamed hook',
      eventKeys: ['groups.groupCreated', 'roles.roleCreated'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Webhook>()).toMatchObject({ displayName: 'Renamed hook', secret: created.secret });

    const deleted = await admin('DELETE', `/frontegg/webhook/${created._id}`);
    expect(deleted.statusCode).toBe(200);
    expectErrorShape(await admin('GET', `/frontegg/webhook/${created._id}`), 404);

    const actions = (await s.db.select().from(auditLogs).where(eq(auditLogs.tenantId, team.tenant.id))).map(
      (row) => row.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['Webhook created', 'Webhook updated', 'Webhook deleted']),
    );
    const updated = (await s.db.select().from(auditLogs).where(eq(auditLogs.action, 'Webhook updated'))).find(
      (row) => row.tenantId === team.tenant.id,
    );
    // Only what changed, before and after; the secret, unchanged, is not among it.
    expect(updated?.json).toEqual({
      webhookId: created._id,
      before: {
        displayName: `Hook ${created.url.replace(receiver.origin, '')}`,
        eventKeys: ['groups.groupCreated'],
      },
      after: { displayName: 'Renamed hook', eventKeys: ['groups.groupCreated', 'roles.roleCreated'] },
    });
    const createdAudit = (
      await s.db.select().from(auditLogs).where(eq(auditLogs.action, 'Webhook created'))
    ).find((row) => row.tenantId === team.tenant.id);
    expect(createdAudit?.json).toMatchObject({ after: { secret: '********', url: created.url } });
    expect(JSON.stringify(createdAudit?.json)).not.toContain(SECRET);
  });

  it('makes a secret when none is given, answered once', async () => {
    const s = server();
    const created = await createWebhook(s, team.admin, {
      path: newPath('generated'),
      eventKeys: ['roles.roleCreated'],
      secret: null,
    });
    expect(created.generatedSecret).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const again = (await as(s, team.admin)('GET', `/frontegg/webhook/${created._id}`)).json<
      Record<string, unknown>
    >();
    expect(again.generatedSecret).toBeUndefined();
    expect(again.secret).toBe(`••••••••${created.generatedSecret?.slice(-4)}`);
  });

  it('refuses short secrets, unknown events and addresses that are not https and public', async () => {
    const admin = as(server(), team.admin);
    const save = (fields: Record<string, unknown>) =>
      admin('POST', '/frontegg/webhook/custom', {
        displayName: 'Bad',
        url: 'https://hooks.example.com/in',
        secret: SECRET,
        eventKeys: ['groups.groupCreated'],
        isActive: true,
        ...fields,
      });
    expect(expectErrorShape(await save({ secret: 'too-short' }), 400).errors[0]).toContain(
      'The secret must have at least 16 characters',
    );
    expect(expectErrorShape(await save({ eventKeys: ['nothing.here'] }), 404).errorCode).toBe(
      'ER-CONNECTIVITY-EVENT-NOT-FOUND',
    );
    for (const url of [
      'http://hooks.example.com/in',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.7/hook',
      'https://[::1]/hook',
      'https://127.0.0.1/hook',
      'ftp://hooks.example.com/in',
      'not a url',
    ]) {
      expect(expectErrorShape(await save({ url }), 400).errorCode, url).toBe(
        'ER-CONNECTIVITY-WEBHOOK-URL-REFUSED',
      );
    }
  });

  it('delivers an audited change signed, once per subscribed webhook, with the event payload', async () => {
    const s = server();
    const path = newPath('groups');
    const created = await createWebhook(s, team.admin, { path, eventKeys: ['groups.groupCreated'] });
    // Another tenant subscribed to the same event hears nothing of this tenant's change.
    const otherPath = newPath('other-tenant');
    await createWebhook(s, other.admin, { path: otherPath, eventKeys: ['groups.groupCreated'] });
    // A disabled webhook of the tenant gets nothing either.
    const disabledPath = newPath('disabled');
    await createWebhook(s, team.admin, {
      path: disabledPath,
      eventKeys: ['groups.groupCreated'],
      isActive: false,
    });

    const groupId = await createGroup(s, team.admin, `Delivered ${path}`);
    await deliverAll(s);

    const [delivery, ...more] = receiver.to(path);
    expect(more).toEqual([]);
    expect(delivery?.verified).toBe(true);
    expect(delivery?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-webhook-event': 'groups.groupCreated',
      'user-agent': expect.stringContaining('Brizo'),
    });
    expect(delivery?.headers['x-webhook-signature']).toMatch(/^v1=[0-9a-f]{64}$/);
    const payload = eventPayloadSchema.parse(delivery?.json);
    const [auditRow] = await s.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tenantId, team.tenant.id), eq(auditLogs.action, 'Group created')));
    expect(payload).toMatchObject({
      eventKey: 'groups.groupCreated',
      eventId: auditRow?.id,
      tenantId: team.tenant.id,
      action: 'Group created',
      user: { id: team.admin.user.id, email: team.admin.user.email },
      data: { groupId },
    });
    expect(receiver.to(otherPath)).toEqual([]);
    expect(receiver.to(disabledPath)).toEqual([]);

    const [deliveryRow] = await listDeliveriesOfWebhook(s.db, created._id);
    expect(delivery?.headers['x-webhook-id']).toBe(deliveryRow?.id);
    expect(deliveryRow).toMatchObject({ status: 'succeeded', attempts: 1, lastStatusCode: 200 });

    const listed = (await as(s, team.admin)('GET', '/frontegg/webhook')).json<Webhook[]>();
    expect(listed.find((webhook) => webhook._id === created._id)).toMatchObject({
      invocations: 1,
      lastDelivery: { status: 'succeeded', statusCode: 200 },
    });
    const logs = await logsOf(s, team.admin, created._id);
    expect(logs.count).toBe(1);
    expect(logs.rows[0]).toMatchObject({
      statusCode: '200',
      responseBody: '{"received":true}',
      deliveryStatus: 'succeeded',
      isTest: false,
      eventKey: 'groups.groupCreated',
      body: delivery?.body,
    });
    expect(JSON.stringify(logs)).not.toContain(SECRET);
  });

  it('retries a failing receiver with growing, jittered waits, then records the final failure', async () => {
    const s = server();
    const path = newPath('failing');
    receiver.respond((request, response) =>
      request.path === path
        ? answerWith(500, 'down')(request, response)
        : answerWith(200, 'ok')(request, response),
    );
    const failing = await createWebhook(s, team.admin, { path, eventKeys: ['roles.roleCreated'] });
    const watcherPath = newPath('watcher');
    await createWebhook(s, team.admin, {
      path: watcherPath,
      eventKeys: ['connectivity.webhookDeliveryFailed'],
    });

    const created = await as(s, team.admin)('POST', '/frontegg/identity/resources/roles/v1', {
      key: `retry-${pathCount}`,
      name: 'Retry role',
    });
    expect(created.statusCode, created.body).toBe(201);
    await deliverAll(s);
    expect(receiver.to(path)).toHaveLength(1);
    let [row] = await listDeliveriesOfWebhook(s.db, failing._id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    const firstWait = (row?.nextAttemptAt.getTime() ?? 0) - s.clock.now().getTime();
    expect(firstWait).toBeGreaterThanOrEqual(1_000);
    expect(firstWait).toBeLessThanOrEqual(10_000);

    // Not due yet: nothing is sent until the wait has passed.
    await deliverAll(s);
    expect(receiver.to(path)).toHaveLength(1);

    s.clock.advanceSeconds(10);
    await deliverAll(s);
    expect(receiver.to(path)).toHaveLength(2);
    [row] = await listDeliveriesOfWebhook(s.db, failing._id);
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect((row?.nextAttemptAt.getTime() ?? 0) - s.clock.now().getTime()).toBeLessThanOrEqual(20_000);

    s.clock.advanceSeconds(20);
    await deliverAll(s);
    expect(receiver.to(path)).toHaveLength(3);
    [row] = await listDeliveriesOfWebhook(s.db, failing._id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, lastStatusCode: 500 });
    expect(row?.lastError).toContain('500');

    // The same bytes each time, under the same delivery id.
    const attempts = receiver.to(path);
    expect(new Set(attempts.map((attempt) => attempt.body)).size).toBe(1);
    expect(new Set(attempts.map((attempt) => attempt.headers['x-webhook-id'])).size).toBe(1);
    expect(attempts.every((attempt) => attempt.verified)).toBe(true);

    s.clock.advanceSeconds(3600);
    await deliverAll(s);
    expect(receiver.to(path)).toHaveLength(3);
    team.admin = await signedInAgain(s, team.admin);

    // The final failure: an audit event of the tenant, itself an event (not posted back to its webhook).
    const [failure] = await s.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tenantId, team.tenant.id), eq(auditLogs.action, 'Webhook delivery failed')));
    expect(failure?.json).toMatchObject({ webhookId: failing._id, attempts: 3, lastStatusCode: 500 });
    const [notice] = receiver.to(watcherPath);
    expect(notice?.json).toMatchObject({
      eventKey: 'connectivity.webhookDeliveryFailed',
      data: { webhookId: failing._id },
    });

    const logs = await logsOf(s, team.admin, failing._id, '&offset=0&limit=2');
    expect(logs.count).toBe(3);
    expect(logs.rows).toHaveLength(2);
    expect(logs.rows[0]).toMatchObject({ statusCode: '500', responseBody: 'down', deliveryStatus: 'failed' });
    expect(new Date(logs.rows[0]?.createdAt ?? 0).getTime()).toBeGreaterThan(
      new Date(logs.rows[1]?.createdAt ?? 0).getTime(),
    );
    const listed = (await as(s, team.admin)('GET', '/frontegg/webhook')).json<Webhook[]>();
    expect(listed.find((webhook) => webhook._id === failing._id)?.lastDelivery).toMatchObject({
      status: 'failed',
      statusCode: 500,
    });

    // Retry (202): the delivery is due at once and, the receiver being back, arrives.
    receiver.respond(answerWith(200, 'ok'));
    const retried = await as(s, team.admin)('POST', `/frontegg/webhook/logs/${logs.rows[0]?.id}/retries`);
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json()).toMatchObject({ status: 'queued', deliveryId: row?.id });
    await deliverAll(s);
    expect(receiver.to(path)).toHaveLength(4);
    [row] = await listDeliveriesOfWebhook(s.db, failing._id);
    expect(row).toMatchObject({ status: 'succeeded' });
    const retryAudit = await s.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tenantId, team.tenant.id), eq(auditLogs.action, 'Webhook delivery retried')));
    expect(retryAudit).toHaveLength(1);
  });

  it('stops a webhook’s pending deliveries when it is disabled', async () => {
    const s = server();
    const path = newPath('paused');
    receiver.respond((request, response) => answerWith(request.path === path ? 503 : 200)(request, response));
    const webhook = await createWebhook(s, team.admin, { path, eventKeys: ['groups.groupCreated'] });
    await createGroup(s, team.admin, `Paused ${path}`);
    await deliverAll(s);
    expect(receiver.to(path)).toHaveLength(1);

    const disabled = await as(s, team.admin)('PATCH', `/frontegg/webhook/${webhook._id}`, {
      isActive: false,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const [row] = await listDeliveriesOfWebhook(s.db, webhook._id);
    expect(row).toMatchObject({ status: 'failed', lastError: 'The webhook was disabled' });
    await createGroup(s, team.admin, `Paused again ${path}`);
    s.clock.advanceSeconds(3600);
    await deliverAll(s);
    expect(receiver.to(path)).toHaveLength(1);
    team.admin = await signedInAgain(s, team.admin);
    // A retry of a disabled webhook's log is refused.
    const [log] = (await logsOf(s, team.admin, webhook._id)).rows;
    expectErrorShape(await as(s, team.admin)('POST', `/frontegg/webhook/logs/${log?.id}/retries`), 409);
    receiver.respond(answerWith(200, 'ok'));
  });

  it('tests a URL now: 200 and 201 succeed, anything else fails; with webhookId it is logged', async () => {
    const s = server();
    const path = newPath('test-call');
    receiver.expectSecret(path, SECRET);
    const test = (body: Record<string, unknown>) => as(s, team.admin)('POST', '/frontegg/webhook/test', body);
    for (const [status, expected] of [
      [200, 'success'],
      [201, 'success'],
      [202, 'failed'],
      [204, 'failed'],
      [500, 'failed'],
    ] as const) {
      receiver.respond(answerWith(status, status === 204 ? '' : `answer ${status}`));
      const answer = await test({ url: `${receiver.origin}${path}`, secret: SECRET });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json(), String(status)).toMatchObject({ statusCode: status, status: expected });
    }
    receiver.respond(answerWith(200, 'ok'));
    expect(receiver.to(path).every((request) => request.verified)).toBe(true);
    expect(receiver.to(path)[0]?.json).toMatchObject({
      eventKey: 'auth.loginSucceeded',
      tenantId: team.tenant.id,
    });

    // With the webhook: its secret signs when none is given, and the log shows the test.
    const webhookPath = newPath('tested');
    const webhook = await createWebhook(s, team.admin, {
      path: webhookPath,
      eventKeys: ['roles.roleCreated'],
    });
    const answer = await test({
      url: `${receiver.origin}${webhookPath}`,
      secret: null,
      webhookId: webhook._id,
      payload: { hello: 'receiver' },
    });
    expect(answer.json()).toMatchObject({ status: 'success', statusCode: 200 });
    const [request] = receiver.to(webhookPath);
    expect(request).toMatchObject({ verified: true, json: { hello: 'receiver' } });
    expect(request?.headers['x-webhook-event']).toBe('roles.roleCreated');
    const logs = await logsOf(s, team.admin, webhook._id);
    expect(logs.rows[0]).toMatchObject({ isTest: true, statusCode: '200', deliveryStatus: null });

    // A test log's retry queues its body as a delivery.
    const retried = await as(s, team.admin)('POST', `/frontegg/webhook/logs/${logs.rows[0]?.id}/retries`);
    expect(retried.statusCode).toBe(202);
    await deliverAll(s);
    expect(receiver.to(webhookPath).map((entry) => entry.json)).toEqual([
      { hello: 'receiver' },
      { hello: 'receiver' },
    ]);
  });

  it('refuses private, loopback and link-local receivers unless allowed, and follows no redirect', async () => {
    const s = server();
    const test = (url: string) =>
      as(s, team.admin)('POST', '/frontegg/webhook/test', { url, secret: SECRET });
    for (const url of [
      'https://169.254.169.254/latest/meta-data',
      'https://10.1.2.3/hook',
      'https://[::1]/hook',
      `${internalOrigin}/hook`,
    ]) {
      expect(expectErrorShape(await test(url), 400).errorCode, url).toBe(
        'ER-CONNECTIVITY-WEBHOOK-URL-REFUSED',
      );
    }
    // A name is checked when it is called: localhost resolves to loopback and is not allowed.
    const port = new URL(internalOrigin).port;
    const byName = await test(`https://localhost:${port}/hook`);
    expect(byName.json()).toMatchObject({ status: 'failed', statusCode: null });
    expect(byName.json<{ error: string }>().error).toContain('private or local address');

    // The same refusal for a queued delivery, logged.
    const named = await as(s, team.admin)('POST', '/frontegg/webhook/custom', {
      displayName: 'By name',
      url: `https://localhost:${port}/hook`,
      secret: SECRET,
      eventKeys: ['groups.groupCreated'],
      isActive: true,
    });
    expect(named.statusCode, named.body).toBe(201);

    // A redirect to an internal address is a failed delivery, not followed.
    const path = newPath('redirect');
    receiver.respond((request, response) =>
      request.path === path
        ? answerWith(302, '', { location: `${internalOrigin}/latest` })(request, response)
        : answerWith(200, 'ok')(request, response),
    );
    const redirecting = await createWebhook(s, team.admin, { path, eventKeys: ['groups.groupCreated'] });
    await createGroup(s, team.admin, `Redirect ${path}`);
    await deliverAll(s);
    receiver.respond(answerWith(200, 'ok'));
    expect(receiver.to(path)).toHaveLength(1);
    expect(internalHits).toBe(0);
    const [redirectLog] = (await logsOf(s, team.admin, redirecting._id)).rows;
    expect(redirectLog).toMatchObject({
      statusCode: '302',
      error: 'Redirects are not followed',
      deliveryStatus: 'pending',
    });
    const [refusedLog] = (await logsOf(s, team.admin, named.json<Webhook>()._id)).rows;
    expect(refusedLog).toMatchObject({ statusCode: '', deliveryStatus: 'pending' });
    expect(refusedLog?.error).toContain('private or local address');
    expect(internalHits).toBe(0);
  });

  it("keeps each tenant to its own webhooks and logs (404 for another tenant's ids)", async () => {
    const s = server();
    const mine = await createWebhook(s, team.admin, {
      path: newPath('isolated'),
      eventKeys: ['groups.groupCreated'],
    });
    await as(s, team.admin)('POST', '/frontegg/webhook/test', {
      url: mine.url,
      webhookId: mine._id,
    });
    const [log] = (await logsOf(s, team.admin, mine._id)).rows;
    const intruder = as(s, other.admin);
    const listed = (await intruder('GET', '/frontegg/webhook')).json<Webhook[]>();
    expect(listed.map((webhook) => webhook._id)).not.toContain(mine._id);
    for (const [method, url, body] of [
      ['GET', `/frontegg/webhook/${mine._id}`, undefined],
      ['PATCH', `/frontegg/webhook/${mine._id}`, { isActive: false }],
      ['DELETE', `/frontegg/webhook/${mine._id}`, undefined],
      ['GET', `/frontegg/webhook/logs?id=${mine._id}`, undefined],
      ['POST', `/frontegg/webhook/logs/${log?.id}/retries`, undefined],
      ['POST', '/frontegg/webhook/test', { url: mine.url, webhookId: mine._id }],
    ] as const) {
      expectErrorShape(await intruder(method, url, body), 404);
    }
    expect((await as(s, team.admin)('GET', `/frontegg/webhook/${mine._id}`)).json()).toMatchObject({
      isActive: true,
    });
  });

  it('lets the Read Only administrator read but not change, and members neither', async () => {
    const s = server();
    const readOnly = as(s, team.readOnly);
    expect((await readOnly('GET', '/frontegg/webhook')).statusCode).toBe(200);
    expect((await readOnly('GET', '/frontegg/event/resources/configurations/v1/categories')).statusCode).toBe(
      200,
    );
    expectErrorShape(
      await readOnly('POST', '/frontegg/webhook/custom', {
        displayName: 'x',
        url: 'https://hooks.example.com/in',
        eventKeys: ['groups.groupCreated'],
        isActive: true,
      }),
      403,
    );
    expectErrorShape(
      await readOnly('POST', '/frontegg/webhook/test', { url: 'https://hooks.example.com/in' }),
      403,
    );
    expectErrorShape(await as(s, team.member)('GET', '/frontegg/webhook'), 403);
  });
});
