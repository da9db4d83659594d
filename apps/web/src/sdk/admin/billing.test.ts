import { describe, expect, it } from 'vitest';
import { activatesWithoutServer, BILLING_TEXTS, billingErrorText, mockBilling } from './billing';

// Issue 15: the Subscription section's rules that live with its data.

const failure = (message: string, errorCode?: string) => Object.assign(new Error(message), { errorCode });

describe('billing errors (SPEC section 8)', () => {
  it.each([
    ['ER-BILLING-PROVIDER-NOT-CONFIGURED', 'Payment provider not configured'],
    ['ER-BILLING-SUBSCRIPTION-NOT-FOUND', 'Subscription not found'],
    ['ER-BILLING-EXTERNALLY-MANAGED', 'Billing is externally managed'],
    ['ER-BILLING-TENANT-NOT-DEFINED', 'TenantId is not defined'],
    ['ER-ADMIN-FORBIDDEN', 'Not authorized'],
  ])('shows %s as "%s"', (code, text) => {
    expect(billingErrorText(failure('server words', code))).toBe(text);
  });

  it("keeps the server's message otherwise, and says 'Internal feature failure' without one", () => {
    expect(billingErrorText(failure('Your card was declined.', 'ER-BILLING-CARD-DECLINED'))).toBe(
      'Your card was declined.',
    );
    expect(billingErrorText({})).toBe(BILLING_TEXTS.internalFailure);
  });
});

describe('checkout (SPEC section 4)', () => {
  const { subscription } = mockBilling(new Date('2026-03-01T00:00:00Z'));

  it('activates a trialing subscription that already has a payment method without a server call', () => {
    const trialing = { ...subscription, status: 'trialing' as const, paymentMethodId: 'pm_1' };
    expect(activatesWithoutServer(trialing, trialing.planId)).toBe(true);
  });

  it('goes to the server without a card, for another plan, or when not trialing', () => {
    const trialing = { ...subscription, status: 'trialing' as const };
    expect(activatesWithoutServer(trialing, trialing.planId)).toBe(false);
    expect(activatesWithoutServer({ ...trialing, paymentMethodId: 'pm_1' }, 'mock-premium')).toBe(false);
    expect(activatesWithoutServer({ ...subscription, paymentMethodId: 'pm_1' }, subscription.planId)).toBe(
      false,
    );
  });

  it('previews the mock plans: Premium 10000 cents and Free 0, monthly in usd', () => {
    expect(
      mockBilling(new Date()).plans.map((plan) => [plan.name, plan.price.amount, plan.price.currency]),
    ).toEqual([
      ['Premium', 10_000, 'usd'],
      ['Free', 0, 'usd'],
    ]);
  });
});
