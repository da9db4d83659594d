import { auditColumns } from '@brizo/contract/entities/audits';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminPortalProvider } from '../../../components/admin';
import { fakeApi, status } from '../../../testing/fake-api';
import { renderScreen } from '../../../testing/render';
import { AuditsSection } from './audits-section';

vi.mock('../../../sdk/admin/portal', () => ({ usePreviewMode: () => false }));

const ADMIN = ['fe.*'];
const READ_ONLY = ['fe.secure.read.audits', 'fe.secure.read.securityPolicy'];

const event = (overrides: Record<string, unknown> = {}) => ({
  _id: 'e1',
  action: 'User logged in',
  description: 'Signed in with a password',
  severity: 'Info',
  ip: '203.0.113.7',
  email: 'ann@acme.test',
  user: 'u1',
  userAgent: 'Firefox/130',
  json: { method: 'password', before: { roles: [] } },
  tenantId: 't1',
  vendorId: 'v1',
  createdAt: '2026-03-11T10:00:00.000Z',
  updatedAt: '2026-03-11T10:00:00.000Z',
  ...overrides,
});
const second = event({
  _id: 'e2',
  action: 'Security policy updated',
  severity: 'High',
  email: 'bob@acme.test',
  createdAt: '2026-03-11T09:00:00.000Z',
});

function server(rows: unknown[] = [event(), second]) {
  return fakeApi({
    'GET /audits': { data: rows, total: rows.length, totalIsCapped: false },
    'GET /audits/stats': { totalToday: 12, severeThisWeek: 3 },
    'GET /audits/actions': { actions: ['Security policy updated', 'User logged in'] },
    'GET /audits/settings': { retentionDays: null, defaultRetentionDays: 365 },
    'GET /metadata': {
      rows: [
        { id: 'audits', entityName: 'audits', vendorId: 'v1', configuration: {}, properties: auditColumns },
      ],
    },
  });
}

/** Where the section has put the router (its page, sort and filters). */
function Address() {
  return <output data-testid="address">{useLocation().search}</output>;
}
const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');

function renderSection(permissions: string[], route = '/') {
  renderScreen(
    <AdminPortalProvider configuration={{}} viewer={{ permissions, superUser: false }} preview={false}>
      <AuditsSection />
      <Address />
    </AdminPortalProvider>,
    { route },
  );
  return userEvent.setup();
}

/** The search box and the filters tell their value once typing pauses (400 ms); a busy machine is slower. */
const SETTLED = { timeout: 5000 };

