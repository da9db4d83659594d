import type { PaymentProviderKind } from '@brizo/contract/entities/billing';

// Issue 15: what billing needs from a payment provider. The server keeps the subscription, its periods
// and its invoices itself; the provider holds the customer and its cards, and takes the payments.
// Two adapters: Stripe's (stripe.ts, with Stripe's own client) and an offline one for development and
// tests (development.ts) that accepts Stripe's test cards, as the mailbox stands in for mail.

/** A card as the portal shows it: never its number, only its brand, last 4 digits and expiry. */
export interface ProviderCard {
  externalId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  name: string;
  email: string | null;
}

/** What a provider webhook says happened, once its signature is verified (provider-neutral). */
export type ProviderEvent =
  | { id: string; type: 'cardAttached'; customerExternalId: string; card: ProviderCard }
  | { id: string; type: 'cardDetached'; cardExternalId: string }
  | { id: string; type: 'paymentFailed'; customerExternalId: string }
  | { id: string; type: 'ignored'; providerType: string };

export interface PaymentProvider {
  kind: PaymentProviderKind;
  /** What the portal calls it. */
  name: string;
  /** The key the browser's card form loads with ('' for the development provider's own form). */
  publishableKey: string;
  createCustomer(input: { tenantId: string; name: string; email: string }): Promise<{ externalId: string }>;
  /** A card setup: the browser confirms it with the secret (Stripe.js, or the development form). */
  createSetupIntent(input: { customerExternalId: string }): Promise<{ externalId: string; secret: string }>;
  /**
   * The card of a setup the browser confirmed (Stripe.js), read back from the provider: only a succeeded
   * setup of this customer answers; any other is refused (setupIntentInvalid).
   */
  confirmedCard(input: { setupIntentExternalId: string; customerExternalId: string }): Promise<ProviderCard>;
  /** Charges a saved card now; throws an AppError for a declined card. */
  charge(input: {
    customerExternalId: string;
    cardExternalId: string;
    amount: number;
    currency: string;
    description: string;
    /** The same key twice charges once. */
    idempotencyKey: string;
  }): Promise<{ externalId: string }>;
  /** Verifies a webhook's signature over its raw body; throws an AppError when it does not match. */
  parseWebhook(rawBody: string | Buffer, signature: string): ProviderEvent;
}
