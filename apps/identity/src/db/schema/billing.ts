// Subscription and billing (issue 15, services/billing): each tenant's customer at the payment
// provider, its one subscription, its payment methods (never a full card number: brand, last 4 digits
// and expiry only), its invoices, the development provider's pending card setups, and the provider
// webhook events already applied (a retried delivery changes nothing twice).
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BillingAddress, SubscriptionStatus } from '@brizo/contract/entities/billing';
import { createdAt, updatedAt } from './columns.js';
import { tenants } from './tenants.js';

/** The tenant at the payment provider (a Stripe customer, or the development provider's own). */
export const billingCustomers = pgTable('billing_customers', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** 'stripe' | 'development': which provider the customer was created at. */
  provider: text('provider').notNull(),
  externalId: text('external_id').notNull(),
  /** Billing is handled outside the portal (SPEC section 4): no change from here. */
  externallyManaged: boolean('externally_managed').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The tenant's subscription (one per tenant), on a plan of services/billing/plans.ts. */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    planSlug: text('plan_slug').notNull(),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    /** 'atPeriodEnd' while a cancellation is pending, else null. */
    cancellationPolicy: text('cancellation_policy').$type<'atPeriodEnd'>(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    trialEnd: timestamp('trial_end', { withTimezone: true }),
    paymentMethodId: uuid('payment_method_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('billing_subscriptions_tenant_idx').on(table.tenantId)],
);

/** A card of the tenant: what a receipt shows of it, and who pays with it. */
export const billingPaymentMethods = pgTable(
  'billing_payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    name: text('name').notNull().default(''),
    email: text('email'),
    address: jsonb('address').$type<BillingAddress>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('billing_payment_methods_tenant_idx').on(table.tenantId)],
);

/** An invoice of a paid plan's period (created when the plan is bought or its period renews). */
export const billingInvoices = pgTable(
  'billing_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => billingSubscriptions.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    receiptNumber: text('receipt_number').notNull().unique(),
    planSlug: text('plan_slug').notNull(),
    /** In cents (SPEC section 9). */
    totalAmount: integer('total_amount').notNull(),
    currency: text('currency').notNull(),
    paid: boolean('paid').notNull(),
    paymentDate: timestamp('payment_date', { withTimezone: true }).notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    /** The card it was paid with, as the receipt shows it ("visa •••• 4242"). */
    paidWith: text('paid_with').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [index('billing_invoices_tenant_idx').on(table.tenantId, table.paymentDate)],
);

/** The development provider's card setup, between its secret and the card form's confirmation. */
export const billingSetupIntents = pgTable(
  'billing_setup_intents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** SHA-256 of the client secret; the secret itself is only ever in the answer. */
    secretHash: text('secret_hash').notNull().unique(),
    /** The payment method the card replaces, if any. */
    replacesPaymentMethodId: uuid('replaces_payment_method_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('billing_setup_intents_tenant_idx').on(table.tenantId),
    // Issue 16: housekeeping removes the used and expired ones (services/housekeeping).
    index('billing_setup_intents_ended_idx').on(sql`least(${table.expiresAt}, ${table.usedAt})`),
  ],
);

/** A provider webhook event applied once (its id at the provider). */
export const billingWebhookEvents = pgTable('billing_webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: createdAt(),
});
