import {
  billingPlanSchema,
  invoiceSchema,
  paymentMethodSchema,
  paymentProviderSchema,
  setupIntentSchema,
  stripePublicConfigSchema,
  subscriptionSchema,
  vendorPublicConfigSchema,
  type BillingAddress,
  type BillingPlan,
  type CardConfirmation,
  type Invoice,
  type PaymentMethod,
  type Subscription,
  type VendorPublicConfig,
} from '@brizo/contract/entities/billing';
import { api, FetchClient } from '@frontegg/rest-api';
import { useCallback, useState } from 'react';
import { z } from 'zod';
import { APP_NAME } from '../store';
import { callApi } from './call-api';
import { usePreviewMode } from './portal';
import { readAnswer } from './read-answer';
import { useLoaded, type Loaded } from './use-loaded';

// The Subscription section's data (issue 15): the tenant's subscription, the plans, the cards and the
// invoices, through the official client's subscriptions API (and its FetchClient for the development
// provider's card form, which the client does not know). Every answer is read with the contract's
// schemas. Preview mode calls nothing: the SPEC's mock plans (Premium 10000 cents, Free 0), after the
// billing mock delay, and refuses changes.

export type { BillingPlan, Invoice, PaymentMethod, Subscription, VendorPublicConfig };

export type ProviderKind = 'development' | 'stripe';

/** Everything the section shows at once. */
export interface Billing {
  provider: ProviderKind;
  subscription: Subscription;
  plans: BillingPlan[];
  paymentMethods: PaymentMethod[];
  invoices: Invoice[];
  rules: VendorPublicConfig;
}

/** SPEC section 8: what the section says when billing cannot be loaded or changed. */
export const BILLING_TEXTS = {
  providerNotConfigured: 'Payment provider not configured',
  notAuthorized: 'Not authorized',
  internalFailure: 'Internal feature failure',
  tenantNotDefined: 'TenantId is not defined',
  subscriptionNotFound: 'Subscription not found',
  externallyManaged: 'Billing is externally managed',
} as const;

/** The server's stable errorCode of a failed call, if it gave one. */
function errorCodeOf(failure: unknown): string | null {
  if (typeof failure !== 'object' || failure === null || !('errorCode' in failure)) return null;
  return typeof failure.errorCode === 'string' ? failure.errorCode : null;
}

/** The SPEC's text for a failed billing call, by the server's errorCode; else the server's own message. */
export function billingErrorText(failure: unknown): string {
  const code = errorCodeOf(failure);
  const byCode: Record<string, string> = {
    'ER-BILLING-PROVIDER-NOT-CONFIGURED': BILLING_TEXTS.providerNotConfigured,
    'ER-BILLING-SUBSCRIPTION-NOT-FOUND': BILLING_TEXTS.subscriptionNotFound,
    'ER-BILLING-EXTERNALLY-MANAGED': BILLING_TEXTS.externallyManaged,
    'ER-BILLING-TENANT-NOT-DEFINED': BILLING_TEXTS.tenantNotDefined,
    'ER-ADMIN-FORBIDDEN': BILLING_TEXTS.notAuthorized,
  };
  if (code && byCode[code]) return byCode[code];
  if (failure instanceof Error && failure.message) return failure.message;
  return BILLING_TEXTS.internalFailure;
}

const client = () => new FetchClient(APP_NAME);
const DEVELOPMENT_CONFIRMATIONS =
  '/subscriptions/resources/billing/payment-providers/development/confirmations/v1';
const STRIPE_CONFIRMATIONS =
  '/subscriptions/resources/billing/payment-providers/stripe/setup-intents/v1/confirmations';

/** A card setup for Stripe's card form: Stripe.js confirms it with its client secret. */
export interface StripeSetupIntent {
  id: string;
  clientSecret: string;
}

/**
 * Stripe's card form (PAYMENT_PROVIDER=stripe): the publishable key Stripe.js loads with, a setup intent
 * made by the server, and, once Stripe.js confirmed it, the call that records its card on the server.
 */
export interface StripeCardSetup {
  publishableKey: () => Promise<string>;
  setupIntent: () => Promise<StripeSetupIntent>;
  record: (setupIntentId: string) => Promise<void>;
}

/** A billing call whose failure carries the SPEC's text (and still its errorCode). */
async function billingCall<T>(send: () => Promise<unknown>, read: (answer: unknown) => T): Promise<T> {
  try {
    return await callApi(send, read);
  } catch (failure) {
    const error: Error & { errorCode?: string } = new Error(billingErrorText(failure));
    const code = errorCodeOf(failure);
    if (code) error.errorCode = code;
    throw error;
  }
}

