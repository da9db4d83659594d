import { describe, expect, it } from 'vitest';
import { FREE_PLAN, PREMIUM_PLAN } from './plans.js';
import {
  addMonth,
  advance,
  cancel,
  changePlan,
  renew,
  type Refusal,
  type SubscriptionState,
  type VendorBillingRules,
} from './state-machine.js';

// Issue 15 (SPEC section 4): the billing state machine, rule by rule.

const NOW = new Date('2026-03-15T10:00:00Z');
const ALLOW_ALL: VendorBillingRules = { allowPlanDowngrade: true, allowPlanCancellation: true };

const state = (overrides: Partial<SubscriptionState> = {}): SubscriptionState => ({
  planSlug: 'premium',
  status: 'active',
  cancellation: null,
  externallyManaged: false,
  currentPeriodStart: new Date('2026-03-01T00:00:00Z'),
  currentPeriodEnd: new Date('2026-04-01T00:00:00Z'),
  trialEnd: null,
  hasPaymentMethod: true,
  ...overrides,
});

const refusalOf = (decision: ReturnType<typeof cancel>): Refusal | null =>
  decision.ok ? null : decision.refusal;

describe('cancel (SPEC section 4: only when active, none pending, not externally managed)', () => {
  it.each([
    ['active', state(), ALLOW_ALL, null],
    ['canceled', state({ status: 'canceled' }), ALLOW_ALL, 'cannotCancel'],
    ['incomplete', state({ status: 'incomplete' }), ALLOW_ALL, 'cannotCancel'],
    ['expired', state({ status: 'expired' }), ALLOW_ALL, 'cannotCancel'],
    ['trialing', state({ status: 'trialing' }), ALLOW_ALL, 'cannotCancel'],
    ['trialEnded', state({ status: 'trialEnded' }), ALLOW_ALL, 'cannotCancel'],
    ['already pending', state({ cancellation: 'atPeriodEnd' }), ALLOW_ALL, 'cannotCancel'],
    ['externally managed', state({ externallyManaged: true }), ALLOW_ALL, 'externallyManaged'],
    [
      'vendor forbids cancellation',
      state(),
      { ...ALLOW_ALL, allowPlanCancellation: false },
      'cancellationNotAllowed',
    ],
  ] as const)('%s → %s', (_name, before, rules, refusal) => {
    const decision = cancel(before, rules);
    expect(refusalOf(decision)).toBe(refusal);
    if (decision.ok) expect(decision.next).toMatchObject({ status: 'active', cancellation: 'atPeriodEnd' });
  });
});

describe('renew (SPEC section 4: only with cancellation policy atPeriodEnd)', () => {
  it.each([
    ['pending cancellation', state({ cancellation: 'atPeriodEnd' }), null],
    ['no cancellation', state(), 'cannotRenew'],
    [
      'externally managed',
      state({ cancellation: 'atPeriodEnd', externallyManaged: true }),
      'externallyManaged',
    ],
  ] as const)('%s → %s', (_name, before, refusal) => {
    const decision = renew(before);
    expect(refusalOf(decision)).toBe(refusal);
    if (decision.ok) expect(decision.next.cancellation).toBeNull();
  });
});

