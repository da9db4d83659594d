import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminPortalProvider } from '../../../components/admin';
import { fakeApi, status, type ReceivedRequest } from '../../../testing/fake-api';
import { renderScreen } from '../../../testing/render';
import { UsageSection } from './usage-section';

vi.mock('../../../sdk/admin/portal', () => ({ usePreviewMode: () => false }));

const ADMIN = ['fe.*'];
const READ_ONLY = ['fe.usage.read', 'fe.secure.read.audits', 'fe.secure.read.users'];
const zero = { password: 0, passwordless: 0, passkey: 0, sso: 0, social: 0, hostedLogin: 0, mfa: 0 };

/** The server's answer for the range the request names: every day, sign-ins on the last two. */
function usageFor(request: ReceivedRequest) {
  const from = request.query.get('from') ?? '';
  const to = request.query.get('to') ?? '';
  const days = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += 86_400_000)
    days.push({
      date: new Date(day).toISOString().slice(0, 10),
      signIns: { ...zero },
      failedSignIns: 0,
      apiTokenExchanges: 0,
    });
  const last = days.at(-1);
  const before = days.at(-2);
  if (last)
    Object.assign(last, {
      signIns: { ...zero, password: 3, sso: 2 },
      failedSignIns: 1,
      apiTokenExchanges: 4,
    });
  if (before) Object.assign(before, { signIns: { ...zero, passkey: 1 } });
  return {
    from,
    to,
    days,
    monthlyActiveUsers: { last30Days: 42, months: [{ month: to.slice(0, 7), activeUsers: 40 }] },
    mfaAdoption: { enrolled: 3, members: 4 },
    seats: { active: 4, pendingInvitations: 2, disabled: 1 },
    apiTokens: { active: 5, exchangesRecorded: true },
  };
}

const template = (id: string, name: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  description: `${name} of the account`,
  status: 'unscheduled',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  htmlTemplate: '',
  customerListApiUrl: '',
  type: 'html',
  dataFilters: [
    { type: 'number', config: { type: 'number', name: 'days', label: 'Last days' } },
    {
      type: 'select',
      config: { type: 'select', name: 'severity', label: 'Lowest severity', defaultValue: 'High' },
    },
  ],
  recipients: [],
  nextRunAt: null,
  lastRunAt: null,
  ...extra,
});

const REPORTS = '/reports/resources/reports/v2';
const TRIGGERS = '/reports/engine/resources/triggers/v1';
const decode = (base64: unknown) => JSON.parse(atob(String(base64))) as unknown;

function server() {
  return fakeApi({
    'GET /usage/resources/v1': usageFor,
    [`GET ${REPORTS}/tenant-reports`]: [template('security-summary', 'Security summary')],
    [`GET ${TRIGGERS}/preview-report`]: '<h1>Security summary</h1><p>Acme Foods</p>',
  });
}

function renderSection(permissions: string[]) {
  renderScreen(
    <AdminPortalProvider configuration={{}} viewer={{ permissions, superUser: false }} preview={false}>
      <UsageSection />
    </AdminPortalProvider>,
  );
  return userEvent.setup();
}

const today = () => new Date().toISOString().slice(0, 10);
const daysBetween = (request: ReceivedRequest | undefined) =>
  (Date.parse(`${request?.query.get('to')}T00:00:00Z`) -
    Date.parse(`${request?.query.get('from')}T00:00:00Z`)) /
    86_400_000 +
  1;

afterEach(() => vi.unstubAllGlobals());

