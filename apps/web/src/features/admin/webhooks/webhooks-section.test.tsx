import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminPortalProvider } from '../../../components/admin';
import { fakeApi, status } from '../../../testing/fake-api';
import { renderScreen } from '../../../testing/render';
import { WebhooksSection } from './webhooks-section';

vi.mock('../../../sdk/admin/portal', () => ({ usePreviewMode: () => false }));

const ADMIN = ['fe.*'];
const READ_ONLY = ['fe.connectivity.read.webhooks'];
const EMAILS = '/integrations/resources/configurations/v1/emails';
const SMS = '/integrations/resources/configurations/v2/sms';
const SLACK = '/integrations/resources/configurations/v1/slack';
const T = '2026-01-01T00:00:00.000Z';

const event = (key: string, displayName: string, category: string) => ({
  id: key,
  key,
  displayName,
  description: `${displayName} (description)`,
  category,
  categoryId: category,
  severity: 'Info',
  createdAt: T,
  updatedAt: T,
  vendorId: 'v1',
});
const categories = [
  {
    id: 'users',
    name: 'Users',
    events: [event('user.created', 'User created', 'users'), event('user.deleted', 'User deleted', 'users')],
    createdAt: T,
    updatedAt: T,
    vendorId: 'v1',
  },
  {
    id: 'roles',
    name: 'Roles',
    events: [event('role.created', 'Role created', 'roles')],
    createdAt: T,
    updatedAt: T,
    vendorId: 'v1',
  },
];
const webhook = (overrides: Record<string, unknown> = {}) => ({
  _id: 'w1',
  displayName: 'Billing sync',
  description: 'Keeps billing seats in step',
  url: 'https://billing.example.com/hooks',
  secret: '••••cdef',
  eventKeys: ['user.created', 'user.deleted'],
  isActive: true,
  invocations: 3,
  createdAt: T,
  updatedAt: T,
  lastDelivery: { status: 'failed', statusCode: 500, createdAt: T },
  ...overrides,
});
const log = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  webhookId: 'w1',
  tenantId: 't1',
  vendorId: 'v1',
  eventKey: 'user.created',
  url: 'https://billing.example.com/hooks',
  body: JSON.stringify({ eventKey: 'user.created', data: { userId: 'u1' } }),
  requestHeaders: { 'content-type': 'application/json', 'x-webhook-signature': 't=1,v1=abc' },
  statusCode: '200',
  responseBody: '{"ok":true}',
  error: null,
  durationMs: 42,
  isTest: false,
  deliveryStatus: 'succeeded',
  attempts: 1,
  createdAt: T,
  ...overrides,
});

/** The server's answers around the section; `webhooks` is what GET /webhook answers now. */
function server(webhooks: unknown[] = [webhook()]) {
  let list = webhooks;
  const api = fakeApi({
    'GET /event/resources/configurations/v1/categories': categories,
    'GET /event/resources/configurations/v1/channels': [
      { channel: 'webhook', configured: list.length > 0, activeEvents: 2 },
      { channel: 'email', configured: false, activeEvents: 0 },
      { channel: 'sms', configured: false, activeEvents: 0 },
      { channel: 'slack', configured: false, activeEvents: 0 },
    ],
    'GET /webhook': () => list,
    [`GET ${EMAILS}`]: [],
    [`GET ${SMS}`]: [],
  });
  return { ...api, answerList: (next: unknown[]) => (list = next) };
}

function renderSection(permissions: string[], route = '/') {
  renderScreen(
    <AdminPortalProvider configuration={{}} viewer={{ permissions, superUser: false }} preview={false}>
      <WebhooksSection />
    </AdminPortalProvider>,
    { route },
  );
  return userEvent.setup();
}

