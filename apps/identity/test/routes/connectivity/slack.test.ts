// Issue 14: Slack, against a fake Slack Web API in this process (SLACK_API_URL points at it): the "Add to
// Slack" scope, the OAuth code exchange (the bot token kept sealed), the channel list, per-event channel
// subscriptions, and posting an event to its channels once it happens.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type {
  SlackConfiguration,
  SlackScope,
  SlackSubscription,
} from '@brizo/contract/entities/connectivity';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { slackInstallations } from '../../../src/db/schema/index.js';
import { as, createGroup, createTenantAdmins, type TenantAdmins } from '../../admin-support.js';
import {
  expectErrorShape,
  openTestDatabase,
  startTestServer,
  useTestServer,
  type TestServer,
} from '../../harness.js';

const SLACK = '/frontegg/integrations/resources/configurations/v1/slack';

interface SlackCall {
  method: string;
  path: string;
  authorization: string | undefined;
  body: string;
}

/** Slack's Web API, the three methods the server calls; each code grants its own workspace token. */
const calls: SlackCall[] = [];
const fakeSlack = createServer((request: IncomingMessage, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://slack.test');
    calls.push({
      method: request.method ?? '',
      path: url.pathname,
      authorization: request.headers.authorization,
      body,
    });
    const answer = (value: unknown) =>
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    if (url.pathname === '/api/oauth.v2.access') {
      const form = new URLSearchParams(body);
      if (form.get('client_id') !== 'slack-client' || form.get('client_secret') !== 'slack-secret')
        return answer({ ok: false, error: 'invalid_client' });
      if (!form.get('code')?.startsWith('good-')) return answer({ ok: false, error: 'invalid_code' });
      return answer({
        ok: true,
        access_token: `xoxb-${form.get('code')}`,
        team: { id: 'T123', name: 'Acme Foods' },
      });
    }
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!token.startsWith('xoxb-')) return answer({ ok: false, error: 'not_authed' });
    if (url.pathname === '/api/conversations.list') {
      // Two pages, as Slack pages with a cursor.
      return url.searchParams.get('cursor')
        ? answer({
            ok: true,
            channels: [{ id: 'C2', name: 'security' }],
            response_metadata: { next_cursor: '' },
          })
        : answer({
            ok: true,
            channels: [{ id: 'C1', name: 'general' }],
            response_metadata: { next_cursor: 'page2' },
          });
    }
    if (url.pathname === '/api/chat.postMessage') return answer({ ok: true, ts: '1.2' });
    return answer({ ok: false, error: 'unknown_method' });
  });
});

const env: NodeJS.ProcessEnv = { SLACK_CLIENT_ID: 'slack-client', SLACK_CLIENT_SECRET: 'slack-secret' };
beforeAll(async () => {
  await new Promise<void>((resolve) => fakeSlack.listen(0, '127.0.0.1', resolve));
  const { port } = fakeSlack.address() as AddressInfo;
  env.SLACK_API_URL = `http://127.0.0.1:${port}/api`;
  env.OUTBOUND_ALLOW_HOSTS = `127.0.0.1:${port}`;
});
afterAll(async () => {
  fakeSlack.closeAllConnections();
  await new Promise<void>((resolve) => fakeSlack.close(() => resolve()));
});
const server = useTestServer({ env });

async function dispatch(s: TestServer): Promise<void> {
  while ((await s.app.jobs.run('event-dispatch')) > 0);
  await s.app.background.idle();
}

const posts = () =>
  calls
    .filter((call) => call.path === '/api/chat.postMessage')
    .map((call) => ({
      token: call.authorization,
      ...(JSON.parse(call.body) as { channel: string; text: string }),
    }));

