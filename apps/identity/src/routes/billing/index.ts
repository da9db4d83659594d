import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  billingDetailsUpdateSchema,
  billingPlanSchema,
  cardConfirmationSchema,
  invoiceSchema,
  paymentMethodSchema,
  paymentProviderSchema,
  providerTypeSchema,
  setupIntentSchema,
  stripePublicConfigSchema,
  subscriptionSchema,
  subscriptionSummarySchema,
  vendorPublicConfigSchema,
} from '@brizo/contract/entities/billing';
import { z } from 'zod';
import type { RouteOptions } from '../../services/index.js';
import { areaRoutes } from '../route.js';

// Issue 15: subscription and billing under /subscriptions/resources, at the official client's paths
// (rest-api subscriptions/*.js and providers/stripe). Reads and writes both need the billing permission
// 'fe.subscriptions.*' (SPEC section 6). Without a payment provider every call but the providers' list
// answers 409 "Payment provider not configured".

const BILLING = '/billing';
const billing = { permission: 'fe.subscriptions.*' } as const;

const id = (name: string) => z.uuid({ error: `${name} must be a valid id` });
const subscriptionParams = z.object({ subscriptionId: id('subscriptionId') });
const invoiceParams = z.object({ invoiceId: id('invoiceId') });
const paymentMethodParams = z.object({ paymentMethodId: id('paymentMethodId') });
const tenantParams = z.object({ tenantId: id('tenantId') });
const planKey = z.string().trim().min(1, 'planId is required').max(100);
const updateBody = z.object({
  planId: planKey,
  paymentMethodId: id('paymentMethodId').or(z.literal('')).optional(),
});

