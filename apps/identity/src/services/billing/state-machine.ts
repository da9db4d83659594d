import { canCancel, canRenew, type SubscriptionStatus } from '@brizo/contract/entities/billing';
import type { PlanDefinition } from './plans.js';

// Issue 15 (SPEC section 4): what each billing action does to a subscription, as pure functions of its
// state, the plans and the vendor's rules, so that every rule is in one table (state-machine.test.ts).
// The service reads the state, asks here, then writes what it is told in one transaction.

export interface SubscriptionState {
  planSlug: string;
  status: SubscriptionStatus;
  cancellation: 'atPeriodEnd' | null;
  externallyManaged: boolean;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  trialEnd: Date | null;
  hasPaymentMethod: boolean;
}

/** The vendor's public configuration (SPEC section 3): may a tenant downgrade, or cancel. */
export interface VendorBillingRules {
  allowPlanDowngrade: boolean;
  allowPlanCancellation: boolean;
}

/** Why an action is refused: a key of errorCatalogue.billing. */
export type Refusal =
  | 'externallyManaged'
  | 'cannotCancel'
  | 'cancellationNotAllowed'
  | 'cannotRenew'
  | 'downgradeNotAllowed'
  | 'samePlan'
  | 'paymentMethodRequired';

/** A paid period to invoice: its plan, its bounds and its amount in cents. */
export interface Charge {
  planSlug: string;
  periodStart: Date;
  periodEnd: Date;
  amount: number;
}

export type Decision =
  { ok: true; next: SubscriptionState; charges: Charge[] } | { ok: false; refusal: Refusal };

const refuse = (refusal: Refusal): Decision => ({ ok: false, refusal });
const accept = (next: SubscriptionState, charges: Charge[] = []): Decision => ({ ok: true, next, charges });

/** The same day and time one calendar month later (the 31st becomes the month's last day). */
export function addMonth(date: Date): Date {
  const next = new Date(date);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** A fresh monthly period from `now`. */
const periodFrom = (now: Date) => ({ currentPeriodStart: now, currentPeriodEnd: addMonth(now) });

/** Cancel: at the period's end, only when active, not pending already and not externally managed. */
export function cancel(state: SubscriptionState, rules: VendorBillingRules): Decision {
  if (state.externallyManaged) return refuse('externallyManaged');
  if (!rules.allowPlanCancellation) return refuse('cancellationNotAllowed');
  if (!canCancel({ ...state, cancellation: state.cancellation && { policy: state.cancellation } }))
    return refuse('cannotCancel');
  return accept({ ...state, cancellation: 'atPeriodEnd' });
}

/** Renew: takes back a cancellation at the period's end. */
export function renew(state: SubscriptionState): Decision {
  if (state.externallyManaged) return refuse('externallyManaged');
  if (!canRenew({ cancellation: state.cancellation && { policy: state.cancellation } }))
    return refuse('cannotRenew');
  return accept({ ...state, cancellation: null });
}

/**
 * Change plan: an upgrade (or any paid plan after the subscription ended) starts a paid period now
 * and charges it; a downgrade, where the vendor allows it, takes effect now and charges nothing. Either
 * takes back a pending cancellation: the tenant chose a plan.
 */
export function changePlan(
  state: SubscriptionState,
  from: PlanDefinition,
  to: PlanDefinition,
  rules: VendorBillingRules,
  now: Date,
): Decision {
  if (state.externallyManaged) return refuse('externallyManaged');
  const isLive = state.status === 'active' || state.status === 'trialing';
  if (from.slug === to.slug && isLive) return refuse('samePlan');
  if (to.rank < from.rank && isLive && !rules.allowPlanDowngrade) return refuse('downgradeNotAllowed');
  const isPaid = to.price.amount > 0;
  if (isPaid && !state.hasPaymentMethod) return refuse('paymentMethodRequired');
  const next: SubscriptionState = {
    ...state,
    planSlug: to.slug,
    status: 'active',
    cancellation: null,
    trialEnd: null,
    ...periodFrom(now),
  };
  const charges = isPaid
    ? [
        {
          planSlug: to.slug,
          periodStart: next.currentPeriodStart,
          periodEnd: next.currentPeriodEnd,
          amount: to.price.amount,
        },
      ]
    : [];
  return accept(next, charges);
}

/** Periods caught up at most in one read: a subscription untouched for ten years stops there. */
const MAX_PERIODS = 120;

/**
 * Time passing: each period that ended by `now` either ends the subscription (a pending cancellation:
 * canceled; a trial: active with a payment method, else trialEnded) or renews it for a month, charging
 * a paid plan (without a payment method it becomes incomplete). Ended subscriptions stay as they are.
 */
export function advance(state: SubscriptionState, plan: PlanDefinition, now: Date): Decision {
  let next = state;
  const charges: Charge[] = [];
  for (let periods = 0; periods < MAX_PERIODS; periods += 1) {
    if (next.status === 'trialing' && next.trialEnd && next.trialEnd <= now) {
      next = { ...next, status: next.hasPaymentMethod ? 'active' : 'trialEnded' };
      continue;
    }
    if (next.currentPeriodEnd > now || next.status !== 'active') break;
    if (next.cancellation) {
      next = { ...next, status: 'canceled', cancellation: null };
      break;
    }
    const isPaid = plan.price.amount > 0;
    if (isPaid && !next.hasPaymentMethod) {
      next = { ...next, status: 'incomplete' };
      break;
    }
    next = {
      ...next,
      currentPeriodStart: next.currentPeriodEnd,
      currentPeriodEnd: addMonth(next.currentPeriodEnd),
    };
    if (isPaid) {
      charges.push({
        planSlug: plan.slug,
        periodStart: next.currentPeriodStart,
        periodEnd: next.currentPeriodEnd,
        amount: plan.price.amount,
      });
    }
  }
  return accept(next, charges);
}
