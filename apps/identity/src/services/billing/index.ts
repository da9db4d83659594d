import { randomBytes, randomUUID } from 'node:crypto';
import type {
  BillingAddress,
  Invoice,
  PaymentMethod,
  Subscription,
  VendorPublicConfig,
} from '@brizo/contract/entities/billing';
import type { Db } from '../../db/client.js';
import {
  findBillingCustomer,
  findBillingCustomerByExternalId,
  findInvoiceOfTenant,
  findPaymentMethodByExternalId,
  findPaymentMethodOfTenant,
  findSubscriptionOfTenant,
  insertBillingCustomer,
  insertDefaultPaymentMethod,
  insertInvoice,
  insertSetupIntent,
  insertSubscription,
  listInvoicesOfTenant,
  listPaymentMethodsOfTenant,
  recordWebhookEvent,
  updatePaymentMethodOfTenant,
  updateSubscription,
  useSetupIntent,
  setCustomerExternallyManaged,
  deletePaymentMethodByExternalId,
  type BillingCustomerRow,
  type InvoiceRow,
  type PaymentMethodRow,
  type SubscriptionRow,
} from '../../db/queries/billing.js';
import { findTenantById } from '../../db/queries/tenants.js';
import { appError, errorCatalogue } from '../../errors.js';
import type { Clock } from '../../lib/time.js';
import { hashToken } from '../../lib/secrets.js';
import type { AdminActor } from '../admin-access.js';
import { auditChange } from '../audit-changes.js';
import { recordAdminAudit } from '../audit.js';
import { billingAuditEvents as events, type BillingAuditEvent } from './audit-events.js';
import { invoicePdf } from './invoice-pdf.js';
import { FREE_PLAN, PLANS, planOf, planView } from './plans.js';
import { confirmTestCard } from './providers/development.js';
import type { PaymentProvider, ProviderCard, ProviderEvent } from './providers/provider.js';
import {
  addMonth,
  advance,
  cancel,
  changePlan,
  renew,
  type Charge,
  type Decision,
  type SubscriptionState,
  type VendorBillingRules,
} from './state-machine.js';

// Issue 15: subscription and billing (SPEC sections 3, 4, 8, 9). The server keeps each tenant's
// subscription, its periods and its invoices; the payment provider (providers/) keeps the customer and
// its cards and takes the payments. Every tenant starts on the Free plan, created on its first read.
// Renewals are caught up on read: a read after a period ended renews it (or ends it), invoicing a paid
// plan, so no job is needed and a test clock drives it.

/** How long the development card form's setup secret stays usable. */
const SETUP_INTENT_SECONDS = 30 * 60;

export interface CardForm {
  setupIntentSecret: string;
  cardNumber: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  name: string;
}

const stateOf = (row: SubscriptionRow): SubscriptionState => ({
  planSlug: row.planSlug,
  status: row.status,
  cancellation: row.cancellationPolicy,
  externallyManaged: false,
  currentPeriodStart: row.currentPeriodStart,
  currentPeriodEnd: row.currentPeriodEnd,
  trialEnd: row.trialEnd,
  hasPaymentMethod: row.paymentMethodId !== null,
});

const subscriptionView = (row: SubscriptionRow, externallyManaged: boolean): Subscription => ({
  id: row.id,
  externalId: row.externalId,
  externallyManaged,
  startDate: row.startDate.toISOString(),
  currentPeriodStart: row.currentPeriodStart.toISOString(),
  currentPeriodEnd: row.currentPeriodEnd.toISOString(),
  status: row.status,
  cancellation: row.cancellationPolicy ? { policy: row.cancellationPolicy } : null,
  ...(row.trialEnd ? { trialEnd: row.trialEnd.toISOString() } : {}),
  plan: { slug: row.planSlug },
  planId: (planOf(row.planSlug) ?? FREE_PLAN).id,
  paymentMethodId: row.paymentMethodId,
});

