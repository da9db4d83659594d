// Issue 15: the payment provider settings: none configured (SPEC section 8 'Payment provider not
// configured'), the vendor's rules on downgrades and cancellations, and Stripe's signed webhooks,
// verified with Stripe's own library over the raw body (signed here as Stripe signs them; no network).
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { billingCustomers, billingPaymentMethods } from '../../../src/db/schema/index.js';
import { toProviderEvent } from '../../../src/services/billing/providers/stripe.js';
import { as, createTenantAdmins } from '../../admin-support.js';
import { expectErrorShape, useTestServer } from '../../harness.js';

const RESOURCES = '/frontegg/subscriptions/resources';
const BILLING = `${RESOURCES}/billing`;

describe('without a payment provider (PAYMENT_PROVIDER=none)', () => {
  const server = useTestServer({ env: { PAYMENT_PROVIDER: 'none' } });

  it("answers every billing call 409 'Payment provider not configured', and lists no provider", async () => {
    const tenant = await createTenantAdmins(server());
    const admin = as(server(), tenant.admin);
    for (const [method, url] of [
      ['GET', `${BILLING}/subscriptions/v1`],
      ['GET', `${BILLING}/plans/v1`],
      ['GET', `${BILLING}/invoices/v1`],
      ['GET', `${BILLING}/payment-methods/v1`],
      ['GET', `${BILLING}/summaries/v1/${tenant.tenant.id}`],
      ['GET', `${BILLING}/configurations/vendor-public-configurations/v1`],
      ['GET', `${BILLING}/payment-providers/stripe/public-configurations/v1`],
      ['POST', `${BILLING}/payment-providers/stripe/setup-intents/v1`],
      ['GET', `${RESOURCES}/subscriptions/v1`],
    ] as const) {
      const body = expectErrorShape(await admin(method, url, method === 'POST' ? {} : undefined), 409);
      expect(body).toMatchObject({
        errors: ['Payment provider not configured'],
        errorCode: 'ER-BILLING-PROVIDER-NOT-CONFIGURED',
      });
    }
    const providers = await admin('GET', `${RESOURCES}/payment-providers/v1`);
    expect(providers.statusCode).toBe(200);
    expect(providers.json()).toEqual([]);
  });
});

describe('the vendor forbids downgrades and cancellations', () => {
  const server = useTestServer({
    env: { BILLING_ALLOW_PLAN_DOWNGRADE: 'false', BILLING_ALLOW_PLAN_CANCELLATION: 'false' },
  });

  it('says so in its public configuration and refuses both (403)', async () => {
    const tenant = await createTenantAdmins(server());
    const admin = as(server(), tenant.admin);
    expect(
      (await admin('GET', `${BILLING}/configurations/vendor-public-configurations/v1`)).json(),
    ).toMatchObject({ allowPlanDowngrade: false, allowPlanCancellation: false });
    const intent = (await admin('POST', `${BILLING}/payment-providers/stripe/setup-intents/v1`, {})).json<{
      setupIntentSecret: string;
    }>();
    const card = await admin('POST', `${BILLING}/payment-providers/development/confirmations/v1`, {
      setupIntentSecret: intent.setupIntentSecret,
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2099,
      cvc: '123',
      name: 'Grace Hopper',
    });
    expect(card.statusCode, card.body).toBe(201);
    const [subscription] = (await admin('GET', `${BILLING}/subscriptions/v1`)).json<Array<{ id: string }>>();
    const one = `${BILLING}/subscriptions/v1/${subscription?.id ?? ''}`;
    expect((await admin('PUT', one, { planId: 'premium' })).statusCode).toBe(200);
    expect(expectErrorShape(await admin('PUT', one, { planId: 'free' }), 403).errorCode).toBe(
      'ER-BILLING-DOWNGRADE-NOT-ALLOWED',
    );
    expect(expectErrorShape(await admin('PUT', `${one}/cancellations`, {}), 403).errorCode).toBe(
      'ER-BILLING-CANCELLATION-NOT-ALLOWED',
    );
  });
});