const lastList = (api: ReturnType<typeof server>) => api.sent('GET /audits').at(-1)?.query;

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Audit logs section', { timeout: 30_000 }, () => {
  it("shows the stats and the log's newest events with their severity, 20 a page", async () => {
    const api = server();
    renderSection(ADMIN);
    const table = await screen.findByRole('table', { name: 'Audit events' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Security policy updated')).toBeInTheDocument();
    expect(within(table).getByText('High').closest('[data-severity]')).toHaveAttribute(
      'data-severity',
      'High',
    );
    expect(screen.getByText('Events today').nextSibling).toHaveTextContent('12');
    expect(screen.getByText('Severe this week').nextSibling).toHaveTextContent('3');
    expect(screen.getByText(/2 events/)).toBeInTheDocument();
    expect(lastList(api)?.get('count')).toBe('20');
    expect(lastList(api)?.get('offset')).toBe('0');
    expect(lastList(api)?.get('sortBy')).toBe('createdAt');
    expect(lastList(api)?.get('sortDirection')).toBe('desc');
    expect(screen.getByRole('columnheader', { name: /Time/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('sorts by a column, keeping the sort in the address', async () => {
    const api = server();
    const user = renderSection(ADMIN);
    await user.click(await screen.findByRole('button', { name: /^Action/ }));
    await waitFor(() => expect(lastList(api)?.get('sortBy')).toBe('action'), SETTLED);
    expect(lastList(api)?.get('sortDirection')).toBe('desc');
    expect(screen.getByRole('columnheader', { name: /Action/ })).toHaveAttribute('aria-sort', 'descending');
    await user.click(screen.getByRole('button', { name: /^Action/ }));
    await waitFor(() => expect(lastList(api)?.get('sortDirection')).toBe('asc'), SETTLED);
    expect(address().get('sortBy')).toBe('action');
    expect(address().get('sortDirection')).toBe('asc');
  });

  it('filters by severity and searches, each filter a chip that removes it, all kept in the address', async () => {
    const api = server();
    const user = renderSection(ADMIN);
    await screen.findByRole('table', { name: 'Audit events' });
    const severity = screen.getAllByLabelText('Severity').find((element) => element.tagName === 'INPUT');
    await user.click(severity as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'High', hidden: true }));
    await waitFor(() => expect(lastList(api)?.get('severity')).toBe('High'), SETTLED);
    expect(address().get('severity')).toBe('High');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'policy');
    await waitFor(() => expect(lastList(api)?.get('filter')).toBe('policy'), SETTLED);
    expect(address().get('search')).toBe('policy');
    const chips = screen.getByRole('group', { name: 'Active filters' });
    expect(within(chips).getByText('Severity: High')).toBeInTheDocument();
    await user.click(within(chips).getByRole('button', { name: 'Remove filter Severity: High' }));
    await waitFor(() => expect(lastList(api)?.has('severity')).toBe(false), SETTLED);
    expect(lastList(api)?.get('filter')).toBe('policy');
    await user.click(
      within(screen.getByRole('group', { name: 'Active filters' })).getByRole('button', {
        name: 'Clear filters',
      }),
    );
    await waitFor(() => expect(lastList(api)?.has('filter')).toBe(false), SETTLED);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('starts from the page, sort and filters of the address (a reload keeps them)', async () => {
    const api = server();
    renderSection(
      ADMIN,
      '/?page=3&severity=High,Critical&search=alpha&action=User%20logged%20in&from=2026-03-01&sortBy=email&sortDirection=asc',
    );
    await screen.findByRole('table', { name: 'Audit events' });
    const sent = lastList(api);
    expect(sent?.get('offset')).toBe('40');
    expect(sent?.get('severity')).toBe('High,Critical');
    expect(sent?.get('filter')).toBe('alpha');
    expect(sent?.get('action')).toBe('User logged in');
    expect(sent?.get('createdFrom')).toBe('2026-03-01');
    expect(sent?.get('sortBy')).toBe('email');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('alpha');
    expect(screen.getByLabelText('From (UTC)')).toHaveValue('2026-03-01');
  });

  it('opens an event in a drawer with Enter, its JSON pretty-printed', async () => {
    server();
    const user = renderSection(ADMIN);
    const row = await screen.findByTestId('audit-row-e1');
    row.focus();
    await user.keyboard('{Enter}');
    const details = await screen.findByTestId('audit-details');
    expect(within(details).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(details).getByText('Firefox/130')).toBeInTheDocument();
    expect(within(details).getByText('u1')).toBeInTheDocument();
    expect(within(details).getByLabelText('Details').textContent).toBe(
      JSON.stringify({ method: 'password', before: { roles: [] } }, null, 2),
    );
    await user.click(screen.getByRole('button', { name: 'Close event details' }));
    await waitFor(() => expect(screen.queryByTestId('audit-details')).not.toBeInTheDocument(), SETTLED);
  });

  it('shows the columns chosen, and remembers them', async () => {
    server();
    const user = renderSection(ADMIN);
    const table = await screen.findByRole('table', { name: 'Audit events' });
    expect(within(table).getByRole('columnheader', { name: /IP address/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'IP address' }));
    await user.click(screen.getByRole('checkbox', { name: 'User agent' }));
    expect(within(table).queryByRole('columnheader', { name: /IP address/ })).not.toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /User agent/ })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('brizo.audits.columns') ?? '[]')).toContain('userAgent');
  });

  it('exports the filtered view as CSV, showing the rows received, then saves the file', async () => {
    server();
    const csv = 'Time,Severity\r\n2026-03-11T10:00:00.000Z,Info\r\n"x\r\ny",High\r\n';
    const fakeFetch = globalThis.fetch;
    const sent: Array<{ url: string; body: unknown }> = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (!url.includes('/audits/export/')) return fakeFetch(input, init);
      sent.push({ url, body: JSON.parse(String(init?.body)) });
      const bytes = new TextEncoder().encode(csv);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(bytes.slice(0, 20));
          controller.enqueue(bytes.slice(20));
          controller.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/csv' } });
    });
    const saved: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:audits', revokeObjectURL: () => {} }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const user = renderSection(ADMIN, '/?severity=High');
    await screen.findByRole('table', { name: 'Audit events' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(/Exported 2 rows/)).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const request = new URL(sent[0]?.url ?? '');
    expect(request.pathname).toMatch(/\/audits\/export\/csv\/v2$/);
    expect(request.searchParams.get('severity')).toBe('High');
    expect(sent[0]?.body).toEqual({
      properties: auditColumns
        .filter((column) => column.showInTable)
        .map(({ name, displayName }) => ({ name, displayName })),
    });
  });

  it('lets an administrator change the retention; the Read Only administrator only reads it', async () => {
    const api = server();
    api.on({
      'PUT /audits/settings': (request) => ({ ...(request.body as object), defaultRetentionDays: 365 }),
    });
    const user = renderSection(ADMIN);
    const card = await screen.findByRole('region', { name: 'Retention' });
    expect(
      within(card).getByText('Events are kept for 365 days (the default), then deleted.'),
    ).toBeInTheDocument();
    await user.click(within(card).getByRole('radio', { name: 'A number of days' }));
    const daysInput = within(card).getByRole('textbox', { name: 'Days to keep events' });
    await user.clear(daysInput);
    await user.type(daysInput, '0');
    expect(within(card).getByRole('button', { name: 'Save retention' })).toBeDisabled();
    await user.clear(daysInput);
    await user.type(daysInput, '90');
    await user.click(within(card).getByRole('button', { name: 'Save retention' }));
    await waitFor(() => expect(api.sent('PUT /audits/settings')).toHaveLength(1), SETTLED);
    expect(api.sent('PUT /audits/settings')[0]?.body).toEqual({ retentionDays: 90 });
    expect(await within(card).findByText('Events are kept for 90 days, then deleted.')).toBeInTheDocument();
    expect(within(card).getByRole('status')).toHaveTextContent('Retention saved.');
  });

  it('shows the Read Only administrator the log and the retention, with nothing to change', async () => {
    server();
    renderSection(READ_ONLY);
    const card = await screen.findByRole('region', { name: 'Retention' });
    expect(within(card).getByText(/365 days/)).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Save retention' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Audit events' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('says when nothing matches the filters, and when the log is empty', async () => {
    server([]);
    const user = renderSection(ADMIN, '/?severity=Critical');
    expect(await screen.findByText('No events match these filters')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1) as HTMLElement);
    expect(await screen.findByText('No audit events yet')).toBeInTheDocument();
  });

  it("shows the server's refusal and tries again", async () => {
    const api = server();
    api.on({
      'GET /audits': status(400, { errors: ['offset: too far'], errorCode: 'ER-REQUEST-VALIDATION' }),
    });
    const user = renderSection(ADMIN);
    expect(await screen.findByRole('alert')).toHaveTextContent('offset: too far');
    api.on({ 'GET /audits': { data: [event()], total: 1, totalIsCapped: false } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Audit events' })).toBeInTheDocument();
  });
});