describe('the Usage section', { timeout: 30_000 }, () => {
  it('shows the key figures and the charts of the last 30 days, each chart with its numbers as a table', async () => {
    const api = server();
    renderSection(READ_ONLY);
    const figures = await screen.findByText('Monthly active users', { selector: 'dt' });
    expect(figures.closest('div')).toHaveTextContent(
      'Monthly active users42Signed in during the last 30 days',
    );
    expect(screen.getByText('MFA adoption', { selector: 'dt' }).closest('div')).toHaveTextContent(
      '75%3 of 4 active members enrolled',
    );
    expect(screen.getByText('Seats used', { selector: 'dt' }).closest('div')).toHaveTextContent(
      '42 pending invitations · 1 disabled',
    );
    expect(screen.getByText('API-token exchanges', { selector: 'dt' }).closest('div')).toHaveTextContent(
      '4In this range · 5 active API tokens',
    );

    const request = api.sent('GET /usage/resources/v1')[0];
    expect(request?.query.get('to')).toBe(today());
    expect(daysBetween(request)).toBe(30);

    const signIns = screen.getByRole('table', { name: 'Sign-ins per day by method' });
    const rows = within(signIns).getAllByRole('row');
    // A header row and one row per day.
    expect(rows).toHaveLength(31);
    expect(
      within(rows[0] as HTMLElement)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Date (UTC)',
      'Password',
      'Passwordless (magic link or code)',
      'Passkey',
      'SSO',
      'Social',
      'Hosted login',
      'With MFA',
      'Total',
    ]);
    expect(rows.at(-1)).toHaveTextContent(/3\s*0\s*0\s*2\s*0\s*0\s*0\s*5$/);
    const legend = screen.getByRole('list', { name: 'Legend of Sign-ins per day by method' });
    expect(within(legend).getAllByRole('listitem')).toHaveLength(7);
    expect(screen.getByRole('figure', { name: 'Sign-ins per day by method' })).toHaveTextContent(
      '6 sign-ins in all',
    );
    expect(screen.getByRole('table', { name: 'Failed sign-ins per day' })).toHaveTextContent('1');
    expect(screen.getByRole('figure', { name: 'API-token exchanges per day' })).toHaveTextContent(
      '4 exchanges in all',
    );
  });

  it('loads the range chosen: a preset, or two days applied together once they make a range', async () => {
    const api = server();
    const user = renderSection(READ_ONLY);
    await screen.findByText('Monthly active users');
    await user.click(screen.getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(api.sent('GET /usage/resources/v1')).toHaveLength(2));
    expect(daysBetween(api.sent('GET /usage/resources/v1')[1])).toBe(7);
    await waitFor(() =>
      expect(
        screen.getByRole('table', { name: 'Failed sign-ins per day' }).querySelectorAll('tbody tr'),
      ).toHaveLength(7),
    );

    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const form = screen.getByRole('form', { name: 'Custom date range' });
    const from = within(form).getByLabelText('From');
    const to = within(form).getByLabelText('To');
    // Date inputs take a whole value at once, as a browser's date picker gives it.
    fireEvent.change(from, { target: { value: '2026-02-10' } });
    fireEvent.change(to, { target: { value: '2026-02-01' } });
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(
      await within(form).findByText('The start date must not be after the end date.'),
    ).toBeInTheDocument();
    expect(api.sent('GET /usage/resources/v1')).toHaveLength(2);

    fireEvent.change(to, { target: { value: '2026-02-20' } });
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(api.sent('GET /usage/resources/v1')).toHaveLength(3));
    const custom = api.sent('GET /usage/resources/v1')[2];
    expect([custom?.query.get('from'), custom?.query.get('to')]).toEqual(['2026-02-10', '2026-02-20']);
    expect(await screen.findByText('Feb 10 – Feb 20, 2026 (UTC)')).toBeInTheDocument();
  });

  it('says what went wrong when the usage cannot be loaded, and tries again', async () => {
    const api = server();
    api.on({
      'GET /usage/resources/v1': status(400, {
        errors: ['The range can be at most 366 days'],
        errorCode: 'ER-USAGE-INVALID-RANGE',
      }),
    });
    const user = renderSection(READ_ONLY);
    expect(await screen.findByRole('alert')).toHaveTextContent('The range can be at most 366 days');
    api.on({ 'GET /usage/resources/v1': usageFor });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Monthly active users')).toBeInTheDocument();
  });
});

