// Issue 15: the portal's Stripe card form. Stripe.js confirms a setup intent in the browser; the portal
// then asks the server to record its card (POST .../setup-intents/v1/confirmations), which reads the setup
// back from Stripe. Stripe cannot be reached here, so these tests cover what runs offline: validation,
// the provider not configured, the development provider, a tenant without a customer at Stripe, the
// billing permission, and the reading of a retrieved setup intent (its customer must be the tenant's).
import { describe, expect, it } from 'vitest';
import { cardOfConfirmedSetup } from '../../../src/services/billing/providers/stripe.js';
import { as, createTenantAdmins } from '../../admin-support.js';
import { expectErrorShape, useTestServer } from '../../harness.js';

const BILLING = '/frontegg/subscriptions/resources/billing';
const CONFIRMATIONS = `${BILLING}/payment-providers/stripe/setup-intents/v1/confirmations`;

describe('recording a card Stripe.js confirmed, without a payment provider', () => {
  const server = useTestServer({ env: { PAYMENT_PROVIDER: 'none' } });

  it("answers 409 'Payment provider not configured'", async () => {
    const tenant = await createTenantAdmins(server());
    const body = expectErrorShape(
      await as(server(), tenant.admin)('POST', CONFIRMATIONS, { setupIntentId: 'seti_123' }),
      409,
    );
    expect(body).toMatchObject({
      errors: ['Payment provider not configured'],
      errorCode: 'ER-BILLING-PROVIDER-NOT-CONFIGURED',
    });
  });
});

describe('recording a card Stripe.js confirmed, with the development provider', () => {
  const server = useTestServer();

  it('refuses it (400): the development provider confirms its cards with its own form', async () => {
    const tenant = await createTenantAdmins(server());
    const admin = as(server(), tenant.admin);
    const intent = (await admin('POST', `${BILLING}/payment-providers/stripe/setup-intents/v1`, {})).json<{
      id: string;
    }>();
    const body = expectErrorShape(await admin('POST', CONFIRMATIONS, { setupIntentId: intent.id }), 400);
    expect(body.errorCode).toBe('ER-BILLING-SETUP-INTENT-INVALID');
    expect((await admin('GET', `${BILLING}/payment-methods/v1`)).json()).toEqual([]);
  });

  it("keeps Stripe out of the pages' content security policy", async () => {
    const page = await server().app.inject({ method: 'GET', url: '/account/login' });
    expect(String(page.headers['content-security-policy'])).not.toContain('stripe');
  });
});

describe('recording a card Stripe.js confirmed (PAYMENT_PROVIDER=stripe, offline)', () => {
  const server = useTestServer({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_issue15_offline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_issue15_offline',
      STRIPE_WEBHOOK_SECRET: 'whsec_issue15_offline',
    },
  });

  it('answers malformed input with 400, never 500', async () => {
    const tenant = await createTenantAdmins(server());
    const admin = as(server(), tenant.admin);
    for (const payload of [
      {},
      { setupIntentId: '' },
      { setupIntentId: 'pm_123' },
      { setupIntentId: 'seti_../../customers' },
      { setupIntentId: `seti_${'a'.repeat(300)}` },
      { setupIntentId: 42 },
      [],
    ]) {
      const response = await admin('POST', CONFIRMATIONS, payload);
      expectErrorShape(response, 400);
    }
  });

  it('refuses a tenant that has no customer at Stripe yet (400), before asking Stripe', async () => {
    const tenant = await createTenantAdmins(server());
    const body = expectErrorShape(
      await as(server(), tenant.admin)('POST', CONFIRMATIONS, { setupIntentId: 'seti_1Abc' }),
      400,
    );
    expect(body.errorCode).toBe('ER-BILLING-SETUP-INTENT-INVALID');
  });

  it("lets the web app's pages load Stripe.js, its card frames and its API calls", async () => {
    const page = await server().app.inject({ method: 'GET', url: '/account/login' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' https://js.stripe.com;");
    expect(policy).toContain("frame-src 'self' https://js.stripe.com https://hooks.stripe.com;");
    expect(policy).toMatch(/connect-src [^;]*https:\/\/api\.stripe\.com/);
  });

  it('needs the billing permission', async () => {
    const tenant = await createTenantAdmins(server());
    const response = await as(server(), tenant.member)('POST', CONFIRMATIONS, { setupIntentId: 'seti_1Abc' });
    expectErrorShape(response, 403);
  });
});

describe("reading a retrieved setup intent's card", () => {
  // Shaped as Stripe answers setupIntents.retrieve(id, { expand: ['payment_method'] }).
  const setupIntent = (changes: Record<string, unknown> = {}) => ({
    id: 'seti_1',
    object: 'setup_intent',
    status: 'succeeded',
    customer: 'cus_own',
    payment_method: {
      id: 'pm_1',
      object: 'payment_method',
      type: 'card',
      card: {
        brand: 'visa',
        last4: '4242',
        exp_month: 8,
        exp_year: 2031,
        fingerprint: 'x',
        funding: 'credit',
      },
      billing_details: { name: 'Ada Lovelace', email: null },
    },
    ...changes,
  });

  it("answers a succeeded setup of the tenant's own customer: brand, last 4 and expiry only", () => {
    expect(cardOfConfirmedSetup(setupIntent(), 'cus_own')).toEqual({
      externalId: 'pm_1',
      brand: 'visa',
      last4: '4242',
      expMonth: 8,
      expYear: 2031,
      name: 'Ada Lovelace',
      email: null,
    });
  });

  it("refuses another customer's setup, an unfinished one and one without its card", () => {
    for (const [intent, customer] of [
      [setupIntent(), 'cus_someone_else'],
      [setupIntent({ customer: { id: 'cus_someone_else' } }), 'cus_own'],
      [setupIntent({ customer: null }), 'cus_own'],
      [setupIntent({ status: 'requires_payment_method' }), 'cus_own'],
      [setupIntent({ payment_method: 'pm_1' }), 'cus_own'],
    ] as const) {
      expect(() => cardOfConfirmedSetup(intent, customer)).toThrow(
        expect.objectContaining({ errorCode: 'ER-BILLING-SETUP-INTENT-INVALID' }) as Error,
      );
    }
  });
});