describe('Stripe (PAYMENT_PROVIDER=stripe): signed webhooks', () => {
  const secret = 'whsec_issue15_test_secret';
  const server = useTestServer({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_issue15_offline',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_issue15_offline',
      STRIPE_WEBHOOK_SECRET: secret,
    },
  });
  const WEBHOOK = `${RESOURCES}/payment-providers/stripe/webhooks/v1`;

  const attached = (id: string, customer: string) =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'payment_method.attached',
      data: {
        object: {
          id: `pm_${id}`,
          object: 'payment_method',
          customer,
          type: 'card',
          card: { brand: 'visa', last4: '4242', exp_month: 8, exp_year: 2031 },
          billing_details: { name: 'Ada Lovelace', email: 'ada@acme-foods.test' },
        },
      },
    });

  const post = (payload: string, signature: string) =>
    server().app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });

  it('answers the publishable key to the browser', async () => {
    const tenant = await createTenantAdmins(server());
    const response = await as(server(), tenant.admin)(
      'GET',
      `${BILLING}/payment-providers/stripe/public-configurations/v1`,
    );
    expect(response.json()).toMatchObject({ active: true, publishableKey: 'pk_test_issue15_offline' });
  });

  it("adds a card that Stripe attached to the tenant's customer, once however often it is delivered", async () => {
    const tenant = await createTenantAdmins(server());
    const customer = `cus_${tenant.tenant.id.slice(0, 8)}`;
    await server()
      .db.insert(billingCustomers)
      .values({ tenantId: tenant.tenant.id, provider: 'stripe', externalId: customer });
    const payload = attached(`evt_${tenant.tenant.id.slice(0, 8)}`, customer);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });

    for (let delivery = 0; delivery < 2; delivery += 1) {
      const response = await post(payload, signature);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ received: true, type: 'cardAttached' });
    }
    const cards = await server()
      .db.select()
      .from(billingPaymentMethods)
      .where(eq(billingPaymentMethods.tenantId, tenant.tenant.id));
    expect(cards).toMatchObject([
      { brand: 'visa', last4: '4242', expMonth: 8, expYear: 2031, isDefault: true },
    ]);
  });

  it('refuses a wrong signature, a changed body, an old signature and none (400)', async () => {
    const payload = attached('evt_forged', 'cus_forged');
    const wrong = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    expect(expectErrorShape(await post(payload, wrong), 400).errorCode).toBe('ER-BILLING-WEBHOOK-INVALID');
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    expectErrorShape(await post(payload.replace('4242', '0000'), signed), 400);
    const old = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expectErrorShape(await post(payload, old), 400);
    expectErrorShape(
      await server().app.inject({
        method: 'POST',
        url: WEBHOOK,
        headers: { 'content-type': 'application/json' },
        payload,
      }),
      400,
    );
  });

  it('maps the events billing follows and ignores the others', () => {
    expect(
      toProviderEvent({ id: 'evt_1', type: 'payment_method.detached', data: { object: { id: 'pm_1' } } }),
    ).toEqual({
      id: 'evt_1',
      type: 'cardDetached',
      cardExternalId: 'pm_1',
    });
    expect(
      toProviderEvent({
        id: 'evt_2',
        type: 'payment_intent.payment_failed',
        data: { object: { customer: 'cus_1' } },
      }),
    ).toEqual({ id: 'evt_2', type: 'paymentFailed', customerExternalId: 'cus_1' });
    expect(toProviderEvent({ id: 'evt_3', type: 'charge.refunded', data: { object: {} } })).toEqual({
      id: 'evt_3',
      type: 'ignored',
      providerType: 'charge.refunded',
    });
    // A malformed object of a followed type is not trusted either.
    expect(
      toProviderEvent({ id: 'evt_4', type: 'payment_method.attached', data: { object: { id: 1 } } }),
    ).toMatchObject({
      type: 'ignored',
    });
  });
});