describe('the Reports tab', { timeout: 30_000 }, () => {
  const openReports = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(await screen.findByRole('tab', { name: 'Reports' }));
    return screen.findByRole('region', { name: 'Security summary' });
  };

  it('previews a report in a sandboxed frame, with its filters', async () => {
    const api = server();
    const user = renderSection(READ_ONLY);
    const card = await openReports(user);
    expect(card).toHaveTextContent('Not scheduled');
    await user.click(within(card).getByRole('button', { name: 'Preview Security summary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Preview: Security summary' });
    const frame = await within(dialog).findByTitle('Security summary report');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('<h1>Security summary</h1>');
    const first = api.sent(`GET ${TRIGGERS}/preview-report`)[0];
    expect(first?.query.get('responseType')).toBe('html');
    expect(decode(first?.query.get('dataFilters'))).toEqual({ days: 30, severity: 'High' });

    await user.selectOptions(within(dialog).getByLabelText('Period'), 'Last 7 days');
    await waitFor(() => expect(api.sent(`GET ${TRIGGERS}/preview-report`)).toHaveLength(2));
    expect(decode(api.sent(`GET ${TRIGGERS}/preview-report`)[1]?.query.get('dataFilters'))).toEqual({
      days: 7,
      severity: 'High',
    });
    // The Read Only administrator downloads but neither sends nor schedules.
    expect(within(dialog).getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Send now' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('button', { name: /Schedule/ })).not.toBeInTheDocument();
    expect(screen.getByText(/Sending and scheduling them needs permission/)).toBeInTheDocument();
  });

  it('sends a report now to the recipients typed, and shows the server’s refusal on the field', async () => {
    const api = server();
    api.on({
      [`POST ${TRIGGERS}/tenant-reports`]: (request) =>
        (request.body as { to: string[] }).to.includes('stranger@elsewhere.test')
          ? status(400, {
              errors: [
                'Reports can be sent only to members of this account: stranger@elsewhere.test is not one',
              ],
              errorCode: 'ER-REPORTS-INVALID-RECIPIENTS',
            })
          : { templateId: 'security-summary', sentTo: (request.body as { to: string[] }).to },
    });
    const user = renderSection(ADMIN);
    const card = await openReports(user);
    await user.click(within(card).getByRole('button', { name: 'Send Security summary now' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Security summary' });
    const recipients = within(dialog).getByRole('textbox', { name: /Recipients/ });

    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Enter at least one email address.')).toBeInTheDocument();

    await user.click(recipients);
    await user.paste('ann@acme.test, stranger@elsewhere.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText(/stranger@elsewhere.test is not one/)).toBeInTheDocument();

    await user.clear(recipients);
    await user.click(recipients);
    await user.paste('ann@acme.test\nbob@acme.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Security summary sent to ann@acme.test, bob@acme.test.',
    );
    const sent = api.sent(`POST ${TRIGGERS}/tenant-reports`).at(-1);
    expect(sent?.body).toMatchObject({
      templateId: 'security-summary',
      to: ['ann@acme.test', 'bob@acme.test'],
    });
    expect(decode((sent?.body as { dataFilters: string }).dataFilters)).toEqual({
      days: 30,
      severity: 'High',
    });
  });

  it('schedules a report weekly at a time in a time zone, and lists it scheduled', async () => {
    const api = server();
    const scheduled = template('security-summary', 'Security summary', {
      status: 'active',
      schedule: {
        interval: 'weekly',
        cron: '30 9 * * 5',
        tz: 'UTC',
        active: true,
        dataFilters: { days: 30 },
      },
      recipients: ['ann@acme.test'],
      nextRunAt: '2026-03-13T09:30:00.000Z',
    });
    api.on({ [`POST ${REPORTS}/security-summary/tenant-reports`]: scheduled });
    const user = renderSection(ADMIN);
    const card = await openReports(user);
    await user.click(within(card).getByRole('button', { name: 'Schedule Security summary' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule Security summary' });
    expect(within(dialog).getByRole('switch', { name: 'Mail this report on a schedule' })).toBeChecked();
    await user.selectOptions(within(dialog).getByLabelText('Day'), 'Friday');
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '09:30' } });
    await user.selectOptions(within(dialog).getByLabelText('Time zone'), 'UTC');
    await user.selectOptions(within(dialog).getByLabelText('Each mail covers'), 'Last 30 days');
    await user.click(within(dialog).getByRole('textbox', { name: /Recipients/ }));
    await user.paste('ann@acme.test');

    api.on({ [`GET ${REPORTS}/tenant-reports`]: [scheduled] });
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Security summary is scheduled: Weekly on Friday at 09:30 (UTC).',
    );
    const body = api.sent(`POST ${REPORTS}/security-summary/tenant-reports`)[0]?.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      schedule: { interval: 'weekly', cron: '30 9 * * 5', tz: 'UTC', active: true },
      status: 'active',
      type: 'html',
      recipients: ['ann@acme.test'],
    });
    expect(decode(body.dataFilters)).toEqual({ days: 30 });
    const listed = await screen.findByRole('region', { name: 'Security summary' });
    await waitFor(() => expect(listed).toHaveTextContent('Scheduled'));
    expect(listed).toHaveTextContent('Weekly on Friday at 09:30 (UTC)');
    expect(listed).toHaveTextContent('1 recipient');
  });
});
