// Issue 15: subscription and billing with the development payment provider (offline, Stripe's test
// cards): the Free plan on first read, cards, an upgrade with its invoice and PDF, cancel and renew,
// renewals as time passes, and the guards (permission, tenant isolation, malformed input).
import { describe, expect, it } from 'vitest';
import { as, auditActionsOf, createTenantAdmins, signedIn, type TenantAdmins } from '../../admin-support.js';
import { expectErrorShape, useTestServer } from '../../harness.js';

const server = useTestServer({ env: { PAYMENT_PROVIDER: 'development' } });
const BILLING = '/frontegg/subscriptions/resources/billing';
const MANAGED = '/frontegg/subscriptions/resources/subscriptions/v1';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

interface Subscription {
  id: string;
  status: string;
  cancellation: { policy: string } | null;
  plan: { slug: string };
  planId: string;
  paymentMethodId: string | null;
  currentPeriodEnd: string;
}
interface Plan {
  id: string;
  slug: string;
  name: string;
  price: { amount: number; currency: string };
}
interface Invoice {
  id: string;
  subscriptionId: string;
  totalAmount: number;
  currency: string;
  paid: boolean;
  receiptNumber: string;
}
interface PaymentMethod {
  id: string;
  last4: string;
  brand: string;
  isDefault: boolean;
  billingDetails: { email?: string; address?: Record<string, string> };
}

const admin = (tenant: TenantAdmins) => as(server(), tenant.admin);

async function ok<T>(response: Awaited<ReturnType<ReturnType<typeof admin>>>, status = 200): Promise<T> {
  expect(response.statusCode, response.body).toBe(status);
  return Promise.resolve(response.json<T>());
}

async function subscriptionOf(tenant: TenantAdmins): Promise<Subscription> {
  const [subscription] = await ok<Subscription[]>(await admin(tenant)('GET', `${BILLING}/subscriptions/v1`));
  if (!subscription) throw new Error('no subscription');
  return subscription;
}

async function plans(tenant: TenantAdmins) {
  const list = await ok<Plan[]>(await admin(tenant)('GET', `${BILLING}/plans/v1`));
  const premium = list.find((plan) => plan.slug === 'premium');
  const free = list.find((plan) => plan.slug === 'free');
  if (!premium || !free) throw new Error('no mock plans');
  return { premium, free };
}

/** Adds a card through the development card form: a setup intent, then its confirmation. */
async function addCard(tenant: TenantAdmins, cardNumber: string, status = 201) {
  const intent = await ok<{ setupIntentSecret: string }>(
    await admin(tenant)('POST', `${BILLING}/payment-providers/stripe/setup-intents/v1`, {}),
    201,
  );
  expect(intent.setupIntentSecret).toMatch(/^seti_dev_/);
  const response = await admin(tenant)('POST', `${BILLING}/payment-providers/development/confirmations/v1`, {
    setupIntentSecret: intent.setupIntentSecret,
    cardNumber,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 3,
    cvc: '123',
    name: 'Ada Lovelace',
  });
  expect(response.statusCode, response.body).toBe(status);
  return { response, secret: intent.setupIntentSecret };
}