export const billingApi = {
  async load(): Promise<Billing> {
    const providers = await billingCall(
      () => api.subscriptions.getPaymentProviders(),
      (answer) => readAnswer(z.array(paymentProviderSchema), answer, 'payment providers'),
    );
    const [provider] = providers;
    if (!provider) throw new Error(BILLING_TEXTS.providerNotConfigured);
    const [subscriptions, plans, paymentMethods, invoices, rules] = await Promise.all([
      billingCall(
        () => api.subscriptions.getSubscriptions(),
        (answer) => readAnswer(z.array(subscriptionSchema), answer, 'subscriptions'),
      ),
      billingCall(
        () => api.subscriptions.getSubscriptionPlans(),
        (answer) => readAnswer(z.array(billingPlanSchema), answer, 'plans'),
      ),
      billingCall(
        () => api.subscriptions.getPaymentMethods(),
        (answer) => readAnswer(z.array(paymentMethodSchema), answer, 'payment methods'),
      ),
      billingCall(
        () => api.subscriptions.getSubscriptionInvoices(),
        (answer) => readAnswer(z.array(invoiceSchema), answer, 'invoices'),
      ),
      billingCall(
        () => api.subscriptions.getVendorPublicConfigurations(),
        (answer) => readAnswer(vendorPublicConfigSchema, answer, 'vendor public configuration'),
      ),
    ]);
    const [subscription] = subscriptions;
    if (!subscription) throw new Error(BILLING_TEXTS.subscriptionNotFound);
    return { provider: provider.kind, subscription, plans, paymentMethods, invoices, rules };
  },

  changePlan: (subscriptionId: string, planId: string, paymentMethodId: string | null) =>
    billingCall(
      () =>
        api.subscriptions.updateSubscription(subscriptionId, {
          planId,
          paymentMethodId: paymentMethodId ?? '',
        }),
      (answer) => readAnswer(subscriptionSchema, answer, 'subscription'),
    ),

  cancel: (subscriptionId: string) =>
    billingCall(
      () => api.subscriptions.cancelSubscription(subscriptionId),
      (answer) => readAnswer(subscriptionSchema, answer, 'subscription'),
    ),

  renew: (subscriptionId: string) =>
    billingCall(
      () => api.subscriptions.renewSubscription(subscriptionId),
      (answer) => readAnswer(subscriptionSchema, answer, 'subscription'),
    ),

  /** The development provider's card form: a setup intent, then its confirmation with the card. */
  async addCard(card: Omit<CardConfirmation, 'setupIntentSecret'>): Promise<PaymentMethod> {
    const intent = await billingCall(
      () => api.subscriptions.createStripePaymentMethodSetupIntentSecret({}),
      (answer) => readAnswer(setupIntentSchema, answer, 'card setup'),
    );
    return billingCall(
      () =>
        client().post(DEVELOPMENT_CONFIRMATIONS, { ...card, setupIntentSecret: intent.setupIntentSecret }),
      (answer) => readAnswer(paymentMethodSchema, answer, 'payment method'),
    );
  },

  stripePublishableKey: () =>
    billingCall(
      () => api.subscriptions.getStripePaymentProviderConfiguration(),
      (answer) => readAnswer(stripePublicConfigSchema, answer, 'card form configuration').publishableKey,
    ),

  async stripeSetupIntent(): Promise<StripeSetupIntent> {
    const intent = await billingCall(
      () => api.subscriptions.createStripePaymentMethodSetupIntentSecret({}),
      (answer) => readAnswer(setupIntentSchema, answer, 'card setup'),
    );
    return { id: intent.id, clientSecret: intent.setupIntentSecret };
  },

  /** After Stripe.js confirmed the setup: the server reads it back from Stripe and records its card. */
  recordStripeCard: (setupIntentId: string) =>
    billingCall(
      () => client().post(STRIPE_CONFIRMATIONS, { setupIntentId }),
      (answer) => readAnswer(paymentMethodSchema, answer, 'payment method'),
    ),

  updateBillingDetails: (paymentMethodId: string, details: { email?: string; address?: BillingAddress }) =>
    billingCall(
      () => api.subscriptions.updatePaymentMethodBillingDetails(paymentMethodId, details),
      (answer) => readAnswer(paymentMethodSchema, answer, 'payment method'),
    ),

  /** Saves the invoice's PDF (the client downloads it under the name given). */
  downloadInvoice: (invoice: Pick<Invoice, 'id' | 'receiptNumber'>) =>
    billingCall(
      () => api.subscriptions.getSubscriptionInvoicePdf(invoice.id, `invoice-${invoice.receiptNumber}.pdf`),
      () => undefined,
    ),
};