describe('change plan', () => {
  it('upgrades at once, starting a paid month and charging it', () => {
    const decision = changePlan(state({ planSlug: 'free' }), FREE_PLAN, PREMIUM_PLAN, ALLOW_ALL, NOW);
    expect(decision).toMatchObject({
      ok: true,
      next: {
        planSlug: 'premium',
        status: 'active',
        currentPeriodStart: NOW,
        currentPeriodEnd: addMonth(NOW),
      },
      charges: [{ planSlug: 'premium', amount: 10_000, periodStart: NOW }],
    });
  });

  it.each([
    [
      'a paid plan without a card',
      state({ planSlug: 'free', hasPaymentMethod: false }),
      FREE_PLAN,
      PREMIUM_PLAN,
      ALLOW_ALL,
      'paymentMethodRequired',
    ],
    ['the same plan', state(), PREMIUM_PLAN, PREMIUM_PLAN, ALLOW_ALL, 'samePlan'],
    [
      'a downgrade the vendor forbids',
      state(),
      PREMIUM_PLAN,
      FREE_PLAN,
      { ...ALLOW_ALL, allowPlanDowngrade: false },
      'downgradeNotAllowed',
    ],
    [
      'externally managed',
      state({ planSlug: 'free', externallyManaged: true }),
      FREE_PLAN,
      PREMIUM_PLAN,
      ALLOW_ALL,
      'externallyManaged',
    ],
  ] as const)('refuses %s', (_name, before, from, to, rules, refusal) => {
    expect(refusalOf(changePlan(before, from, to, rules, NOW))).toBe(refusal);
  });

  it('downgrades without a charge where allowed, and takes back a pending cancellation', () => {
    const decision = changePlan(
      state({ cancellation: 'atPeriodEnd' }),
      PREMIUM_PLAN,
      FREE_PLAN,
      ALLOW_ALL,
      NOW,
    );
    expect(decision).toMatchObject({ ok: true, next: { planSlug: 'free', cancellation: null }, charges: [] });
  });

  it('subscribes again to the same plan after a cancellation ended it', () => {
    const decision = changePlan(state({ status: 'canceled' }), PREMIUM_PLAN, PREMIUM_PLAN, ALLOW_ALL, NOW);
    expect(decision).toMatchObject({ ok: true, next: { status: 'active' }, charges: [{ amount: 10_000 }] });
  });
});

describe('time passing (renewals caught up on read)', () => {
  const end = new Date('2026-04-01T00:00:00Z');

  it('renews a paid plan each month that ended, invoicing each', () => {
    const decision = advance(state(), PREMIUM_PLAN, new Date('2026-05-02T00:00:00Z'));
    expect(decision).toMatchObject({
      ok: true,
      next: { status: 'active', currentPeriodStart: new Date('2026-05-01T00:00:00Z') },
      charges: [
        { periodStart: end, amount: 10_000 },
        { periodStart: new Date('2026-05-01T00:00:00Z'), amount: 10_000 },
      ],
    });
  });

  it('renews the Free plan without invoices', () => {
    expect(advance(state({ planSlug: 'free' }), FREE_PLAN, new Date('2026-04-02T00:00:00Z'))).toMatchObject({
      ok: true,
      next: { currentPeriodStart: end },
      charges: [],
    });
  });

  it('ends a subscription pending cancellation with its period', () => {
    expect(advance(state({ cancellation: 'atPeriodEnd' }), PREMIUM_PLAN, end)).toMatchObject({
      next: { status: 'canceled', cancellation: null },
      charges: [],
    });
  });

  it('makes a paid plan without a card incomplete', () => {
    expect(advance(state({ hasPaymentMethod: false }), PREMIUM_PLAN, end)).toMatchObject({
      next: { status: 'incomplete' },
      charges: [],
    });
  });

  it.each([
    [true, 'active'],
    [false, 'trialEnded'],
  ] as const)('ends a trial: with a card %s → %s', (hasPaymentMethod, status) => {
    const trial = state({ status: 'trialing', trialEnd: new Date('2026-03-10T00:00:00Z'), hasPaymentMethod });
    expect(advance(trial, PREMIUM_PLAN, NOW)).toMatchObject({ next: { status } });
  });

  it('leaves an ended subscription as it is', () => {
    expect(
      advance(state({ status: 'canceled' }), PREMIUM_PLAN, new Date('2027-01-01T00:00:00Z')),
    ).toMatchObject({
      next: { status: 'canceled', currentPeriodEnd: end },
      charges: [],
    });
  });

  it('counts months by the calendar (31 January → 28 February)', () => {
    expect(addMonth(new Date('2027-01-31T09:00:00Z'))).toEqual(new Date('2027-02-28T09:00:00Z'));
  });
});