export const billingRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  const route = areaRoutes(app, services, 'subscriptions');
  const { billing: service } = services;

  route({
    name: 'listPaymentProviders',
    method: 'GET',
    url: '/payment-providers/v1',
    summary: 'The payment provider configured (none: an empty list)',
    access: billing,
    response: z.array(paymentProviderSchema),
    handler: () => service.providers(),
  });

  route({
    name: 'getVendorPublicConfiguration',
    method: 'GET',
    url: `${BILLING}/configurations/vendor-public-configurations/v1`,
    summary: 'Whether tenants may downgrade and cancel (the vendor public configuration)',
    access: billing,
    response: vendorPublicConfigSchema,
    handler: () => service.vendorPublicConfig(),
  });

  route({
    name: 'listPlans',
    method: 'GET',
    url: `${BILLING}/plans/v1`,
    summary: 'The plans a tenant can subscribe to (monthly, usd, amounts in cents)',
    access: billing,
    response: z.array(billingPlanSchema),
    handler: () => service.plans(),
  });

  route({
    name: 'getPlan',
    method: 'GET',
    url: `${BILLING}/plans/v1/:planId`,
    summary: 'One plan, by its id, external id or slug',
    access: billing,
    params: z.object({ planId: planKey }),
    response: billingPlanSchema,
    handler: ({ params }) => service.plan(params.planId),
  });

  // The tenant's subscription, at the billing path and at the managed-subscriptions path alike.
  for (const [prefix, tag] of [
    [`${BILLING}/subscriptions/v1`, 'billing'],
    ['/subscriptions/v1', 'managed'],
  ] as const) {
    const named = (name: string) => (tag === 'billing' ? name : `${name}Managed`);
    const one = `${prefix}/:subscriptionId`;
    route({
      name: named('listSubscriptions'),
      method: 'GET',
      url: prefix,
      summary: "The tenant's subscription (created on the Free plan on first read)",
      access: billing,
      response: z.array(subscriptionSchema),
      handler: ({ actor }) => service.subscriptions(actor),
    });
    route({
      name: named('getSubscription'),
      method: 'GET',
      url: one,
      summary: "The tenant's subscription by id (404 for any other)",
      access: billing,
      params: subscriptionParams,
      response: subscriptionSchema,
      handler: ({ actor, params }) => service.subscription(actor, params.subscriptionId),
    });
    route({
      name: named('updateSubscription'),
      method: 'PUT',
      url: one,
      summary: 'Change plan (an upgrade charges its first month now) and/or the card that pays',
      description:
        'A downgrade needs the vendor to allow it (403); a paid plan needs a payment method (400); ' +
        'externally managed billing cannot change here (409).',
      access: billing,
      params: subscriptionParams,
      body: updateBody,
      response: subscriptionSchema,
      handler: ({ actor, params, body }) =>
        service.update(actor, params.subscriptionId, {
          planId: body.planId,
          paymentMethodId: body.paymentMethodId || undefined,
        }),
    });
    route({
      name: named('cancelSubscription'),
      method: 'PUT',
      url: `${one}/cancellations`,
      summary: 'Cancel at the end of the period: only an active subscription without a pending cancellation',
      access: billing,
      params: subscriptionParams,
      response: subscriptionSchema,
      handler: ({ actor, params }) => service.cancel(actor, params.subscriptionId),
    });
    route({
      name: named('renewSubscription'),
      method: 'PUT',
      url: `${one}/renewals`,
      summary: 'Take back a pending cancellation (policy atPeriodEnd)',
      access: billing,
      params: subscriptionParams,
      response: subscriptionSchema,
      handler: ({ actor, params }) => service.renew(actor, params.subscriptionId),
    });
  }

  route({
    name: 'listInvoices',
    method: 'GET',
    url: `${BILLING}/invoices/v1`,
    summary: "The tenant's invoices, newest first (amounts in cents)",
    access: billing,
    response: z.array(invoiceSchema),
    handler: ({ actor }) => service.invoices(actor),
  });

  route({
    name: 'getInvoice',
    method: 'GET',
    url: `${BILLING}/invoices/v1/:invoiceId`,
    summary: "One of the tenant's invoices (404 for any other)",
    access: billing,
    params: invoiceParams,
    response: invoiceSchema,
    handler: ({ actor, params }) => service.invoice(actor, params.invoiceId),
  });

  route({
    name: 'getInvoicePdf',
    method: 'GET',
    url: `${BILLING}/invoices/v1/:invoiceId/pdf`,
    summary: "One of the tenant's invoices as a PDF file",
    access: billing,
    params: invoiceParams,
    // Sent by the client's download call; the file name is the server's.
    query: z.object({ outputFileName: z.string().max(200).optional() }),
    produces: 'other',
    answers: { 200: z.string().describe('application/pdf') },
    handler: async ({ actor, params, reply }) => {
      const { fileName, pdf } = await service.invoicePdf(actor, params.invoiceId);
      reply.type('application/pdf');
      reply.header('content-disposition', `attachment; filename="${fileName}"`);
      return reply.send(pdf);
    },
  });

  route({
    name: 'listPaymentMethods',
    method: 'GET',
    url: `${BILLING}/payment-methods/v1`,
    summary: "The tenant's cards (brand, last 4 digits and expiry only), the default first",
    access: billing,
    response: z.array(paymentMethodSchema),
    handler: ({ actor }) => service.paymentMethods(actor),
  });

  route({
    name: 'getPaymentMethod',
    method: 'GET',
    url: `${BILLING}/payment-methods/v1/:paymentMethodId`,
    summary: "One of the tenant's cards (404 for any other)",
    access: billing,
    params: paymentMethodParams,
    response: paymentMethodSchema,
    handler: ({ actor, params }) => service.paymentMethod(actor, params.paymentMethodId),
  });

  route({
    name: 'updateBillingDetails',
    method: 'PATCH',
    url: `${BILLING}/payment-methods/v1/:paymentMethodId/billing-details`,
    summary: "A card's billing email and address",
    access: billing,
    params: paymentMethodParams,
    body: billingDetailsUpdateSchema,
    response: paymentMethodSchema,
    handler: ({ actor, params, body }) => service.updateBillingDetails(actor, params.paymentMethodId, body),
  });

  route({
    name: 'getSummary',
    method: 'GET',
    url: `${BILLING}/summaries/v1/:tenantId`,
    summary: "The tenant's subscription at a glance: plan, default plan, card (own tenant only)",
    access: billing,
    params: tenantParams,
    response: subscriptionSummarySchema,
    handler: ({ actor, params }) => service.summary(actor, params.tenantId),
  });

  route({
    name: 'getTenantConfiguration',
    method: 'GET',
    url: `${BILLING}/tenant-configurations/v1/:tenantId`,
    summary: "The tenant's billing configuration (its customer at the provider, created on first need)",
    access: billing,
    params: tenantParams,
    response: z.object({
      id: z.string(),
      vendorId: z.string(),
      tenantId: z.string(),
      externallyManaged: z.string(),
      paymentProviderType: providerTypeSchema,
      mappingId: z.string(),
    }),
    handler: ({ actor, params }) => service.tenantConfiguration(actor, params.tenantId),
  });

  route({
    name: 'createTenantConfiguration',
    method: 'POST',
    url: `${BILLING}/tenant-configurations/v1`,
    summary: "Creates the tenant's billing configuration; externallyManaged 'true' hands billing elsewhere",
    access: billing,
    body: z.object({
      tenantId: id('tenantId'),
      externallyManaged: z
        .enum(['true', 'false'], { error: "externallyManaged must be 'true' or 'false'" })
        .optional(),
      providerType: providerTypeSchema.optional(),
    }),
    status: 201,
    response: z.object({ id: z.string() }),
    handler: ({ actor, body }) => service.createTenantConfiguration(actor, body),
  });

  // The card provider's calls (the SDK's Stripe provider API); the development provider answers them too.
  const STRIPE = `${BILLING}/payment-providers/stripe`;
  route({
    name: 'getProviderCustomer',
    method: 'GET',
    url: `${STRIPE}/customers/v1/:tenantId`,
    summary: "The tenant's customer id at the payment provider (own tenant only)",
    access: billing,
    params: tenantParams,
    response: z.object({ stripeCustomerId: z.string() }),
    handler: ({ actor, params }) => service.stripeCustomer(actor, params.tenantId),
  });

  route({
    name: 'createProviderCustomer',
    method: 'POST',
    url: `${STRIPE}/customers/v1`,
    summary: "Creates the tenant's customer at the payment provider (once; later calls answer it)",
    access: billing,
    body: z.object({
      name: z.string().trim().max(200).optional(),
      email: z.string().max(320).optional(),
      tenantName: z.string().max(200).optional(),
    }),
    status: 201,
    response: z.object({ stripeCustomerId: z.string() }),
    handler: ({ actor }) => service.createStripeCustomer(actor),
  });

  route({
    name: 'getProviderPublicConfiguration',
    method: 'GET',
    url: `${STRIPE}/public-configurations/v1`,
    summary: "The provider's public configuration: the publishable key the browser's card form loads with",
    access: billing,
    response: stripePublicConfigSchema,
    handler: () => service.publicConfiguration(),
  });

  route({
    name: 'createProviderSubscription',
    method: 'POST',
    url: `${STRIPE}/subscriptions/v1`,
    summary: 'Subscribes the tenant to a plan by its provider id (the plan change rules hold)',
    access: billing,
    body: z.object({ stripePlanId: planKey }),
    status: 201,
    response: z.object({ subscriptionId: z.string(), subscriptionSecret: z.string() }),
    handler: ({ actor, body }) => service.createProviderSubscription(actor, body.stripePlanId),
  });

  route({
    name: 'createSetupIntent',
    method: 'POST',
    url: `${STRIPE}/setup-intents/v1`,
    summary:
      'A card setup: the secret the card form confirms with (to add a card, or replace paymentMethodId)',
    access: billing,
    body: z.object({ paymentMethodId: id('paymentMethodId').or(z.literal('')).optional() }),
    status: 201,
    response: setupIntentSchema,
    handler: ({ actor, body }) =>
      service.createSetupIntent(actor, { paymentMethodId: body.paymentMethodId || undefined }),
  });

  route({
    name: 'confirmProviderSetupIntent',
    method: 'POST',
    url: `${STRIPE}/setup-intents/v1/confirmations`,
    summary: 'Records the card of a setup Stripe.js confirmed in the browser (brand, last 4 and expiry only)',
    description:
      "The setup is read back from Stripe: only a succeeded setup of the tenant's own customer is recorded " +
      "(else 400); the card is kept once, whether this call or Stripe's webhook names it first. " +
      'Only with PAYMENT_PROVIDER=stripe.',
    access: billing,
    body: z.object({
      setupIntentId: z
        .string()
        .regex(/^seti_[A-Za-z0-9_]{1,200}$/, 'setupIntentId must be a setup intent id (seti_...)'),
    }),
    status: 201,
    response: paymentMethodSchema,
    handler: ({ actor, body }) => service.confirmSetupIntent(actor, body.setupIntentId),
  });

  route({
    name: 'confirmDevelopmentCard',
    method: 'POST',
    url: `${BILLING}/payment-providers/development/confirmations/v1`,
    summary: "The development provider's card form: confirms a setup with one of Stripe's test cards",
    description:
      '4242424242424242 is saved; 4000000000000002 is declined, 4000000000009995 has insufficient funds ' +
      '(402). Only the brand, last 4 digits and expiry are kept. Only with PAYMENT_PROVIDER=development.',
    access: billing,
    body: cardConfirmationSchema,
    status: 201,
    response: paymentMethodSchema,
    handler: ({ actor, body }) => service.confirmCard(actor, body),
  });
};

/**
 * The payment provider's webhooks: posted by the provider's servers, with no cookie and no bearer, and
 * verified by their signature over the raw body (so the body is kept as it came, not parsed).
 */
export const billingWebhookRoutes: FastifyPluginAsyncZod<RouteOptions> = async (app, { services }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 512 * 1024 },
    (_request, body, done) => done(null, body),
  );
  const route = areaRoutes(app, services, 'subscriptions');
  route({
    name: 'receiveProviderWebhook',
    method: 'POST',
    url: '/payment-providers/stripe/webhooks/v1',
    summary: "The payment provider's events (signed; Stripe-Signature checked over the raw body)",
    access: 'public',
    headers: z.object({ 'stripe-signature': z.string().min(1, 'stripe-signature is required').max(2000) }),
    response: z.object({ received: z.literal(true), type: z.string() }),
    handler: ({ request }) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return services.billing.webhook(raw, request.headers['stripe-signature']);
    },
  });
};