/** SPEC section 9: the billing mock delay of preview mode. */
const MOCK_DELAY_MS = 500;
const PREVIEW_REFUSAL = 'Billing cannot be changed in preview mode';

const mockPlan = (slug: string, name: string, amount: number): BillingPlan => ({
  id: `mock-${slug}`,
  externalId: `mock-${slug}`,
  name,
  description: '',
  price: { id: `mock-price-${slug}`, externalId: `mock-price-${slug}`, amount, currency: 'usd' },
  slug,
});

/** What preview mode shows: the mock plans, on Free, with no card and no invoice. */
export function mockBilling(now: Date): Billing {
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + 1);
  return {
    provider: 'development',
    subscription: {
      id: 'mock-subscription',
      externalId: 'mock-subscription',
      externallyManaged: false,
      startDate: now.toISOString(),
      currentPeriodStart: now.toISOString(),
      currentPeriodEnd: end.toISOString(),
      status: 'active',
      cancellation: null,
      plan: { slug: 'free' },
      planId: 'mock-free',
      paymentMethodId: null,
    },
    plans: [mockPlan('premium', 'Premium', 10_000), mockPlan('free', 'Free', 0)],
    paymentMethods: [],
    invoices: [],
    rules: { allowPlanDowngrade: true, allowPlanCancellation: true, whiteLabelMode: false },
  };
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface BillingView extends Loaded<Billing> {
  /** The subscription as the section shows it, with a checkout done without a server call. */
  subscription: Subscription | null;
  /**
   * SPEC section 4: choosing the current plan of a trialing subscription that already has a payment
   * method activates it without a server call; any other choice goes to the server.
   */
  checkout: (planId: string) => Promise<void>;
  cancel: () => Promise<void>;
  renew: () => Promise<void>;
  addCard: (card: Omit<CardConfirmation, 'setupIntentSecret'>) => Promise<void>;
  stripeCard: StripeCardSetup;
  updateBillingDetails: (
    paymentMethodId: string,
    details: { email?: string; address?: BillingAddress },
  ) => Promise<void>;
  downloadInvoice: (invoice: Invoice) => Promise<void>;
}

/** Whether a checkout of `planId` is the SPEC's local activation (a trialing subscription with a card). */
export const activatesWithoutServer = (subscription: Subscription, planId: string) =>
  subscription.status === 'trialing' &&
  subscription.paymentMethodId !== null &&
  subscription.planId === planId;

export function useBilling(): BillingView {
  const preview = usePreviewMode();
  const load = useCallback(
    () => (preview ? delay(MOCK_DELAY_MS).then(() => mockBilling(new Date())) : billingApi.load()),
    [preview],
  );
  const loaded = useLoaded(load);
  const [activated, setActivated] = useState<string | null>(null);
  const { reload } = loaded;
  const current = loaded.value?.subscription ?? null;
  const subscription =
    current && activated === current.id ? { ...current, status: 'active' as const } : current;

  const write = useCallback(
    async (action: () => Promise<unknown>) => {
      if (preview) throw new Error(PREVIEW_REFUSAL);
      await action();
      reload();
    },
    [preview, reload],
  );

  return {
    ...loaded,
    subscription,
    checkout: async (planId) => {
      if (!current) return;
      if (activatesWithoutServer(current, planId)) {
        setActivated(current.id);
        return;
      }
      await write(() => billingApi.changePlan(current.id, planId, current.paymentMethodId));
    },
    cancel: () => write(() => (current ? billingApi.cancel(current.id) : Promise.resolve())),
    renew: () => write(() => (current ? billingApi.renew(current.id) : Promise.resolve())),
    addCard: (card) => write(() => billingApi.addCard(card)),
    stripeCard: {
      publishableKey: billingApi.stripePublishableKey,
      setupIntent: billingApi.stripeSetupIntent,
      record: (setupIntentId) => write(() => billingApi.recordStripeCard(setupIntentId)),
    },
    updateBillingDetails: (paymentMethodId, details) =>
      write(() => billingApi.updateBillingDetails(paymentMethodId, details)),
    downloadInvoice: async (invoice) => {
      if (preview) throw new Error(PREVIEW_REFUSAL);
      await billingApi.downloadInvoice(invoice);
    },
  };
}
