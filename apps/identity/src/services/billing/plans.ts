import type { BillingPlan } from '@brizo/contract/entities/billing';

// Issue 15 (SPEC section 9): the plans a tenant can subscribe to. Monthly, in usd; Free is where every
// tenant starts and what a downgrade returns to. The ids are fixed so that links and tests stay valid.

export interface PlanDefinition extends BillingPlan {
  /** Higher is more: a change to a lower rank is a downgrade. */
  rank: number;
}

export const FREE_PLAN: PlanDefinition = {
  id: '6d1f1a52-7a3f-4c0e-9c61-0f3a2f6c0001',
  externalId: 'plan_free',
  name: 'Free',
  description: 'For trying things out: the essentials, free forever',
  price: { id: '6d1f1a52-7a3f-4c0e-9c61-0f3a2f6c1001', externalId: 'price_free', amount: 0, currency: 'usd' },
  slug: 'free',
  rank: 0,
};

export const PREMIUM_PLAN: PlanDefinition = {
  id: '6d1f1a52-7a3f-4c0e-9c61-0f3a2f6c0002',
  externalId: 'plan_premium',
  name: 'Premium',
  description: 'For growing teams: everything in Free, with priority support',
  price: {
    id: '6d1f1a52-7a3f-4c0e-9c61-0f3a2f6c1002',
    externalId: 'price_premium',
    amount: 10_000,
    currency: 'usd',
  },
  slug: 'premium',
  rank: 1,
};

export const PLANS: readonly PlanDefinition[] = [FREE_PLAN, PREMIUM_PLAN];

/** A plan by its id, its external id or its slug (the SDK sends any of them). */
export const planOf = (key: string): PlanDefinition | undefined =>
  PLANS.find((plan) => plan.id === key || plan.externalId === key || plan.slug === key);

export const planView = ({ rank: _rank, ...plan }: PlanDefinition): BillingPlan => plan;
