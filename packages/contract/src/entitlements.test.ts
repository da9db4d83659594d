import { describe, expect, it } from 'vitest';
import {
  conditionSchema,
  featureFlagSchema,
  NEVER_EXPIRES,
  type FeatureFlag,
  type UserEntitlements,
} from './entities/entitlements.js';
import { evaluateFlag, isEntitledToFeature, isEntitledToPermission } from './entitlements.js';

const HOUR = 3_600_000;
const never: FeatureFlag = { on: false, offTreatment: 'false', defaultTreatment: 'false', rules: [] };

const entitlements: UserEntitlements = {
  features: {
    // A direct entitlement that never expires.
    sso: { planIds: [], expireTime: NEVER_EXPIRES, linkedPermissions: ['fe.secure.write.samlConfiguration'] },
    // A direct entitlement that ended an hour ago.
    scim: { planIds: [], expireTime: Date.now() - HOUR, linkedPermissions: ['fe.secure.write.scim'] },
    // No direct entitlement; its flag is on for brizo.test addresses.
    reports: {
      planIds: [],
      expireTime: null,
      linkedPermissions: [],
      featureFlag: {
        on: true,
        offTreatment: 'false',
        defaultTreatment: 'false',
        rules: [
          {
            conditionLogic: 'and',
            conditions: [
              {
                attribute: 'frontegg.email',
                op: 'ends_with',
                value: { list: ['@brizo.test'] },
                negate: false,
              },
            ],
            treatment: 'true',
          },
        ],
      },
    },
    // In the premium plan, whose rules take tenants with at least 10 seats.
    geo: { planIds: ['premium'], expireTime: null, linkedPermissions: ['bfm.geo.*'], featureFlag: never },
    // In no plan, no flag, no entitlement.
    billing: { planIds: [], expireTime: null, linkedPermissions: ['fe.subscriptions.write'] },
  },
  plans: {
    premium: {
      defaultTreatment: 'false',
      rules: [
        {
          conditionLogic: 'and',
          conditions: [
            { attribute: 'seats', op: 'greater_than_equal', value: { number: 10 }, negate: false },
          ],
          treatment: 'true',
        },
      ],
    },
  },
  permissions: { 'fe.secure.*': true, 'bfm.geo.read': true, 'fe.subscriptions.write': true },
};

const regular = { jwt: { email: 'regular@brizo.test', tenantId: 't1', id: 'u1' }, custom: { seats: 3 } };
const large = { jwt: { email: 'owner@example.com', tenantId: 't2', id: 'u2' }, custom: { seats: 25 } };

describe('entitlement evaluation (SPEC section 4: direct, then feature flag, then plan rules)', () => {
  it.each([
    ['a direct entitlement that never expires', 'sso', large, { isEntitled: true }],
    ['an expired direct entitlement', 'scim', large, { isEntitled: false, justification: 'BUNDLE_EXPIRED' }],
    ['a flag whose rule holds', 'reports', regular, { isEntitled: true }],
    ['a flag whose rule fails', 'reports', large, { isEntitled: false, justification: 'MISSING_FEATURE' }],
    ['a plan whose rule holds', 'geo', large, { isEntitled: true }],
    ['a plan whose rule fails', 'geo', regular, { isEntitled: false, justification: 'MISSING_FEATURE' }],
    ['a feature in nothing', 'billing', large, { isEntitled: false, justification: 'MISSING_FEATURE' }],
    ['an unknown feature', 'nothing', large, { isEntitled: false, justification: 'MISSING_FEATURE' }],
  ])('%s', (_case, feature, attributes, expected) => {
    expect(isEntitledToFeature(entitlements, feature, attributes)).toEqual(expected);
  });
});

describe('permission checks (SPEC section 6: the permission and the linked feature entitlement)', () => {
  it.each([
    [
      'a wildcard permission linked to an entitled feature',
      'fe.secure.write.samlConfiguration',
      { isEntitled: true },
    ],
    [
      'a held permission whose feature has expired',
      'fe.secure.write.scim',
      { isEntitled: false, justification: 'BUNDLE_EXPIRED' },
    ],
    [
      'a held permission whose feature is not entitled',
      'fe.subscriptions.write',
      { isEntitled: false, justification: 'MISSING_FEATURE' },
    ],
    [
      'a permission not held',
      'fe.account-hierarchy.write',
      { isEntitled: false, justification: 'MISSING_PERMISSION' },
    ],
    ['a held permission linked to no feature', 'fe.secure.read.users', { isEntitled: true }],
  ])('%s', (_case, permission, expected) => {
    expect(isEntitledToPermission(entitlements, permission, large)).toEqual(expected);
  });
});

describe('feature flags', () => {
  const flag = (rules: FeatureFlag['rules'], on = true): FeatureFlag => ({
    on,
    offTreatment: 'false',
    defaultTreatment: 'true',
    rules,
  });
  const rule = (condition: Record<string, unknown>, treatment: 'true' | 'false' = 'false') => ({
    conditionLogic: 'and' as const,
    conditions: [conditionSchema.parse(condition)],
    treatment,
  });

  it('answers offTreatment when off, whatever the rules', () => {
    expect(evaluateFlag(flag([], false), regular)).toBe('off');
  });

  it('answers the first rule that holds, else defaultTreatment', () => {
    const onlyOthers = flag([
      rule({ attribute: 'frontegg.tenantId', op: 'in_list', value: { list: ['t1'] } }),
    ]);
    expect(evaluateFlag(onlyOthers, regular)).toBe('off');
    expect(evaluateFlag(onlyOthers, large)).toBe('on');
  });

  it('negates a condition, and fails a rule whose attribute is missing', () => {
    const notBrizo = flag([
      rule({ attribute: 'frontegg.email', op: 'ends_with', value: { list: ['@brizo.test'] }, negate: true }),
    ]);
    expect(evaluateFlag(notBrizo, regular)).toBe('on');
    expect(evaluateFlag(notBrizo, large)).toBe('off');
    const onPlan = flag([rule({ attribute: 'plan', op: 'in_list', value: { list: ['premium'] } })]);
    expect(evaluateFlag(onPlan, regular)).toBe('on');
  });

  it('compares dates', () => {
    const since = flag([
      rule({ attribute: 'signedUpAt', op: 'on_or_after', value: { date: '2026-06-01T00:00:00Z' } }),
    ]);
    expect(evaluateFlag(since, { custom: { signedUpAt: new Date('2026-07-01T00:00:00Z') } })).toBe('off');
    expect(evaluateFlag(since, { custom: { signedUpAt: new Date('2026-01-01T00:00:00Z') } })).toBe('on');
  });
});

describe('flag and condition schemas', () => {
  it('refuses a value that does not fit its operation', () => {
    const result = conditionSchema.safeParse({
      attribute: 'seats',
      op: 'greater_than',
      value: { string: '3' },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('value does not fit the operation greater_than');
  });

  it('refuses an unknown operation and a rule without conditions', () => {
    expect(conditionSchema.safeParse({ attribute: 'a', op: 'like', value: {} }).success).toBe(false);
    expect(
      featureFlagSchema.safeParse({
        on: true,
        offTreatment: 'false',
        defaultTreatment: 'true',
        rules: [{ conditions: [], treatment: 'true' }],
      }).success,
    ).toBe(false);
  });
});