const invoiceView = (row: InvoiceRow): Invoice => ({
  id: row.id,
  externalId: row.externalId,
  subscriptionId: row.subscriptionId,
  paymentDate: row.paymentDate.toISOString(),
  totalAmount: row.totalAmount,
  currency: row.currency,
  paid: row.paid,
  receiptNumber: row.receiptNumber,
});

const paymentMethodView = (row: PaymentMethodRow): PaymentMethod => ({
  id: row.id,
  externalId: row.externalId,
  type: 'card',
  isDefault: row.isDefault,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  brand: row.brand,
  billingDetails: {
    name: row.name,
    ...(row.email ? { email: row.email } : {}),
    address: row.address,
  },
});

/** What the audit log shows of a subscription. */
const auditedFields = (
  row: Pick<SubscriptionRow, 'planSlug' | 'status' | 'cancellationPolicy' | 'paymentMethodId'>,
) => ({
  plan: row.planSlug,
  status: row.status,
  cancellation: row.cancellationPolicy,
  paymentMethodId: row.paymentMethodId,
});

const receiptNumber = () => `BRZ-${randomBytes(5).toString('hex').toUpperCase()}`;

export function createBillingService(deps: {
  db: Db;
  clock: Clock;
  /** null: no provider configured (PAYMENT_PROVIDER=none). */
  provider: PaymentProvider | null;
  rules: VendorBillingRules;
}) {
  const { db, clock, rules } = deps;
  const errors = errorCatalogue.billing;

  function requireProvider(): PaymentProvider {
    if (!deps.provider) throw appError(errors.providerNotConfigured);
    return deps.provider;
  }

  /** Calls about a tenant name the caller's own; another's is not found (tenant isolation). */
  function assertOwnTenant(actor: AdminActor, tenantId: string): void {
    if (!tenantId) throw appError(errors.tenantNotDefined);
    if (tenantId !== actor.tenantId) throw appError(errors.subscriptionNotFound);
  }

  const audit = (
    actor: AdminActor,
    event: BillingAuditEvent,
    description: string,
    json: Record<string, unknown>,
    now: Date,
  ) => recordAdminAudit(db, actor, event, { description, json }, now);

  const isExternallyManaged = async (tenantId: string) =>
    (await findBillingCustomer(db, tenantId))?.externallyManaged ?? false;

  /** The customer at the provider, created on first need. */
  async function customerOf(actor: AdminActor, provider: PaymentProvider): Promise<BillingCustomerRow> {
    const known = await findBillingCustomer(db, actor.tenantId);
    if (known) return known;
    const tenant = await findTenantById(db, actor.tenantId);
    const { externalId } = await provider.createCustomer({
      tenantId: actor.tenantId,
      name: tenant?.name ?? actor.tenantId,
      email: actor.email,
    });
    const now = clock.now();
    return db.transaction(async () => {
      const row = await insertBillingCustomer(db, {
        tenantId: actor.tenantId,
        provider: provider.kind,
        externalId,
      });
      if (row.externalId === externalId) {
        await audit(
          actor,
          events.billingCustomerCreated,
          `Billing customer created at ${provider.name}`,
          { ...auditChange(null, { provider: provider.kind, externalId }) },
          now,
        );
      }
      return row;
    });
  }

  /** Takes each charge from the card; the first refused one stops there (what was paid stays paid). */
  async function collect(
    provider: PaymentProvider,
    row: SubscriptionRow,
    charges: Charge[],
  ): Promise<{ paid: Array<Charge & { externalId: string; paidWith: string }>; failed: boolean }> {
    const paid: Array<Charge & { externalId: string; paidWith: string }> = [];
    if (charges.length === 0) return { paid, failed: false };
    const customer = await findBillingCustomer(db, row.tenantId);
    const card = row.paymentMethodId
      ? await findPaymentMethodOfTenant(db, row.tenantId, row.paymentMethodId)
      : undefined;
    if (!customer || !card) return { paid, failed: true };
    for (const charge of charges) {
      try {
        const { externalId } = await provider.charge({
          customerExternalId: customer.externalId,
          cardExternalId: card.externalId,
          amount: charge.amount,
          currency: 'usd',
          description: `${planOf(charge.planSlug)?.name ?? charge.planSlug} plan, monthly`,
          idempotencyKey: `${row.id}-${charge.planSlug}-${charge.periodStart.toISOString()}`,
        });
        paid.push({ ...charge, externalId, paidWith: `${card.brand} •••• ${card.last4}` });
      } catch {
        return { paid, failed: true };
      }
    }
    return { paid, failed: false };
  }

  /** Writes the state decided and an invoice for each charge paid. */
  async function apply(
    row: SubscriptionRow,
    next: SubscriptionState,
    paid: Awaited<ReturnType<typeof collect>>['paid'],
  ) {
    const updated = await updateSubscription(db, row.id, {
      planSlug: next.planSlug,
      status: next.status,
      cancellationPolicy: next.cancellation,
      currentPeriodStart: next.currentPeriodStart,
      currentPeriodEnd: next.currentPeriodEnd,
      trialEnd: next.trialEnd,
      updatedAt: clock.now(),
    });
    for (const charge of paid) {
      await insertInvoice(db, {
        tenantId: row.tenantId,
        subscriptionId: row.id,
        externalId: charge.externalId,
        receiptNumber: receiptNumber(),
        planSlug: charge.planSlug,
        totalAmount: charge.amount,
        currency: 'usd',
        paid: true,
        paymentDate: clock.now(),
        periodStart: charge.periodStart,
        periodEnd: charge.periodEnd,
        paidWith: charge.paidWith,
      });
    }
    return updated;
  }

  /** The tenant's subscription, created on the Free plan on first read, with its ended periods caught up. */
  async function subscriptionRowOf(tenantId: string): Promise<SubscriptionRow> {
    const now = clock.now();
    const row =
      (await findSubscriptionOfTenant(db, tenantId)) ??
      (await insertSubscription(db, {
        tenantId,
        externalId: `sub_${randomUUID().replaceAll('-', '')}`,
        planSlug: FREE_PLAN.slug,
        status: 'active',
        startDate: now,
        currentPeriodStart: now,
        currentPeriodEnd: addMonth(now),
        // A card saved before the first read pays for it.
        paymentMethodId:
          (await listPaymentMethodsOfTenant(db, tenantId)).find((method) => method.isDefault)?.id ?? null,
      }));
    if (row.currentPeriodEnd > now && !(row.status === 'trialing' && row.trialEnd && row.trialEnd <= now))
      return row;
    const decision = advance(stateOf(row), planOf(row.planSlug) ?? FREE_PLAN, now);
    if (!decision.ok) return row;
    const provider = deps.provider;
    let next = decision.next;
    let paid: Awaited<ReturnType<typeof collect>>['paid'] = [];
    if (decision.charges.length > 0) {
      const collected = provider
        ? await collect(provider, row, decision.charges)
        : { paid: [], failed: true };
      paid = collected.paid;
      if (collected.failed) {
        const last = paid.at(-1);
        next = {
          ...next,
          status: 'incomplete',
          ...(last
            ? { currentPeriodStart: last.periodStart, currentPeriodEnd: last.periodEnd }
            : { currentPeriodStart: row.currentPeriodStart, currentPeriodEnd: row.currentPeriodEnd }),
        };
      }
    }
    return db.transaction(() => apply(row, next, paid));
  }

  async function viewOf(row: SubscriptionRow): Promise<Subscription> {
    return subscriptionView(row, await isExternallyManaged(row.tenantId));
  }

  /** The caller's subscription by id; another's is not found. */
  async function ownSubscription(actor: AdminActor, subscriptionId: string): Promise<SubscriptionRow> {
    const row = await subscriptionRowOf(actor.tenantId);
    if (row.id !== subscriptionId) throw appError(errors.subscriptionNotFound);
    return row;
  }

  /** Applies a decision of the state machine, audited, or answers its refusal. */
  async function decide(
    actor: AdminActor,
    row: SubscriptionRow,
    decision: Decision,
    event: BillingAuditEvent,
    description: string,
  ): Promise<Subscription> {
    if (!decision.ok) throw appError(errors[decision.refusal]);
    const provider = requireProvider();
    const { paid, failed } = await collect(provider, row, decision.charges);
    if (failed) throw appError(errors.cardDeclined);
    const now = clock.now();
    const updated = await db.transaction(async () => {
      const written = await apply(row, decision.next, paid);
      await audit(
        actor,
        event,
        description,
        { subscriptionId: row.id, ...auditChange(auditedFields(row), auditedFields(written)) },
        now,
      );
      return written;
    });
    return viewOf(updated);
  }

  async function decisionState(row: SubscriptionRow): Promise<SubscriptionState> {
    return { ...stateOf(row), externallyManaged: await isExternallyManaged(row.tenantId) };
  }

  async function addCard(tenantId: string, card: ProviderCard, actor: AdminActor | null, now: Date) {
    return db.transaction(async () => {
      // Stripe names a card twice (the portal's confirmation and the webhook): it is kept once.
      const known = await findPaymentMethodByExternalId(db, tenantId, card.externalId);
      if (known) return known;
      const method = await insertDefaultPaymentMethod(db, {
        tenantId,
        externalId: card.externalId,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        name: card.name,
        email: card.email,
      });
      const subscription = await findSubscriptionOfTenant(db, tenantId);
      if (subscription)
        await updateSubscription(db, subscription.id, { paymentMethodId: method.id, updatedAt: now });
      if (actor) {
        await audit(
          actor,
          events.paymentMethodAdded,
          `Card added: ${card.brand} ending ${card.last4}`,
          {
            paymentMethodId: method.id,
            ...auditChange(null, {
              brand: card.brand,
              last4: card.last4,
              expMonth: card.expMonth,
              expYear: card.expYear,
            }),
          },
          now,
        );
      }
      return method;
    });
  }

  async function ownPaymentMethod(actor: AdminActor, paymentMethodId: string) {
    const row = await findPaymentMethodOfTenant(db, actor.tenantId, paymentMethodId);
    if (!row) throw appError(errors.paymentMethodNotFound);
    return row;
  }

  async function ownInvoice(actor: AdminActor, invoiceId: string) {
    requireProvider();
    const row = await findInvoiceOfTenant(db, actor.tenantId, invoiceId);
    if (!row) throw appError(errors.invoiceNotFound);
    return row;
  }

  const service = {
    /** GET /payment-providers/v1: the provider configured, if any. */
    providers() {
      const provider = deps.provider;
      return provider
        ? [{ providerType: 'Stripe' as const, name: provider.name, status: 'active', kind: provider.kind }]
        : [];
    },

    vendorPublicConfig(): VendorPublicConfig {
      requireProvider();
      return { ...rules, whiteLabelMode: false };
    },

    plans() {
      requireProvider();
      return PLANS.map(planView);
    },

    plan(planId: string) {
      requireProvider();
      const plan = planOf(planId);
      if (!plan) throw appError(errors.planNotFound);
      return planView(plan);
    },

    async subscriptions(actor: AdminActor): Promise<Subscription[]> {
      requireProvider();
      return [await viewOf(await subscriptionRowOf(actor.tenantId))];
    },

    async subscription(actor: AdminActor, subscriptionId: string): Promise<Subscription> {
      requireProvider();
      return viewOf(await ownSubscription(actor, subscriptionId));
    },

    async cancel(actor: AdminActor, subscriptionId: string): Promise<Subscription> {
      requireProvider();
      const row = await ownSubscription(actor, subscriptionId);
      const decision = cancel(await decisionState(row), rules);
      return decide(
        actor,
        row,
        decision,
        events.subscriptionCanceled,
        'Subscription set to end with its period',
      );
    },

    async renew(actor: AdminActor, subscriptionId: string): Promise<Subscription> {
      requireProvider();
      const row = await ownSubscription(actor, subscriptionId);
      return decide(
        actor,
        row,
        renew(await decisionState(row)),
        events.subscriptionRenewed,
        'Cancellation taken back',
      );
    },

    /**
     * PUT /subscriptions/v1/:id: the plan (an upgrade charges its first month now), and the card it is
     * paid with; the same plan with another card only changes the card.
     */
    async update(
      actor: AdminActor,
      subscriptionId: string,
      body: { planId: string; paymentMethodId?: string | undefined },
    ): Promise<Subscription> {
      requireProvider();
      let row = await ownSubscription(actor, subscriptionId);
      const to = planOf(body.planId);
      if (!to) throw appError(errors.planNotFound);
      const state = await decisionState(row);
      if (state.externallyManaged) throw appError(errors.externallyManaged);
      if (body.paymentMethodId && body.paymentMethodId !== row.paymentMethodId) {
        const method = await ownPaymentMethod(actor, body.paymentMethodId);
        const now = clock.now();
        const before = row;
        row = await db.transaction(async () => {
          const written = await updateSubscription(db, row.id, {
            paymentMethodId: method.id,
            updatedAt: now,
          });
          await audit(
            actor,
            events.subscriptionPaymentMethodChanged,
            `Paid with ${method.brand} ending ${method.last4}`,
            { subscriptionId: row.id, ...auditChange(auditedFields(before), auditedFields(written)) },
            now,
          );
          return written;
        });
        if (to.slug === row.planSlug && row.status === 'active') return viewOf(row);
      }
      const from = planOf(row.planSlug) ?? FREE_PLAN;
      const decision = changePlan(
        { ...state, hasPaymentMethod: row.paymentMethodId !== null },
        from,
        to,
        rules,
        clock.now(),
      );
      return decide(
        actor,
        row,
        decision,
        events.subscriptionPlanChanged,
        `Plan changed from ${from.name} to ${to.name}`,
      );
    },

    async invoices(actor: AdminActor): Promise<Invoice[]> {
      requireProvider();
      await subscriptionRowOf(actor.tenantId);
      return (await listInvoicesOfTenant(db, actor.tenantId)).map(invoiceView);
    },

    async invoice(actor: AdminActor, invoiceId: string): Promise<Invoice> {
      return invoiceView(await ownInvoice(actor, invoiceId));
    },

    async invoicePdf(actor: AdminActor, invoiceId: string): Promise<{ fileName: string; pdf: Buffer }> {
      const row = await ownInvoice(actor, invoiceId);
      const tenant = await findTenantById(db, actor.tenantId);
      return {
        fileName: `invoice-${row.receiptNumber}.pdf`,
        pdf: invoicePdf(row, tenant?.name ?? '', clock.now()),
      };
    },

    async paymentMethods(actor: AdminActor): Promise<PaymentMethod[]> {
      requireProvider();
      return (await listPaymentMethodsOfTenant(db, actor.tenantId)).map(paymentMethodView);
    },

    async paymentMethod(actor: AdminActor, paymentMethodId: string): Promise<PaymentMethod> {
      requireProvider();
      return paymentMethodView(await ownPaymentMethod(actor, paymentMethodId));
    },

    async updateBillingDetails(
      actor: AdminActor,
      paymentMethodId: string,
      changes: { email?: string | undefined; address?: BillingAddress | undefined },
    ): Promise<PaymentMethod> {
      requireProvider();
      const before = await ownPaymentMethod(actor, paymentMethodId);
      const now = clock.now();
      const after = await db.transaction(async () => {
        const written = await updatePaymentMethodOfTenant(db, actor.tenantId, paymentMethodId, {
          ...(changes.email !== undefined ? { email: changes.email } : {}),
          ...(changes.address !== undefined ? { address: changes.address } : {}),
          updatedAt: now,
        });
        if (!written) throw appError(errors.paymentMethodNotFound);
        await audit(
          actor,
          events.billingDetailsUpdated,
          `Billing details of the card ending ${before.last4} updated`,
          {
            paymentMethodId,
            ...auditChange(
              { email: before.email, address: before.address },
              { email: written.email, address: written.address },
            ),
          },
          now,
        );
        return written;
      });
      return paymentMethodView(after);
    },

    /** GET /summaries/v1/:tenantId: the tenant's subscription at a glance. */
    async summary(actor: AdminActor, tenantId: string) {
      requireProvider();
      assertOwnTenant(actor, tenantId);
      const row = await subscriptionRowOf(tenantId);
      const customer = await findBillingCustomer(db, tenantId);
      return {
        tenantConfigurationId: customer?.externalId ?? '',
        providerType: 'Stripe' as const,
        subscriptionId: row.id,
        externallyManaged: customer?.externallyManaged ?? false,
        currentPlanId: (planOf(row.planSlug) ?? FREE_PLAN).id,
        paymentMethodId: row.paymentMethodId,
        defaultPlanId: FREE_PLAN.id,
      };
    },

    async tenantConfiguration(actor: AdminActor, tenantId: string) {
      const provider = requireProvider();
      assertOwnTenant(actor, tenantId);
      const customer = await customerOf(actor, provider);
      return {
        id: customer.externalId,
        vendorId: 'brizo-access',
        tenantId,
        externallyManaged: String(customer.externallyManaged),
        paymentProviderType: 'Stripe' as const,
        mappingId: customer.externalId,
      };
    },

    /** POST /tenant-configurations/v1: creates the tenant's customer; `externallyManaged: 'true'` hands billing elsewhere. */
    async createTenantConfiguration(
      actor: AdminActor,
      body: { tenantId: string; externallyManaged?: string | undefined },
    ) {
      const provider = requireProvider();
      assertOwnTenant(actor, body.tenantId);
      const customer = await customerOf(actor, provider);
      if (body.externallyManaged !== undefined) {
        const externallyManaged = body.externallyManaged === 'true';
        if (externallyManaged !== customer.externallyManaged) {
          const now = clock.now();
          await db.transaction(async () => {
            await setCustomerExternallyManaged(db, actor.tenantId, externallyManaged, now);
            await audit(
              actor,
              events.billingCustomerCreated,
              externallyManaged ? 'Billing handed to an external system' : 'Billing managed in the portal',
              { ...auditChange({ externallyManaged: customer.externallyManaged }, { externallyManaged }) },
              now,
            );
          });
        }
      }
      return { id: customer.externalId };
    },

    async stripeCustomer(actor: AdminActor, tenantId: string) {
      requireProvider();
      assertOwnTenant(actor, tenantId);
      const customer = await findBillingCustomer(db, tenantId);
      if (!customer) throw appError(errors.subscriptionNotFound);
      return { stripeCustomerId: customer.externalId };
    },

    async createStripeCustomer(actor: AdminActor) {
      const customer = await customerOf(actor, requireProvider());
      return { stripeCustomerId: customer.externalId };
    },

    publicConfiguration() {
      const provider = requireProvider();
      return {
        id: provider.kind,
        name: provider.name,
        active: true,
        publishableKey: provider.publishableKey,
      };
    },

    /** POST /stripe/setup-intents/v1: a card setup the browser's form confirms with its secret. */
    async createSetupIntent(actor: AdminActor, body: { paymentMethodId?: string | undefined }) {
      const provider = requireProvider();
      if (body.paymentMethodId) await ownPaymentMethod(actor, body.paymentMethodId);
      const customer = await customerOf(actor, provider);
      const intent = await provider.createSetupIntent({ customerExternalId: customer.externalId });
      if (provider.kind === 'development') {
        const now = clock.now();
        await insertSetupIntent(db, {
          tenantId: actor.tenantId,
          secretHash: hashToken(intent.secret),
          replacesPaymentMethodId: body.paymentMethodId ?? null,
          expiresAt: new Date(now.getTime() + SETUP_INTENT_SECONDS * 1000),
        });
      }
      return {
        id: intent.externalId,
        paymentMethodId: body.paymentMethodId ?? '',
        setupIntentSecret: intent.secret,
      };
    },

    /**
     * The development provider's card form: confirms a setup with a test card. A refused card leaves the
     * setup usable (the transaction rolls back), so the form can try another card.
     */
    async confirmCard(actor: AdminActor, form: CardForm): Promise<PaymentMethod> {
      const provider = requireProvider();
      if (provider.kind !== 'development') throw appError(errors.setupIntentInvalid);
      const now = clock.now();
      const method = await db.transaction(async () => {
        const intent = await useSetupIntent(db, actor.tenantId, hashToken(form.setupIntentSecret), now);
        if (!intent) throw appError(errors.setupIntentInvalid);
        const card = confirmTestCard({ ...form, email: actor.email }, now);
        return addCard(actor.tenantId, card, actor, now);
      });
      return paymentMethodView(method);
    },

    /**
     * POST /stripe/setup-intents/v1/confirmations: Stripe.js confirmed a setup in the browser; its card is
     * read back from Stripe and recorded now (the webhook may come later and keeps the same card once).
     * Only a succeeded setup of the tenant's own customer is recorded.
     */
    async confirmSetupIntent(actor: AdminActor, setupIntentId: string): Promise<PaymentMethod> {
      const provider = requireProvider();
      if (provider.kind === 'development') throw appError(errors.setupIntentInvalid);
      const customer = await findBillingCustomer(db, actor.tenantId);
      if (!customer) throw appError(errors.setupIntentInvalid);
      const card = await provider.confirmedCard({
        setupIntentExternalId: setupIntentId,
        customerExternalId: customer.externalId,
      });
      const method = await addCard(
        actor.tenantId,
        { ...card, email: card.email ?? actor.email },
        actor,
        clock.now(),
      );
      return paymentMethodView(method);
    },

    /** POST /stripe/subscriptions/v1: subscribes to a plan by its provider id (the plan change rules hold). */
    async createProviderSubscription(actor: AdminActor, stripePlanId: string) {
      const row = await subscriptionRowOf(actor.tenantId);
      const updated = await service.update(actor, row.id, { planId: stripePlanId });
      return { subscriptionId: updated.id, subscriptionSecret: '' };
    },

    /** A provider webhook: verified over its raw body, applied once however often it is delivered. */
    async webhook(
      rawBody: string | Buffer,
      signature: string,
    ): Promise<{ received: true; type: ProviderEvent['type'] }> {
      const provider = requireProvider();
      const event = provider.parseWebhook(rawBody, signature);
      const now = clock.now();
      await db.transaction(async () => {
        if (!(await recordWebhookEvent(db, event.id, event.type))) return;
        if (event.type === 'cardAttached') {
          const customer = await findBillingCustomerByExternalId(db, event.customerExternalId);
          if (customer) await addCard(customer.tenantId, event.card, null, now);
        } else if (event.type === 'cardDetached') {
          await deletePaymentMethodByExternalId(db, event.cardExternalId);
        } else if (event.type === 'paymentFailed') {
          const customer = await findBillingCustomerByExternalId(db, event.customerExternalId);
          const row = customer && (await findSubscriptionOfTenant(db, customer.tenantId));
          if (row && row.status === 'active' && (planOf(row.planSlug)?.price.amount ?? 0) > 0)
            await updateSubscription(db, row.id, { status: 'incomplete', updatedAt: now });
        }
      });
      return { received: true as const, type: event.type };
    },
  };
  return service;
}

export type BillingService = ReturnType<typeof createBillingService>;