// Several requests and jobs per test: more than the default time on a busy machine.
describe('Slack (issue 14)', { timeout: 60_000 }, () => {
  let team: TenantAdmins;
  let other: TenantAdmins;
  beforeEach(async () => {
    team = await createTenantAdmins(server());
    other = await createTenantAdmins(server());
  });

  it('connects a workspace with the OAuth code, lists its channels and posts subscribed events', async () => {
    const s = server();
    const admin = as(s, team.admin);
    const scope = (await admin('GET', `${SLACK}/applications`)).json<SlackScope>();
    expect(scope).toMatchObject({ clientId: 'slack-client', scope: expect.stringContaining('chat:write') });
    expect(new URL(scope.authorizeUrl).pathname).toBe('/oauth/v2/authorize');
    expect(new URL(scope.authorizeUrl).searchParams.get('client_id')).toBe('slack-client');

    expect((await admin('GET', SLACK)).json<SlackConfiguration>()).toMatchObject({ connected: false });
    expectErrorShape(await admin('GET', `${SLACK}/channels`), 409);
    expect(
      expectErrorShape(await admin('POST', `${SLACK}/applications/registrations`, { code: 'bad' }), 400)
        .errors[0],
    ).toContain('invalid_code');

    const code = `good-${team.tenant.id}`;
    const registered = await admin('POST', `${SLACK}/applications/registrations`, { code });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json<SlackConfiguration>()).toMatchObject({ connected: true, teamName: 'Acme Foods' });
    // The bot token is sealed at rest, never stored as it came.
    const [installation] = await s.db
      .select()
      .from(slackInstallations)
      .where(eq(slackInstallations.tenantId, team.tenant.id));
    expect(installation?.accessTokenSealed).not.toContain(`xoxb-${code}`);

    const channels = await admin('GET', `${SLACK}/channels`);
    expect(channels.json()).toEqual([
      { id: 'C1', name: 'general' },
      { id: 'C2', name: 'security' },
    ]);

    const created = await admin('POST', `${SLACK}/subscriptions`, {
      isActive: true,
      slackEvents: [{ eventKey: 'groups.groupCreated', channelIds: ['C1', 'C2'], title: 'New group' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const subscription = created.json<SlackSubscription>();
    expect((await admin('GET', SLACK)).json<SlackConfiguration>().slackSubscriptions).toEqual([subscription]);

    const before = posts().length;
    await createGroup(s, team.admin, `Slack group ${code}`);
    await dispatch(s);
    const sent = posts().slice(before);
    expect(sent.map((post) => post.channel).sort()).toEqual(['C1', 'C2']);
    expect(sent[0]?.token).toBe(`Bearer xoxb-${code}`);
    expect(sent[0]?.text).toContain('New group');

    // Paused: nothing is posted.
    const paused = await admin('PATCH', `${SLACK}/subscription/${subscription.id}`, {
      isActive: false,
      slackEvents: subscription.slackEvents,
    });
    expect(paused.json<SlackSubscription>()).toMatchObject({ isActive: false });
    await createGroup(s, team.admin, `Quiet group ${code}`);
    await dispatch(s);
    expect(posts()).toHaveLength(before + 2);

    expect((await admin('DELETE', `${SLACK}/subscriptions/${subscription.id}`)).statusCode).toBe(200);
    expect((await admin('GET', SLACK)).json<SlackConfiguration>().slackSubscriptions).toEqual([]);
    expect(
      (await admin('GET', `${'/frontegg/event/resources/configurations/v1'}/channels`)).json(),
    ).toContainEqual({
      channel: 'slack',
      configured: true,
      activeEvents: 0,
    });
    expect((await admin('DELETE', SLACK)).statusCode).toBe(200);
    expect((await admin('GET', SLACK)).json<SlackConfiguration>()).toMatchObject({ connected: false });
  });

  it("keeps each tenant's workspace and subscriptions its own", async () => {
    const s = server();
    await as(s, team.admin)('POST', `${SLACK}/applications/registrations`, {
      code: `good-${team.tenant.id}`,
    });
    const created = await as(s, team.admin)('POST', `${SLACK}/subscriptions`, {
      isActive: true,
      slackEvents: [{ eventKey: 'roles.roleCreated', channelIds: ['C1'] }],
    });
    const { id } = created.json<SlackSubscription>();
    const intruder = as(s, other.admin);
    expect((await intruder('GET', SLACK)).json<SlackConfiguration>()).toMatchObject({
      connected: false,
      slackSubscriptions: [],
    });
    expectErrorShape(await intruder('GET', `${SLACK}/channels`), 409);
    expectErrorShape(
      await intruder('PATCH', `${SLACK}/subscription/${id}`, { isActive: false, slackEvents: [] }),
      404,
    );
    expectErrorShape(await intruder('DELETE', `${SLACK}/subscriptions/${id}`), 404);
    expectErrorShape(
      await as(s, team.readOnly)('POST', `${SLACK}/subscriptions`, { isActive: true, slackEvents: [] }),
      403,
    );
    expect(
      expectErrorShape(
        await as(s, team.admin)('POST', `${SLACK}/subscriptions`, {
          isActive: true,
          slackEvents: [{ eventKey: 'no.suchEvent', channelIds: ['C1'] }],
        }),
        404,
      ).errorCode,
    ).toBe('ER-CONNECTIVITY-EVENT-NOT-FOUND');
  });
});

describe('Slack without an app configured (issue 14)', () => {
  it('says so instead of answering a link that cannot work', async () => {
    const database = await openTestDatabase();
    const bare = await startTestServer(database.db);
    try {
      const team = await createTenantAdmins(bare);
      const answer = await as(bare, team.admin)('GET', `${SLACK}/applications`);
      expect(expectErrorShape(answer, 400).errorCode).toBe('ER-CONNECTIVITY-SLACK-NOT-CONFIGURED');
    } finally {
      await bare.app.close();
      await database.close();
    }
    // A database and a server of its own: more than the default time on a busy machine.
  }, 120_000);
});