describe('subscription and billing (issue 15), development provider', () => {
  it('starts every tenant on the Free plan, lists the mock plans and the vendor configuration', async () => {
    const tenant = await createTenantAdmins(server());
    const subscription = await subscriptionOf(tenant);
    expect(subscription).toMatchObject({ status: 'active', cancellation: null, plan: { slug: 'free' } });
    // The same one on every read, at both paths.
    expect((await subscriptionOf(tenant)).id).toBe(subscription.id);
    expect(await ok<Subscription[]>(await admin(tenant)('GET', MANAGED))).toMatchObject([
      { id: subscription.id },
    ]);

    const { premium, free } = await plans(tenant);
    expect(premium).toMatchObject({ name: 'Premium', price: { amount: 10_000, currency: 'usd' } });
    expect(free).toMatchObject({ name: 'Free', price: { amount: 0, currency: 'usd' } });
    expect(await ok(await admin(tenant)('GET', `${BILLING}/plans/v1/${premium.id}`))).toMatchObject({
      slug: 'premium',
    });
    expectErrorShape(await admin(tenant)('GET', `${BILLING}/plans/v1/gold`), 404);

    expect(
      await ok(await admin(tenant)('GET', `${BILLING}/configurations/vendor-public-configurations/v1`)),
    ).toEqual({ allowPlanDowngrade: true, allowPlanCancellation: true, whiteLabelMode: false });
    expect(
      await ok(await admin(tenant)('GET', '/frontegg/subscriptions/resources/payment-providers/v1')),
    ).toEqual([
      {
        providerType: 'Stripe',
        name: 'Development (offline test cards)',
        status: 'active',
        kind: 'development',
      },
    ]);
    expect(await ok(await admin(tenant)('GET', `${BILLING}/summaries/v1/${tenant.tenant.id}`))).toMatchObject(
      { subscriptionId: subscription.id, currentPlanId: free.id, defaultPlanId: free.id },
    );
  });

  it('refuses declined cards, keeps only brand, last 4 and expiry of a good one, and makes it the default', async () => {
    const tenant = await createTenantAdmins(server());
    const declined = await addCard(tenant, '4000000000000002', 402);
    expect(expectErrorShape(declined.response, 402).errors).toEqual(['Your card was declined.']);
    const poor = await addCard(tenant, '4000 0000 0000 9995', 402);
    expect(expectErrorShape(poor.response, 402).errors).toEqual(['Your card has insufficient funds.']);
    // A refused card leaves its setup usable: the same form can try another card.
    const retried = await admin(tenant)('POST', `${BILLING}/payment-providers/development/confirmations/v1`, {
      setupIntentSecret: declined.secret,
      cardNumber: '4242424242424242',
      expMonth: 1,
      expYear: 2099,
      cvc: '123',
      name: 'Ada Lovelace',
    });
    expect(retried.statusCode, retried.body).toBe(201);
    // Used once: the same secret cannot save a second card.
    const reused = await admin(tenant)('POST', `${BILLING}/payment-providers/development/confirmations/v1`, {
      setupIntentSecret: declined.secret,
      cardNumber: '4242424242424242',
      expMonth: 1,
      expYear: 2099,
      cvc: '123',
      name: 'Ada Lovelace',
    });
    expectErrorShape(reused, 400);

    const { response } = await addCard(tenant, '5555555555554444');
    const card = response.json<PaymentMethod>();
    expect(card).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: true, type: 'card' });
    expect(response.body).not.toContain('5555555555554444');
    const methods = await ok<PaymentMethod[]>(await admin(tenant)('GET', `${BILLING}/payment-methods/v1`));
    expect(methods.map((method) => [method.last4, method.isDefault])).toEqual([
      ['4444', true],
      ['4242', false],
    ]);
    expect((await subscriptionOf(tenant)).paymentMethodId).toBe(card.id);

    const details = await ok<PaymentMethod>(
      await admin(tenant)('PATCH', `${BILLING}/payment-methods/v1/${card.id}/billing-details`, {
        email: 'billing@acme-foods.test',
        address: { addressLine1: '1 Main Street', city: 'Springfield', postalCode: '12345', country: 'US' },
      }),
    );
    expect(details.billingDetails).toMatchObject({
      email: 'billing@acme-foods.test',
      address: { city: 'Springfield', country: 'US' },
    });
    expect(await auditActionsOf(server(), tenant.admin)).toEqual(
      expect.arrayContaining(['Payment method added', 'Billing details updated', 'Billing customer created']),
    );
  });

  it('upgrades to Premium with an invoice and its PDF, cancels at period end and renews', async () => {
    const tenant = await createTenantAdmins(server());
    const { premium, free } = await plans(tenant);
    let subscription = await subscriptionOf(tenant);

    // A paid plan needs a card first.
    const noCard = await admin(tenant)('PUT', `${BILLING}/subscriptions/v1/${subscription.id}`, {
      planId: premium.id,
    });
    expect(expectErrorShape(noCard, 400).errorCode).toBe('ER-BILLING-PAYMENT-METHOD-REQUIRED');

    const card = (await addCard(tenant, '4242424242424242')).response.json<PaymentMethod>();
    subscription = await ok<Subscription>(
      await admin(tenant)('PUT', `${BILLING}/subscriptions/v1/${subscription.id}`, {
        planId: premium.id,
        paymentMethodId: card.id,
      }),
    );
    expect(subscription).toMatchObject({ status: 'active', plan: { slug: 'premium' }, planId: premium.id });
    expectErrorShape(
      await admin(tenant)('PUT', `${BILLING}/subscriptions/v1/${subscription.id}`, { planId: premium.id }),
      409,
    );

    const invoices = await ok<Invoice[]>(await admin(tenant)('GET', `${BILLING}/invoices/v1`));
    expect(invoices).toMatchObject([
      { subscriptionId: subscription.id, totalAmount: 10_000, currency: 'usd', paid: true },
    ]);
    const [invoice] = invoices;
    if (!invoice) throw new Error('no invoice');
    expect(await ok(await admin(tenant)('GET', `${BILLING}/invoices/v1/${invoice.id}`))).toEqual(invoice);
    const pdf = await admin(tenant)('GET', `${BILLING}/invoices/v1/${invoice.id}/pdf?outputFileName=x.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toContain(`invoice-${invoice.receiptNumber}.pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdf.rawPayload.toString('latin1');
    expect(text).toContain('$100.00');
    expect(text).toContain(invoice.receiptNumber);
    expect(text).toContain('Premium plan, monthly');

    // Cancel: at the period's end; not twice.
    const canceled = await ok<Subscription>(
      await admin(tenant)('PUT', `${BILLING}/subscriptions/v1/${subscription.id}/cancellations/`, {}),
    );
    expect(canceled).toMatchObject({ status: 'active', cancellation: { policy: 'atPeriodEnd' } });
    expect(
      expectErrorShape(
        await admin(tenant)('PUT', `${BILLING}/subscriptions/v1/${subscription.id}/cancellations/`, {}),
        409,
      ).errorCode,
    ).toBe('ER-BILLING-CANNOT-CANCEL');
    // Renew: takes the cancellation back; not twice.
    const renewed = await ok<Subscription>(
      await admin(tenant)('PUT', `${MANAGED}/${subscription.id}/renewals/`, {}),
    );
    expect(renewed).toMatchObject({ status: 'active', cancellation: null });
    expectErrorShape(
      await admin(tenant)('PUT', `${BILLING}/subscriptions/v1/${subscription.id}/renewals/`, {}),
      409,
    );

    // Downgrade (allowed by default): Free at once, no invoice.
    expect(
      await ok<Subscription>(
        await admin(tenant)('PUT', `${BILLING}/subscriptions/v1/${subscription.id}`, { planId: free.id }),
      ),
    ).toMatchObject({ plan: { slug: 'free' } });
    expect(await ok<Invoice[]>(await admin(tenant)('GET', `${BILLING}/invoices/v1`))).toHaveLength(1);

    const actions = await auditActionsOf(server(), tenant.admin);
    expect(actions.filter((action) => action === 'Subscription plan changed')).toHaveLength(2);
    expect(actions).toEqual(expect.arrayContaining(['Subscription canceled', 'Subscription renewed']));
  });

  it('renews a paid month when its period has ended, and ends a canceled one', async () => {
    const tenant = await createTenantAdmins(server());
    const { premium } = await plans(tenant);
    const subscription = await subscriptionOf(tenant);
    await addCard(tenant, '4242424242424242');
    await ok(
      await admin(tenant)('PUT', `${BILLING}/subscriptions/v1/${subscription.id}`, { planId: premium.id }),
    );

    const clock = server().clock;
    const started = clock.now();
    // Access tokens last minutes: after a month, the admin signs in again.
    const later = async (days: number) => {
      clock.advanceSeconds(days * 24 * 60 * 60);
      tenant.admin.authorization = await signedIn(server(), tenant.admin.user.email);
    };
    try {
      await later(32);
      const renewed = await subscriptionOf(tenant);
      expect(renewed).toMatchObject({ status: 'active', plan: { slug: 'premium' } });
      expect(new Date(renewed.currentPeriodEnd).getTime()).toBeGreaterThan(clock.now().getTime());
      expect(await ok<Invoice[]>(await admin(tenant)('GET', `${BILLING}/invoices/v1`))).toHaveLength(2);

      await ok(
        await admin(tenant)('PUT', `${BILLING}/subscriptions/v1/${subscription.id}/cancellations`, {}),
      );
      await later(32);
      expect(await subscriptionOf(tenant)).toMatchObject({ status: 'canceled', cancellation: null });
      expect(await ok<Invoice[]>(await admin(tenant)('GET', `${BILLING}/invoices/v1`))).toHaveLength(2);
      // A canceled subscription can neither be canceled nor renewed; choosing a plan starts it again.
      expectErrorShape(
        await admin(tenant)('PUT', `${BILLING}/subscriptions/v1/${subscription.id}/cancellations`, {}),
        409,
      );
      expectErrorShape(
        await admin(tenant)('PUT', `${BILLING}/subscriptions/v1/${subscription.id}/renewals`, {}),
        409,
      );
      expect(
        await ok(
          await admin(tenant)('PUT', `${BILLING}/subscriptions/v1/${subscription.id}`, { planId: 'premium' }),
        ),
      ).toMatchObject({ status: 'active' });
    } finally {
      clock.set(started);
    }
  });

  it("keeps tenants apart: another tenant's subscription, invoice, card and summary are not found", async () => {
    const owner = await createTenantAdmins(server());
    const stranger = await createTenantAdmins(server());
    const subscription = await subscriptionOf(owner);
    const card = (await addCard(owner, '4242424242424242')).response.json<PaymentMethod>();
    await ok(
      await admin(owner)('PUT', `${BILLING}/subscriptions/v1/${subscription.id}`, { planId: 'premium' }),
    );
    const [invoice] = await ok<Invoice[]>(await admin(owner)('GET', `${BILLING}/invoices/v1`));
    if (!invoice) throw new Error('no invoice');

    const other = admin(stranger);
    expect(await ok<Invoice[]>(await other('GET', `${BILLING}/invoices/v1`))).toEqual([]);
    expect(await ok<PaymentMethod[]>(await other('GET', `${BILLING}/payment-methods/v1`))).toEqual([]);
    for (const [method, url, body] of [
      ['GET', `${BILLING}/invoices/v1/${invoice.id}`, undefined],
      ['GET', `${BILLING}/invoices/v1/${invoice.id}/pdf`, undefined],
      ['GET', `${BILLING}/payment-methods/v1/${card.id}`, undefined],
      ['PATCH', `${BILLING}/payment-methods/v1/${card.id}/billing-details`, { email: 'x@acme-foods.test' }],
      ['GET', `${BILLING}/subscriptions/v1/${subscription.id}`, undefined],
      ['PUT', `${BILLING}/subscriptions/v1/${subscription.id}/cancellations`, {}],
      ['PUT', `${BILLING}/subscriptions/v1/${subscription.id}`, { planId: 'free' }],
      ['GET', `${BILLING}/summaries/v1/${owner.tenant.id}`, undefined],
      ['GET', `${BILLING}/payment-providers/stripe/customers/v1/${owner.tenant.id}`, undefined],
      ['POST', `${BILLING}/payment-providers/stripe/setup-intents/v1`, { paymentMethodId: card.id }],
    ] as const) {
      expectErrorShape(await other(method, url, body), 404);
    }
    // Nor may the stranger pay with the owner's card.
    const own = await subscriptionOf(stranger);
    expectErrorShape(
      await other('PUT', `${BILLING}/subscriptions/v1/${own.id}`, {
        planId: 'premium',
        paymentMethodId: card.id,
      }),
      404,
    );
    expect((await subscriptionOf(owner)).plan.slug).toBe('premium');
  });

  it('needs the billing permission for reads and writes', async () => {
    const tenant = await createTenantAdmins(server());
    const member = as(server(), tenant.member);
    for (const [method, url] of [
      ['GET', `${BILLING}/subscriptions/v1`],
      ['GET', `${BILLING}/invoices/v1`],
      ['GET', `${BILLING}/plans/v1`],
      ['POST', `${BILLING}/payment-providers/stripe/setup-intents/v1`],
      ['PUT', `${BILLING}/subscriptions/v1/${UNKNOWN}/cancellations`],
    ] as const) {
      expectErrorShape(await member(method, url, method === 'GET' ? undefined : {}), 403);
    }
    expectErrorShape(await server().app.inject({ method: 'GET', url: `${BILLING}/subscriptions/v1` }), 401);
  });

  it('answers malformed input with 400, never 500', async () => {
    const tenant = await createTenantAdmins(server());
    const call = admin(tenant);
    const subscription = await subscriptionOf(tenant);
    for (const [method, url, body] of [
      ['GET', `${BILLING}/subscriptions/v1/not-an-id`, undefined],
      ['GET', `${BILLING}/invoices/v1/not-an-id/pdf`, undefined],
      ['PUT', `${BILLING}/subscriptions/v1/${subscription.id}`, { planId: '' }],
      ['PUT', `${BILLING}/subscriptions/v1/${subscription.id}`, { planId: 'premium', paymentMethodId: 42 }],
      ['PATCH', `${BILLING}/payment-methods/v1/${UNKNOWN}/billing-details`, { email: 'not an email' }],
      [
        'PATCH',
        `${BILLING}/payment-methods/v1/${UNKNOWN}/billing-details`,
        { address: { country: 'Narnia' } },
      ],
      [
        'POST',
        `${BILLING}/payment-providers/development/confirmations/v1`,
        { setupIntentSecret: 'x', cardNumber: 'abc' },
      ],
      ['POST', `${BILLING}/payment-providers/development/confirmations/v1`, []],
      [
        'POST',
        `${BILLING}/tenant-configurations/v1`,
        { tenantId: tenant.tenant.id, externallyManaged: 'maybe' },
      ],
      ['GET', `${BILLING}/summaries/v1/nobody`, undefined],
    ] as const) {
      expectErrorShape(await call(method, url, body), 400);
    }
    expectErrorShape(await call('GET', `${BILLING}/invoices/v1/${UNKNOWN}`), 404);
    expectErrorShape(
      await call('PUT', `${BILLING}/subscriptions/v1/${subscription.id}`, { planId: 'gold' }),
      404,
    );
  });

  it('refuses every change of externally managed billing', async () => {
    const tenant = await createTenantAdmins(server());
    const subscription = await subscriptionOf(tenant);
    await ok(
      await admin(tenant)('POST', `${BILLING}/tenant-configurations/v1`, {
        tenantId: tenant.tenant.id,
        externallyManaged: 'true',
        providerType: 'Stripe',
      }),
      201,
    );
    expect(await subscriptionOf(tenant)).toMatchObject({ externallyManaged: true });
    for (const [url, body] of [
      [`${BILLING}/subscriptions/v1/${subscription.id}/cancellations`, {}],
      [`${BILLING}/subscriptions/v1/${subscription.id}`, { planId: 'premium' }],
    ] as const) {
      expect(expectErrorShape(await admin(tenant)('PUT', url, body), 409).errors).toEqual([
        'Billing is externally managed',
      ]);
    }
  });
});
