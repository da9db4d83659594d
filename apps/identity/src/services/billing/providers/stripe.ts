import type Stripe from 'stripe';
import { z } from 'zod';
import { appError, errorCatalogue } from '../../../errors.js';
import { lazyModule } from '../../../lib/lazy-module.js';
import type { PaymentProvider, ProviderCard, ProviderEvent } from './provider.js';

// Issue 15: the Stripe adapter. Its calls go through Stripe's own client (customers, setup intents,
// off-session payment intents); its webhooks are verified with Stripe's own signature check over the
// raw body. What a verified event means to us (toProviderEvent) is a pure mapping, tested offline.

/** Stripe's SDK (its client class and error types), loaded when a Stripe provider is first made. */
const stripeSdk = lazyModule<typeof Stripe>('stripe');

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

const card = z.object({
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
});
const attachedPaymentMethod = z.object({
  id: z.string(),
  customer: z.union([z.string(), z.object({ id: z.string() })]),
  card,
  billing_details: z.object({ name: z.string().nullish(), email: z.string().nullish() }).nullish(),
});
const detachedPaymentMethod = z.object({ id: z.string() });
const failedPayment = z.object({ customer: z.union([z.string(), z.object({ id: z.string() })]) });

const idOf = (customer: string | { id: string }) => (typeof customer === 'string' ? customer : customer.id);

const confirmedSetup = z.object({
  status: z.string(),
  customer: z.union([z.string(), z.object({ id: z.string() })]).nullable(),
  payment_method: z.object({
    id: z.string(),
    card,
    billing_details: z.object({ name: z.string().nullish(), email: z.string().nullish() }).nullish(),
  }),
});

/**
 * The card of a setup intent the browser confirmed (retrieved with its payment method expanded): only a
 * succeeded setup of `customerExternalId` answers, so a tenant cannot record another customer's card.
 */
export function cardOfConfirmedSetup(intent: unknown, customerExternalId: string): ProviderCard {
  const parsed = confirmedSetup.safeParse(intent);
  if (
    !parsed.success ||
    parsed.data.status !== 'succeeded' ||
    !parsed.data.customer ||
    idOf(parsed.data.customer) !== customerExternalId
  )
    throw appError(errorCatalogue.billing.setupIntentInvalid);
  const method = parsed.data.payment_method;
  return {
    externalId: method.id,
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
    name: method.billing_details?.name ?? '',
    email: method.billing_details?.email ?? null,
  };
}

/** What a verified Stripe event means to billing; events billing does not follow are `ignored`. */
export function toProviderEvent(event: {
  id: string;
  type: string;
  data: { object: unknown };
}): ProviderEvent {
  const { id, type } = event;
  const object = event.data.object;
  if (type === 'payment_method.attached') {
    const parsed = attachedPaymentMethod.safeParse(object);
    if (parsed.success) {
      const method = parsed.data;
      return {
        id,
        type: 'cardAttached',
        customerExternalId: idOf(method.customer),
        card: {
          externalId: method.id,
          brand: method.card.brand,
          last4: method.card.last4,
          expMonth: method.card.exp_month,
          expYear: method.card.exp_year,
          name: method.billing_details?.name ?? '',
          email: method.billing_details?.email ?? null,
        },
      };
    }
  }
  if (type === 'payment_method.detached') {
    const parsed = detachedPaymentMethod.safeParse(object);
    if (parsed.success) return { id, type: 'cardDetached', cardExternalId: parsed.data.id };
  }
  if (type === 'payment_intent.payment_failed') {
    const parsed = failedPayment.safeParse(object);
    if (parsed.success) return { id, type: 'paymentFailed', customerExternalId: idOf(parsed.data.customer) };
  }
  return { id, type: 'ignored', providerType: type };
}

/** Stripe's card errors as ours; anything else means Stripe could not be used. */
function providerFailure(error: unknown): Error {
  if (error instanceof stripeSdk().errors.StripeCardError) {
    if (error.decline_code === 'insufficient_funds')
      return appError(errorCatalogue.billing.insufficientFunds);
    if (error.code === 'expired_card') return appError(errorCatalogue.billing.cardExpired);
    return appError(errorCatalogue.billing.cardDeclined);
  }
  return appError(errorCatalogue.billing.providerUnavailable);
}

async function calling<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw providerFailure(error);
  }
}

export function createStripeProvider(
  settings: StripeSettings,
  client = new (stripeSdk())(settings.secretKey),
) {
  const provider: PaymentProvider = {
    kind: 'stripe',
    name: 'Stripe',
    publishableKey: settings.publishableKey,

    async createCustomer({ tenantId, name, email }) {
      const customer = await calling(() =>
        client.customers.create(
          { name, email, metadata: { tenantId } },
          { idempotencyKey: `customer-${tenantId}` },
        ),
      );
      return { externalId: customer.id };
    },

    async createSetupIntent({ customerExternalId }) {
      const intent = await calling(() =>
        client.setupIntents.create({
          customer: customerExternalId,
          usage: 'off_session',
        }),
      );
      if (!intent.client_secret) throw appError(errorCatalogue.billing.providerUnavailable);
      return { externalId: intent.id, secret: intent.client_secret };
    },

    async confirmedCard({ setupIntentExternalId, customerExternalId }) {
      let intent: Stripe.SetupIntent;
      try {
        intent = await client.setupIntents.retrieve(setupIntentExternalId, { expand: ['payment_method'] });
      } catch (error) {
        // An unknown id (another account's, or made up) is the caller's mistake, not Stripe's failure.
        if (error instanceof stripeSdk().errors.StripeInvalidRequestError)
          throw appError(errorCatalogue.billing.setupIntentInvalid);
        throw providerFailure(error);
      }
      return cardOfConfirmedSetup(intent, customerExternalId);
    },

    async charge({ customerExternalId, cardExternalId, amount, currency, description, idempotencyKey }) {
      const intent = await calling(() =>
        client.paymentIntents.create(
          {
            customer: customerExternalId,
            payment_method: cardExternalId,
            amount,
            currency,
            description,
            confirm: true,
            off_session: true,
          },
          { idempotencyKey },
        ),
      );
      if (intent.status !== 'succeeded') throw appError(errorCatalogue.billing.cardDeclined);
      return { externalId: intent.id };
    },

    parseWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = client.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      } catch {
        throw appError(errorCatalogue.billing.webhookInvalid);
      }
      return toProviderEvent(event);
    },
  };
  return provider;
}
