// Issue 15: subscription and billing rows, always of one tenant (services/billing).
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../client.js';
import {
  billingCustomers,
  billingInvoices,
  billingPaymentMethods,
  billingSetupIntents,
  billingSubscriptions,
  billingWebhookEvents,
} from '../schema/index.js';

export type BillingCustomerRow = typeof billingCustomers.$inferSelect;
export type SubscriptionRow = typeof billingSubscriptions.$inferSelect;
export type NewSubscription = typeof billingSubscriptions.$inferInsert;
export type PaymentMethodRow = typeof billingPaymentMethods.$inferSelect;
export type NewPaymentMethod = typeof billingPaymentMethods.$inferInsert;
export type InvoiceRow = typeof billingInvoices.$inferSelect;
export type NewInvoice = typeof billingInvoices.$inferInsert;
export type SetupIntentRow = typeof billingSetupIntents.$inferSelect;

export async function findBillingCustomer(db: Db, tenantId: string): Promise<BillingCustomerRow | undefined> {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.tenantId, tenantId));
  return row;
}

export async function findBillingCustomerByExternalId(
  db: Db,
  externalId: string,
): Promise<BillingCustomerRow | undefined> {
  const [row] = await db.select().from(billingCustomers).where(eq(billingCustomers.externalId, externalId));
  return row;
}

/** The tenant's customer, created once; a second caller gets the first one's. */
export async function insertBillingCustomer(
  db: Db,
  customer: typeof billingCustomers.$inferInsert,
): Promise<BillingCustomerRow> {
  await db.insert(billingCustomers).values(customer).onConflictDoNothing();
  const row = await findBillingCustomer(db, customer.tenantId);
  if (!row) throw new Error('insertBillingCustomer found no row');
  return row;
}

export async function setCustomerExternallyManaged(
  db: Db,
  tenantId: string,
  externallyManaged: boolean,
  now: Date,
): Promise<void> {
  await db
    .update(billingCustomers)
    .set({ externallyManaged, updatedAt: now })
    .where(eq(billingCustomers.tenantId, tenantId));
}

export async function findSubscriptionOfTenant(
  db: Db,
  tenantId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.tenantId, tenantId));
  return row;
}

export async function findSubscriptionByExternalId(
  db: Db,
  externalId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.externalId, externalId));
  return row;
}

/** The tenant's one subscription, created once; a concurrent first read gets the same row. */
export async function insertSubscription(db: Db, subscription: NewSubscription): Promise<SubscriptionRow> {
  await db.insert(billingSubscriptions).values(subscription).onConflictDoNothing();
  const row = await findSubscriptionOfTenant(db, subscription.tenantId);
  if (!row) throw new Error('insertSubscription found no row');
  return row;
}

export async function updateSubscription(
  db: Db,
  id: string,
  changes: Partial<Omit<NewSubscription, 'id' | 'tenantId' | 'createdAt'>>,
): Promise<SubscriptionRow> {
  const [row] = await db
    .update(billingSubscriptions)
    .set(changes)
    .where(eq(billingSubscriptions.id, id))
    .returning();
  if (!row) throw new Error('updateSubscription found no row');
  return row;
}

export async function listPaymentMethodsOfTenant(db: Db, tenantId: string): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(billingPaymentMethods)
    .where(eq(billingPaymentMethods.tenantId, tenantId))
    .orderBy(desc(billingPaymentMethods.createdAt));
}

export async function findPaymentMethodOfTenant(
  db: Db,
  tenantId: string,
  id: string,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(billingPaymentMethods)
    .where(and(eq(billingPaymentMethods.tenantId, tenantId), eq(billingPaymentMethods.id, id)));
  return row;
}

/** A new default card: the tenant's others stop being the default. */
export async function insertDefaultPaymentMethod(
  db: Db,
  method: NewPaymentMethod,
): Promise<PaymentMethodRow> {
  await db
    .update(billingPaymentMethods)
    .set({ isDefault: false })
    .where(eq(billingPaymentMethods.tenantId, method.tenantId));
  const [row] = await db
    .insert(billingPaymentMethods)
    .values({ ...method, isDefault: true })
    .returning();
  if (!row) throw new Error('insertDefaultPaymentMethod returned no row');
  return row;
}

/** The tenant's card with this id at the provider (its setup confirmation and its webhook both name it). */
export async function findPaymentMethodByExternalId(
  db: Db,
  tenantId: string,
  externalId: string,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(billingPaymentMethods)
    .where(
      and(eq(billingPaymentMethods.tenantId, tenantId), eq(billingPaymentMethods.externalId, externalId)),
    )
    .limit(1);
  return row;
}

/** A card the provider says was removed (its webhook); the subscriptions it paid lose it. */
export async function deletePaymentMethodByExternalId(db: Db, externalId: string): Promise<void> {
  const deleted = await db
    .delete(billingPaymentMethods)
    .where(eq(billingPaymentMethods.externalId, externalId))
    .returning({ id: billingPaymentMethods.id });
  for (const { id } of deleted) {
    await db
      .update(billingSubscriptions)
      .set({ paymentMethodId: null })
      .where(eq(billingSubscriptions.paymentMethodId, id));
  }
}

export async function updatePaymentMethodOfTenant(
  db: Db,
  tenantId: string,
  id: string,
  changes: Partial<Pick<NewPaymentMethod, 'email' | 'address' | 'name' | 'updatedAt'>>,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .update(billingPaymentMethods)
    .set(changes)
    .where(and(eq(billingPaymentMethods.tenantId, tenantId), eq(billingPaymentMethods.id, id)))
    .returning();
  return row;
}

export async function listInvoicesOfTenant(db: Db, tenantId: string): Promise<InvoiceRow[]> {
  return db
    .select()
    .from(billingInvoices)
    .where(eq(billingInvoices.tenantId, tenantId))
    .orderBy(desc(billingInvoices.paymentDate), desc(billingInvoices.receiptNumber));
}

export async function findInvoiceOfTenant(
  db: Db,
  tenantId: string,
  id: string,
): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(billingInvoices)
    .where(and(eq(billingInvoices.tenantId, tenantId), eq(billingInvoices.id, id)));
  return row;
}

export async function insertInvoice(db: Db, invoice: NewInvoice): Promise<InvoiceRow> {
  const [row] = await db.insert(billingInvoices).values(invoice).returning();
  if (!row) throw new Error('insertInvoice returned no row');
  return row;
}

export async function insertSetupIntent(
  db: Db,
  intent: typeof billingSetupIntents.$inferInsert,
): Promise<SetupIntentRow> {
  const [row] = await db.insert(billingSetupIntents).values(intent).returning();
  if (!row) throw new Error('insertSetupIntent returned no row');
  return row;
}

/** Marks the tenant's unexpired, unused setup of this secret used; answers it, or undefined. */
export async function useSetupIntent(
  db: Db,
  tenantId: string,
  secretHash: string,
  now: Date,
): Promise<SetupIntentRow | undefined> {
  const [row] = await db
    .update(billingSetupIntents)
    .set({ usedAt: now })
    .where(
      and(
        eq(billingSetupIntents.tenantId, tenantId),
        eq(billingSetupIntents.secretHash, secretHash),
        isNull(billingSetupIntents.usedAt),
        gt(billingSetupIntents.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Records a provider event; false when it was recorded before (a retried delivery). */
export async function recordWebhookEvent(db: Db, id: string, type: string): Promise<boolean> {
  const inserted = await db
    .insert(billingWebhookEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: billingWebhookEvents.id });
  return inserted.length > 0;
}
