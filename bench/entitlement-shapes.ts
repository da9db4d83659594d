// Issue 15: the entitlement checks the benchmarks time, in Node (entitlement-checks.ts) and in Chromium
// (entitlement-checks-browser.ts): a context like a vendor's (100 features, 10 plans with targeting
// rules, half the features behind a flag with two rules, 20 direct entitlements) and the shapes of check.
// No Node API here: the browser benchmark bundles this module as it is.
import type { UserEntitlements } from '@brizo/contract/entities/entitlements';
import { evaluateFlag, isEntitledToFeature, isEntitledToPermission } from '@brizo/contract/entitlements';

export const FEATURES = 100;
export const PLANS = 10;

const rule = (attribute: string, list: string[], treatment: 'true' | 'false') => ({
  conditionLogic: 'and' as const,
  conditions: [{ attribute, op: 'in_list' as const, value: { list }, negate: false }],
  treatment,
});

export const context: UserEntitlements = {
  features: Object.fromEntries(
    Array.from({ length: FEATURES }, (_, i) => [
      `feature-${i}`,
      {
        planIds: [`plan-${i % PLANS}`, `plan-${(i + 3) % PLANS}`],
        // Features 0–19 are entitled directly, never expiring.
        expireTime: i < 20 ? -1 : null,
        linkedPermissions: [`fe.area-${i}.write`],
        ...(i % 2 === 0
          ? {
              featureFlag: {
                on: true,
                offTreatment: 'false' as const,
                defaultTreatment: 'false' as const,
                rules: [
                  rule('frontegg.tenantId', ['tenant-beta-1', 'tenant-beta-2'], 'true'),
                  rule('frontegg.email', ['early@brizo.test'], 'true'),
                ],
              },
            }
          : {}),
      },
    ]),
  ),
  plans: Object.fromEntries(
    Array.from({ length: PLANS }, (_, i) => [
      `plan-${i}`,
      { defaultTreatment: 'false' as const, rules: [rule('plan', [`plan-${i}`], 'true')] },
    ]),
  ),
  permissions: Object.fromEntries(
    Array.from({ length: FEATURES }, (_, i) => [`fe.area-${i}.write`, true as const]),
  ),
};

export const attributes = {
  jwt: { id: 'user-1', email: 'member@brizo.test', tenantId: 'tenant-1' },
  custom: { plan: 'plan-7' },
};

/** Each check measured, with the answer it must give. */
export const shapes: Array<[string, () => boolean]> = [
  ['feature entitled directly', () => isEntitledToFeature(context, 'feature-7', attributes).isEntitled],
  // Feature 44: no direct entitlement, its flag's rules fail, plan-4 and plan-7: plan-7's rule holds.
  ['feature through a plan rule', () => isEntitledToFeature(context, 'feature-44', attributes).isEntitled],
  ['feature not entitled', () => isEntitledToFeature(context, 'feature-41', attributes).isEntitled],
  [
    'permission with a linked feature',
    () => isEntitledToPermission(context, 'fe.area-44.write', attributes).isEntitled,
  ],
  ['permission not held', () => isEntitledToPermission(context, 'fe.other.write', attributes).isEntitled],
  [
    'feature flag with two rules',
    () =>
      evaluateFlag(
        context.features['feature-44']?.featureFlag ?? {
          on: false,
          offTreatment: 'false',
          defaultTreatment: 'false',
          rules: [],
        },
        attributes,
      ) === 'on',
  ],
];

export const expected = [true, true, false, true, false, false];

export interface ShapeRate {
  name: string;
  perSecond: number;
  microseconds: number;
}

/** Checks each shape's answer, warms it up, then counts its calls for `seconds`. */
export function measureShapes(seconds: number): ShapeRate[] {
  return shapes.map(([name, check], index) => {
    if (check() !== expected[index]) throw new Error(`${name}: unexpected answer`);
    for (let warm = 0; warm < 20_000; warm += 1) check();
    let count = 0;
    const started = performance.now();
    const until = started + seconds * 1000;
    while (performance.now() < until) {
      for (let batch = 0; batch < 1000; batch += 1) check();
      count += 1000;
    }
    const elapsed = (performance.now() - started) / 1000;
    return { name, perSecond: count / elapsed, microseconds: (elapsed / count) * 1e6 };
  });
}
