import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminPortalProvider } from '../../../components/admin';
import { fakeApi, status } from '../../../testing/fake-api';
import { renderScreen } from '../../../testing/render';
import { SubscriptionSection } from './subscription-section';

vi.mock('../../../sdk/admin/portal', () => ({ usePreviewMode: () => false }));

// Issue 15: the Subscription section against a fake identity server (the SDK's fetch).

const BILLING = '/subscriptions/resources/billing';
const plan = (id: string, slug: string, name: string, amount: number) => ({
  id,
  externalId: slug,
  name,
  description: `${name} plan`,
  price: { id: `price-${slug}`, externalId: `price-${slug}`, amount, currency: 'usd' },
  slug,
});
const subscription = (overrides: Record<string, unknown> = {}) => ({
  id: 'sub-1',
  externalId: 'sub_1',
  externallyManaged: false,
  startDate: '2026-03-01T00:00:00.000Z',
  currentPeriodStart: '2026-03-01T00:00:00.000Z',
  currentPeriodEnd: '2026-04-01T00:00:00.000Z',
  status: 'active',
  cancellation: null,
  plan: { slug: 'premium' },
  planId: 'plan-premium',
  paymentMethodId: 'pm-1',
  ...overrides,
});

function server(current = subscription()) {
  return fakeApi({
    'GET /subscriptions/resources/payment-providers/v1': [
      { providerType: 'Stripe', name: 'Development', status: 'active', kind: 'development' },
    ],
    [`GET ${BILLING}/subscriptions/v1`]: [current],
    [`GET ${BILLING}/plans/v1`]: [
      plan('plan-free', 'free', 'Free', 0),
      plan('plan-premium', 'premium', 'Premium', 10_000),
    ],
    [`GET ${BILLING}/payment-methods/v1`]: [
      {
        id: 'pm-1',
        externalId: 'pm_1',
        type: 'card',
        isDefault: true,
        last4: '4242',
        expMonth: 8,
        expYear: 2031,
        brand: 'visa',
        billingDetails: { name: 'Ada' },
      },
    ],
    [`GET ${BILLING}/invoices/v1`]: [
      {
        id: 'inv-1',
        externalId: 'pi_1',
        subscriptionId: 'sub-1',
        paymentDate: '2026-03-01T00:00:00.000Z',
        totalAmount: 10_000,
        currency: 'usd',
        paid: true,
        receiptNumber: 'BRZ-0001',
      },
    ],
    [`GET ${BILLING}/configurations/vendor-public-configurations/v1`]: {
      allowPlanDowngrade: false,
      allowPlanCancellation: true,
      whiteLabelMode: false,
    },
  });
}

function renderSection() {
  renderScreen(
    <AdminPortalProvider
      configuration={{}}
      viewer={{ permissions: ['fe.*'], superUser: false }}
      preview={false}
    >
      <SubscriptionSection />
    </AdminPortalProvider>,
  );
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe('the Subscription section', { timeout: 30_000 }, () => {
  it('shows the plan with its upper-case status, the card and the invoices in dollars', async () => {
    server();
    renderSection();
    const current = await screen.findByRole('region', { name: 'Current plan' });
    expect(within(current).getByText('ACTIVE')).toBeInTheDocument();
    expect(within(current).getByText('$100.00 / month')).toBeInTheDocument();
    expect(screen.getByText('VISA •••• 4242')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Invoices' })).getByRole('cell', { name: '$100.00' }),
    ).toBeInTheDocument();
  });

  it('offers no downgrade the vendor forbids, and cancels after asking', async () => {
    const api = server();
    const user = renderSection();
    const current = await screen.findByRole('region', { name: 'Current plan' });
    await user.click(within(current).getByRole('button', { name: 'Change plan' }));
    expect(screen.getByLabelText('Free: $0.00 / month')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Close without changing' }));

    api.on({
      [`PUT ${BILLING}/subscriptions/v1/sub-1/cancellations/`]: subscription({
        cancellation: { policy: 'atPeriodEnd' },
      }),
    });
    await user.click(within(current).getByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel subscription?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    await waitFor(() =>
      expect(api.sent(`PUT ${BILLING}/subscriptions/v1/sub-1/cancellations/`)).toHaveLength(1),
    );
  });

  it("says 'Payment provider not configured' when there is none", async () => {
    fakeApi({ 'GET /subscriptions/resources/payment-providers/v1': [] });
    renderSection();
    expect(await screen.findByText('Payment provider not configured')).toBeInTheDocument();
  });

  it("shows an unknown status as EXPIRED, and 'Not authorized' for a refused load", async () => {
    server(subscription({ status: 'trialEnded' }));
    renderSection();
    expect(await screen.findByText('EXPIRED')).toBeInTheDocument();
    vi.unstubAllGlobals();
    fakeApi({
      'GET /subscriptions/resources/payment-providers/v1': status(403, {
        errors: ['You are not allowed'],
        errorCode: 'ER-ADMIN-FORBIDDEN',
      }),
    });
    renderSection();
    expect(await screen.findByText('Not authorized')).toBeInTheDocument();
  });
});
