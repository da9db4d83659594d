import { z } from 'zod';

// Subscription and billing (issue 15, SPEC sections 3, 4 and 9): the shapes the official client reads
// under /subscriptions/resources (rest-api subscriptions/interfaces.d.ts), and the product's rules on
// them that the server and the web app share (which actions a subscription allows, how an amount reads).

/** SPEC section 4: every status a subscription can be in. */
export const subscriptionStatuses = [
  'active',
  'canceled',
  'incomplete',
  'expired',
  'trialing',
  'trialEnded',
] as const;
export const subscriptionStatusSchema = z.enum(subscriptionStatuses);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

/** The one cancellation policy (ISubscriptionCancellationPolicy): the plan ends with its paid period. */
export const cancellationPolicySchema = z.enum(['atPeriodEnd']);

/** Which payment provider the server runs (PAYMENT_PROVIDER): Stripe, or the offline development one. */
export const paymentProviderKinds = ['stripe', 'development'] as const;
export type PaymentProviderKind = (typeof paymentProviderKinds)[number];

/** The provider type the SDK knows (ProviderType); the development provider speaks Stripe's shapes. */
export const providerTypeSchema = z.enum(['Stripe']);

export const planPriceSchema = z.object({
  id: z.string(),
  externalId: z.string(),
  /** In cents (SPEC section 9). */
  amount: z.number().int(),
  currency: z.string(),
});

export const billingPlanSchema = z.object({
  id: z.string(),
  externalId: z.string(),
  name: z.string(),
  description: z.string(),
  price: planPriceSchema,
  slug: z.string(),
});
export type BillingPlan = z.infer<typeof billingPlanSchema>;

export const subscriptionSchema = z.object({
  id: z.string(),
  externalId: z.string(),
  externallyManaged: z.boolean(),
  startDate: z.string(),
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  status: subscriptionStatusSchema,
  cancellation: z.object({ policy: cancellationPolicySchema }).nullable(),
  trialEnd: z.string().optional(),
  plan: z.object({ slug: z.string() }),
  planId: z.string(),
  paymentMethodId: z.string().nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const invoiceSchema = z.object({
  id: z.string(),
  externalId: z.string(),
  subscriptionId: z.string(),
  paymentDate: z.string(),
  /** In cents; shown divided by 100 with 2 decimals (SPEC section 9). */
  totalAmount: z.number().int(),
  currency: z.string(),
  paid: z.boolean(),
  receiptNumber: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

const text = (max: number) => z.string().trim().max(max);

export const billingAddressSchema = z.object({
  addressLine1: text(200).optional(),
  addressLine2: text(200).optional(),
  city: text(100).optional(),
  state: text(100).optional(),
  postalCode: text(20).optional(),
  country: text(2).optional(),
});
export type BillingAddress = z.infer<typeof billingAddressSchema>;

export const billingDetailsSchema = z.object({
  name: z.string(),
  email: z.string().optional(),
  address: billingAddressSchema.optional(),
});

export const paymentMethodSchema = z.object({
  id: z.string(),
  externalId: z.string(),
  type: z.enum(['card', 'unknown']),
  isDefault: z.boolean(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  brand: z.string(),
  billingDetails: billingDetailsSchema,
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

/** PATCH .../payment-methods/v1/:id/billing-details: what the SDK sends. */
export const billingDetailsUpdateSchema = z.object({
  email: z.email({ error: 'email must be an email address' }).max(320).optional(),
  address: billingAddressSchema.optional(),
});

export const subscriptionSummarySchema = z.object({
  tenantConfigurationId: z.string(),
  providerType: providerTypeSchema,
  subscriptionId: z.string(),
  externallyManaged: z.boolean(),
  currentPlanId: z.string(),
  paymentMethodId: z.string().nullable(),
  defaultPlanId: z.string(),
});

export const vendorPublicConfigSchema = z.object({
  allowPlanDowngrade: z.boolean(),
  allowPlanCancellation: z.boolean(),
  whiteLabelMode: z.boolean(),
});
export type VendorPublicConfig = z.infer<typeof vendorPublicConfigSchema>;

export const paymentProviderSchema = z.object({
  providerType: providerTypeSchema,
  name: z.string(),
  status: z.string(),
  /** Ours: whether the web app shows its own card form (development) or Stripe's (stripe). */
  kind: z.enum(paymentProviderKinds),
});

/** POST .../stripe/setup-intents/v1: the secret the card form confirms with. */
export const setupIntentSchema = z.object({
  id: z.string(),
  paymentMethodId: z.string(),
  setupIntentSecret: z.string(),
});

export const stripePublicConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  publishableKey: z.string(),
});

/** The development provider's card form: what it sends to confirm a setup intent (never stored whole). */
export const cardConfirmationSchema = z.object({
  setupIntentSecret: z.string().min(1, 'setupIntentSecret is required').max(200),
  cardNumber: z
    .string()
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Card number is invalid')),
  expMonth: z.coerce.number().int().min(1, 'Expiry month is invalid').max(12, 'Expiry month is invalid'),
  expYear: z.coerce.number().int().min(2000, 'Expiry year is invalid').max(2100, 'Expiry year is invalid'),
  cvc: z.string().regex(/^\d{3,4}$/, 'CVC is invalid'),
  name: z.string().trim().min(1, 'Name on card is required').max(200),
});
export type CardConfirmation = z.input<typeof cardConfirmationSchema>;

/** SPEC section 4: a status as the billing section shows it; an unknown one reads EXPIRED. */
export function statusLabel(status: string): 'ACTIVE' | 'CANCELED' | 'INCOMPLETE' | 'EXPIRED' | 'TRIALING' {
  switch (status) {
    case 'active':
      return 'ACTIVE';
    case 'canceled':
      return 'CANCELED';
    case 'incomplete':
      return 'INCOMPLETE';
    case 'trialing':
      return 'TRIALING';
    default:
      return 'EXPIRED';
  }
}

/** SPEC section 4: cancel only when active, with no cancellation pending and not externally managed. */
export const canCancel = (
  subscription: Pick<Subscription, 'status' | 'cancellation' | 'externallyManaged'>,
) =>
  subscription.status === 'active' && subscription.cancellation === null && !subscription.externallyManaged;

/** SPEC section 4: renew only a cancellation at the period's end. */
export const canRenew = (subscription: Pick<Subscription, 'cancellation'>) =>
  subscription.cancellation?.policy === 'atPeriodEnd';

/** SPEC section 9: cents as an amount with 2 decimals, "$100.00" in usd. */
export function formatAmount(cents: number, currency: string): string {
  const amount = (cents / 100).toFixed(2);
  return currency.toLowerCase() === 'usd' ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;
}