// Mantine's combobox dropdown never finishes its opening transition in jsdom (it stays display: none), so
// its options are found among hidden elements; clicking them selects them as in a browser.

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the Webhooks section', { timeout: 30_000 }, () => {
  it('shows the channels overview and lists webhooks with URL, events, active and last delivery', async () => {
    server();
    renderSection(ADMIN);
    const row = await screen.findByRole('row', { name: /Billing sync/ });
    expect(row).toHaveTextContent('https://billing.example.com/hooks');
    expect(row).toHaveTextContent('2');
    expect(row).toHaveTextContent('failed');
    expect(within(row).getByRole('switch', { name: 'Billing sync is active' })).toBeChecked();
    const overview = screen.getByRole('region', { name: 'Channels' });
    const webhooks = within(overview).getAllByRole('listitem')[0];
    await waitFor(() => expect(webhooks).toHaveTextContent('Configured'));
    expect(webhooks).toHaveTextContent('2 active events');
    expect(within(overview).getAllByRole('listitem')[1]).toHaveTextContent('Not configured');
  });

  it('adds a webhook: name, URL, a generated secret and events picked by category and search', async () => {
    const api = server([]);
    api.on({
      'POST /webhook/custom': (request) => {
        const saved = webhook({ ...(request.body as object), _id: 'w2', secret: '••••', lastDelivery: null });
        api.answerList([saved]);
        return saved;
      },
    });
    const user = renderSection(ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });

    // The form's own checks first.
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(within(dialog).getByText('Enter a name for the webhook')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one event')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Display name' }), 'CRM');
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'ftp://crm');
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(
      within(dialog).getByText('Enter a full address starting with https:// or http://'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'URL' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'https://crm.example.com/in');

    // The secret is generated, hidden until shown.
    const secret = within(dialog).getByLabelText('Secret');
    expect(secret).toHaveAttribute('type', 'password');
    await user.click(within(dialog).getByRole('button', { name: 'Generate a secret' }));
    expect(secret).toHaveAttribute('type', 'text');
    expect((secret as HTMLInputElement).value).toMatch(/^[0-9a-f]{64}$/);
    await user.click(within(dialog).getByRole('button', { name: 'Hide secret' }));
    expect(secret).toHaveAttribute('type', 'password');

    // Every Users event at once; then Roles through the search.
    await user.click(within(dialog).getByRole('checkbox', { name: 'All Users events' }));
    expect(within(dialog).queryByRole('checkbox', { name: /User deleted/ })).not.toBeInTheDocument();
    const showUsers = within(dialog).getByRole('button', { name: 'Show the Users events' });
    expect(showUsers).toHaveAttribute('aria-expanded', 'false');
    await user.click(showUsers);
    expect(within(dialog).getByRole('button', { name: 'Hide the Users events' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(within(dialog).getByRole('checkbox', { name: /User deleted/ })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: /User deleted/ }));
    expect(within(dialog).getByRole('checkbox', { name: 'All Users events' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'All Users events' })).toBePartiallyChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'All Users events' })).toHaveAccessibleDescription(
      '1 of 2 selected',
    );
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search events' }), 'role');
    expect(within(dialog).queryByRole('checkbox', { name: /User created/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: /Role created/ }));
    expect(dialog).toHaveTextContent('2 events selected');

    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    await screen.findByRole('row', { name: /CRM/ });
    const sent = api.sent('POST /webhook/custom')[0]?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      displayName: 'CRM',
      description: '',
      url: 'https://crm.example.com/in',
      eventKeys: ['user.created', 'role.created'],
      isActive: true,
    });
    expect(sent.secret).toMatch(/^[0-9a-f]{64}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows once the signing secret the server made for a webhook added without one', async () => {
    const api = server([]);
    api.on({
      'POST /webhook/custom': (request) => {
        const saved = webhook({
          ...(request.body as Record<string, unknown>),
          _id: 'w2',
          lastDelivery: null,
        });
        api.answerList([saved]);
        return { ...saved, generatedSecret: 'made-by-the-server-0123456789' };
      },
    });
    const user = renderSection(ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Display name' }), 'CRM');
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'https://crm.example.com/in');
    await user.type(within(dialog).getByLabelText('Secret'), 'short');
    await user.click(within(dialog).getByRole('checkbox', { name: 'All Roles events' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(within(dialog).getByText('The secret must have at least 16 characters')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Secret'));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));

    const shown = await screen.findByRole('dialog', { name: 'Signing secret of CRM' });
    expect(api.sent('POST /webhook/custom')[0]?.body).toMatchObject({
      secret: null,
      eventKeys: ['role.created'],
    });
    expect(within(shown).getByRole('textbox', { name: 'Signing secret' })).toHaveValue(
      'made-by-the-server-0123456789',
    );
    await user.click(within(shown).getByRole('button', { name: 'I have copied the secret' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByDisplayValue('made-by-the-server-0123456789')).not.toBeInTheDocument();
  });

  it("puts the server's refusal of a URL on the URL field", async () => {
    const api = server([]);
    api.on({
      'POST /webhook/custom': status(400, {
        errors: ['The webhook URL must use https and a public address'],
        errorCode: 'ER-CONNECTIVITY-WEBHOOK-URL-REFUSED',
      }),
    });
    const user = renderSection(ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add webhook' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Display name' }), 'Local');
    await user.type(within(dialog).getByRole('textbox', { name: 'URL' }), 'http://10.0.0.1/in');
    await user.click(within(dialog).getByRole('checkbox', { name: 'All Roles events' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    await waitFor(() => expect(url).toHaveAccessibleDescription(/must use https and a public address/));
  });

  it('sends a test event and shows success, or "failed" with the status and the response', async () => {
    const api = server();
    api.on({
      'POST /webhook/test': {
        statusCode: 200,
        status: 'success',
        responseBody: '',
        error: null,
        durationMs: 12,
      },
    });
    const user = renderSection(ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Edit Billing sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit webhook Billing sync' });
    expect(dialog).toHaveTextContent('A secret is stored (••••cdef)');
    await user.click(within(dialog).getByRole('button', { name: 'Send test event' }));
    const outcome = within(dialog).getByRole('status');
    await waitFor(() => expect(outcome).toHaveTextContent('success'));
    expect(outcome).toHaveTextContent('The receiver answered 200 in 12 ms.');
    // A saved webhook is tested with its stored secret.
    expect(api.sent('POST /webhook/test')[0]?.body).toEqual({
      url: 'https://billing.example.com/hooks',
      secret: null,
      eventKey: 'user.created',
      webhookId: 'w1',
    });

    api.on({
      'POST /webhook/test': {
        statusCode: 500,
        status: 'failed',
        responseBody: '{"error":"boom"}',
        error: null,
        durationMs: 8,
      },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(outcome).toHaveTextContent('failed'));
    expect(outcome).toHaveTextContent('The receiver answered 500');
    expect(within(outcome).getByRole('region', { name: 'Response body' })).toHaveTextContent(
      /"error": "boom"/,
    );
  });

  it('edits a webhook without resending its secret, switches it off and deletes it after asking', async () => {
    const api = server();
    api.on({
      'PATCH /webhook/w1': (request) => webhook(request.body as Record<string, unknown>),
      'DELETE /webhook/w1': () => {
        api.answerList([]);
        return {};
      },
    });
    const user = renderSection(ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Edit Billing sync' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit webhook Billing sync' });
    const name = within(dialog).getByRole('textbox', { name: 'Display name' });
    await user.clear(name);
    await user.type(name, 'Billing');
    await user.click(within(dialog).getByRole('button', { name: 'Save webhook' }));
    await waitFor(() => expect(api.sent('PATCH /webhook/w1')).toHaveLength(1));
    const edited = api.sent('PATCH /webhook/w1')[0]?.body as Record<string, unknown>;
    expect(edited).toMatchObject({ displayName: 'Billing', eventKeys: ['user.created', 'user.deleted'] });
    expect(edited).not.toHaveProperty('secret');

    await user.click(await screen.findByRole('switch', { name: 'Billing sync is active' }));
    await waitFor(() => expect(api.sent('PATCH /webhook/w1')).toHaveLength(2));
    expect(api.sent('PATCH /webhook/w1')[1]?.body).toMatchObject({ isActive: false });

    await user.click(screen.getByRole('button', { name: 'Delete Billing sync' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete webhook' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete webhook' }));
    await screen.findByText('No webhooks yet');
    expect(api.sent('DELETE /webhook/w1')).toHaveLength(1);
  });

  it("shows a webhook's delivery log 10 a page, a delivery's payload, headers and response, and retries a failed one", async () => {
    const api = server();
    const failed = log('l2', {
      statusCode: '500',
      responseBody: 'Internal error',
      deliveryStatus: 'pending',
      attempts: 2,
      createdAt: '2026-01-01T00:05:00.000Z',
    });
    api.on({
      'GET /webhook/logs/': (request) =>
        request.query.get('offset') === '0'
          ? { count: 12, rows: [failed, log('l1')] }
          : { count: 12, rows: [log('l11', { eventKey: 'user.deleted' })] },
      'POST /webhook/logs/l2/retries': status(202, { status: 'queued', deliveryId: 'd2' }),
    });
    const user = renderSection(ADMIN);
    await user.click(await screen.findByRole('button', { name: 'Delivery log of Billing sync' }));
    const table = await screen.findByRole('table', { name: 'Deliveries of Billing sync' });
    const failedRow = await within(table).findByRole('row', { name: /500/ });
    expect(failedRow).toHaveTextContent('User created');
    expect(failedRow).toHaveTextContent('pending');
    expect(failedRow).toHaveTextContent('2');
    expect(api.sent('GET /webhook/logs/')[0]?.query.get('id')).toBe('w1');
    expect(api.sent('GET /webhook/logs/')[0]?.query.get('limit')).toBe('10');
    // Only the failed attempt can be sent again.
    expect(within(table).getAllByRole('button', { name: /^Retry/ })).toHaveLength(1);

    await user.click(within(failedRow).getByRole('button', { name: /^Details of User created/ }));
    const details = await screen.findByRole('dialog', { name: 'Delivery of User created' });
    expect(within(details).getByRole('region', { name: 'Request payload' }).textContent).toBe(
      JSON.stringify({ eventKey: 'user.created', data: { userId: 'u1' } }, null, 2),
    );
    expect(within(details).getByRole('region', { name: 'Request headers' })).toHaveTextContent(
      'x-webhook-signature: t=1,v1=abc',
    );
    expect(within(details).getByRole('region', { name: 'Response body' })).toHaveTextContent(
      'Internal error',
    );
    await user.click(within(details).getByRole('button', { name: 'Close dialog' }));

    await user.click(within(failedRow).getByRole('button', { name: /^Retry User created/ }));
    await waitFor(() => expect(api.sent('POST /webhook/logs/l2/retries')).toHaveLength(1));
    expect(await screen.findByText(/was queued again/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await within(table).findByRole('row', { name: /User deleted/ });
    expect(api.sent('GET /webhook/logs/').at(-1)?.query.get('offset')).toBe('10');
  });

  it('shows a Read Only administrator the webhooks and their log, without add, edit, delete, test or retry', async () => {
    const api = server();
    api.on({
      'GET /webhook/logs/': { count: 1, rows: [log('l2', { statusCode: '500', deliveryStatus: 'failed' })] },
    });
    const user = renderSection(READ_ONLY);
    const row = await screen.findByRole('row', { name: /Billing sync/ });
    expect(row).toHaveTextContent('Active');
    expect(within(row).queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add webhook' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Billing sync' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Billing sync' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delivery log of Billing sync' }));
    const table = await screen.findByRole('table', { name: 'Deliveries of Billing sync' });
    await within(table).findByRole('row', { name: /500/ });
    expect(within(table).queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('button', { name: /^Details of/ })).toBeInTheDocument();
  });

  it('sends an event by email to checked addresses, switches it off and removes a recipient', async () => {
    const api = server();
    let configs = [
      {
        eventKey: 'user.created',
        enabled: true,
        subscriptions: [{ id: 's1', name: 'Recipients', enabled: true, recipients: ['ops@acme.test'] }],
      },
    ];
    api.on({
      [`GET ${EMAILS}`]: () => configs,
      [`POST ${EMAILS}/user.created`]: (request) => {
        configs = [{ eventKey: 'user.created', ...(request.body as Omit<(typeof configs)[0], 'eventKey'>) }];
        return null;
      },
      [`PATCH ${EMAILS}/user.created`]: (request) => {
        configs = [{ ...configs[0]!, enabled: (request.body as { enabled: boolean }).enabled }];
        return null;
      },
    });
    const user = renderSection(ADMIN);
    await user.click(await screen.findByRole('tab', { name: 'Email' }));
    const card = await screen.findByRole('region', { name: 'User created' });
    expect(within(card).getByRole('list', { name: 'Recipients of User created' })).toHaveTextContent(
      'ops@acme.test',
    );

    const field = within(card).getByRole('textbox', { name: 'Add a recipient to User created' });
    await user.type(field, 'not-an-address');
    await user.click(within(card).getByRole('button', { name: 'Add' }));
    expect(within(card).getByText('Enter valid email addresses')).toBeInTheDocument();
    expect(api.sent(`POST ${EMAILS}/user.created`)).toHaveLength(0);
    await user.clear(field);
    await user.type(field, 'Sec@Acme.test{Enter}');
    await within(card).findByText('sec@acme.test');
    expect(api.sent(`POST ${EMAILS}/user.created`)[0]?.body).toEqual({
      enabled: true,
      subscriptions: [
        { id: 's1', name: 'Recipients', enabled: true, recipients: ['ops@acme.test', 'sec@acme.test'] },
      ],
    });

    await user.click(within(card).getByRole('switch', { name: 'Send User created by email' }));
    await waitFor(() =>
      expect(api.sent(`PATCH ${EMAILS}/user.created`)[0]?.body).toEqual({ enabled: false }),
    );
    await waitFor(() =>
      expect(within(card).getByRole('switch', { name: 'Send User created by email' })).not.toBeChecked(),
    );

    await user.click(within(card).getByRole('button', { name: 'Remove ops@acme.test from User created' }));
    await waitFor(() => expect(within(card).queryByText('ops@acme.test')).not.toBeInTheDocument());
  });

  it('adds an SMS notification only to a phone number in E.164', async () => {
    const api = server();
    api.on({ [`POST ${SMS}/role.created`]: null });
    const user = renderSection(ADMIN);
    await user.click(await screen.findByRole('tab', { name: 'SMS' }));
    await user.click(await screen.findByRole('button', { name: 'Add event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add SMS notification' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Event' }));
    await user.click(await screen.findByRole('option', { name: 'Role created', hidden: true }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), '555 0100');
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    expect(within(dialog).getByText(/international format/)).toBeInTheDocument();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Phone number' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), '+1 555 010 0199');
    await user.click(within(dialog).getByRole('button', { name: 'Add event' }));
    await waitFor(() => expect(api.sent(`POST ${SMS}/role.created`)).toHaveLength(1));
    expect(api.sent(`POST ${SMS}/role.created`)[0]?.body).toEqual({
      enabled: true,
      subscriptions: [{ name: 'Recipients', enabled: true, recipients: ['+15550100199'] }],
    });
  });

  it('offers "Add to Slack" from the application client id and scope, with a state this tab remembers', async () => {
    const api = server();
    api.on({
      [`GET ${SLACK}`]: { id: 'sl1', connected: false, teamName: null, slackSubscriptions: [] },
      [`GET ${SLACK}/applications`]: {
        clientId: 'client-1',
        scope: 'chat:write,channels:read',
        authorizeUrl: 'https://slack.example.com/oauth/v2/authorize',
      },
    });
    const user = renderSection(ADMIN);
    await user.click(await screen.findByRole('tab', { name: 'Slack' }));
    const link = await screen.findByRole('link', { name: 'Add to Slack' });
    const href = new URL(link.getAttribute('href') ?? '');
    expect(href.origin + href.pathname).toBe('https://slack.example.com/oauth/v2/authorize');
    expect(href.searchParams.get('client_id')).toBe('client-1');
    expect(href.searchParams.get('scope')).toBe('chat:write,channels:read');
    // The state Slack sends back is the one this tab remembers.
    expect(href.searchParams.get('state')).toBe(sessionStorage.getItem('brizo.slack-oauth-state'));
    expect(href.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);
    expect(api.sent(`POST ${SLACK}/applications/registrations`)).toHaveLength(0);
  });

  it('connects Slack with the returned code, then posts an event to the channels chosen', async () => {
    sessionStorage.setItem('brizo.slack-oauth-state', 'state-1');
    const api = server();
    let configuration: Record<string, unknown> = {
      id: 'sl1',
      connected: false,
      teamName: null,
      slackSubscriptions: [],
    };
    api.on({
      [`GET ${SLACK}`]: () => configuration,
      [`POST ${SLACK}/applications/registrations`]: () => {
        configuration = { ...configuration, connected: true, teamName: 'Acme' };
        return {};
      },
      [`GET ${SLACK}/channels`]: [
        { id: 'C1', name: 'alerts' },
        { id: 'C2', name: 'security' },
      ],
      [`POST ${SLACK}/subscriptions`]: (request) => {
        configuration = {
          ...configuration,
          slackSubscriptions: [{ ...(request.body as object), id: 'sub1' }],
        };
        return {};
      },
    });
    const user = renderSection(ADMIN, '/?code=slack-code&state=state-1');
    expect(await screen.findByText('Slack is connected.')).toBeInTheDocument();
    expect(api.sent(`POST ${SLACK}/applications/registrations`)).toHaveLength(1);
    expect(api.sent(`POST ${SLACK}/applications/registrations`)[0]?.body).toEqual({ code: 'slack-code' });
    expect(await screen.findByText('Acme')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Slack subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Slack subscription' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Event' }));
    await user.click(await screen.findByRole('option', { name: 'User deleted', hidden: true }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Channels' }));
    await user.click(await screen.findByRole('option', { name: '#security', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const row = await screen.findByRole('row', { name: /User deleted/ });
    expect(row).toHaveTextContent('#security');
    expect(api.sent(`POST ${SLACK}/subscriptions`)[0]?.body).toEqual({
      isActive: true,
      slackEvents: [{ eventKey: 'user.deleted', channelIds: ['C2'] }],
    });
  });

  it('refuses a Slack code that comes back with a state this browser did not send', async () => {
    sessionStorage.setItem('brizo.slack-oauth-state', 'state-1');
    const api = server();
    api.on({ [`GET ${SLACK}`]: { id: 'sl1', connected: false, teamName: null, slackSubscriptions: [] } });
    renderSection(['fe.connectivity.read.webhooks'], '/?code=forged&state=other');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Slack answered a request this page did not make',
    );
    expect(api.sent(`POST ${SLACK}/applications/registrations`)).toHaveLength(0);
  });
});
