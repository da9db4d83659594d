import { z } from 'zod';

// Issue 15: plans, features, entitlements and feature flags. The shapes of the user-entitlements v2
// answer are the SDK's (its store evaluates them in the browser with the evaluator of
// ../entitlements.ts); the management shapes are the superuser console's.

export const treatments = ['true', 'false'] as const;
export const treatmentSchema = z.enum(treatments);
export type Treatment = z.infer<typeof treatmentSchema>;

/** SPEC section 5 "Rule operations". */
export const ruleOperations = [
  'in_list',
  'starts_with',
  'ends_with',
  'contains',
  'matches',
  'equal',
  'greater_than',
  'greater_than_equal',
  'lower_than',
  'lower_than_equal',
  'between_numeric',
  'is',
  'on',
  'on_or_after',
  'on_or_before',
  'between_date',
] as const;
export const ruleOperationSchema = z.enum(ruleOperations);
export type RuleOperation = z.infer<typeof ruleOperationSchema>;

const dateValue = z.iso.datetime({ offset: true });

const stringList = z.object({ list: z.array(z.string().max(500)).min(1).max(1000) });

/**
 * What each operation compares the attribute with (the evaluator's payload of that operation): the
 * string operations but `matches` hold when any string of the list does.
 */
export const conditionValueSchemas = {
  in_list: stringList,
  starts_with: stringList,
  ends_with: stringList,
  contains: stringList,
  matches: z.object({ string: z.string().min(1).max(500) }),
  equal: z.object({ number: z.number() }),
  greater_than: z.object({ number: z.number() }),
  greater_than_equal: z.object({ number: z.number() }),
  lower_than: z.object({ number: z.number() }),
  lower_than_equal: z.object({ number: z.number() }),
  between_numeric: z.object({ start: z.number(), end: z.number() }),
  is: z.object({ boolean: z.boolean() }),
  on: z.object({ date: dateValue }),
  on_or_after: z.object({ date: dateValue }),
  on_or_before: z.object({ date: dateValue }),
  between_date: z.object({ start: dateValue, end: dateValue }),
} satisfies Record<RuleOperation, z.ZodType>;

/** A condition on one attribute ('email', 'frontegg.tenantId', 'jwt.roles', or a custom one). */
export const conditionSchema = z
  .object({
    attribute: z.string().trim().min(1).max(200),
    op: ruleOperationSchema,
    value: z.record(z.string(), z.unknown()),
    negate: z.boolean().default(false),
  })
  .superRefine((condition, context) => {
    const parsed = conditionValueSchemas[condition.op].safeParse(condition.value);
    if (!parsed.success)
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: `value does not fit the operation ${condition.op}`,
      });
  });
export type Condition = z.infer<typeof conditionSchema>;

/** All conditions must hold (SPEC section 5); a missing attribute or an invalid value fails. */
export const ruleSchema = z.object({
  conditionLogic: z.literal('and').default('and'),
  conditions: z.array(conditionSchema).min(1).max(50),
  treatment: treatmentSchema,
});
export type Rule = z.infer<typeof ruleSchema>;

/** A feature flag (SPEC section 3): off gives offTreatment; on, the first rule that holds, else defaultTreatment. */
export const featureFlagSchema = z.object({
  on: z.boolean(),
  offTreatment: treatmentSchema,
  defaultTreatment: treatmentSchema,
  rules: z.array(ruleSchema).max(50).default([]),
});
export type FeatureFlag = z.infer<typeof featureFlagSchema>;

/** A plan's targeting: who is in the plan by rule, beside those entitled to it directly. */
export const planTargetingSchema = z.object({
  defaultTreatment: treatmentSchema,
  rules: z.array(ruleSchema).max(50).default([]),
});
export type PlanTargeting = z.infer<typeof planTargetingSchema>;

/** SPEC section 5: a feature's expireTime -1 never expires; null means no direct entitlement. */
export const NEVER_EXPIRES = -1;

/** GET /entitlements/api/v2/user-entitlements: what the caller's entitlements are evaluated from. */
export const userEntitlementsSchema = z.object({
  features: z.record(
    z.string(),
    z.object({
      planIds: z.array(z.string()),
      expireTime: z.number().nullable(),
      linkedPermissions: z.array(z.string()),
      featureFlag: featureFlagSchema.optional(),
    }),
  ),
  plans: z.record(z.string(), planTargetingSchema),
  permissions: z.record(z.string(), z.literal(true)),
  /**
   * Ours, beside the SDK's shape: whether the vendor has turned entitlements on, so that a screen
   * knows whether a missing feature locks anything (off: permissions alone decide, as on the server).
   */
  enabled: z.boolean().optional(),
});
export type UserEntitlements = z.infer<typeof userEntitlementsSchema>;

export const featureKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9._-]*$/, 'must be lower-case letters, digits, dots, dashes or underscores');

/** A feature of the product (superuser console). */
export const featureSchema = z.object({
  id: z.string(),
  key: featureKeySchema,
  name: z.string(),
  description: z.string(),
  /** Permissions an action needs this feature for (SPEC section 6). */
  linkedPermissions: z.array(z.string()),
  featureFlag: featureFlagSchema.nullable(),
  planIds: z.array(z.string()),
  createdAt: z.string(),
});
export type Feature = z.infer<typeof featureSchema>;

/** A plan: a bundle of features, with targeting rules. */
export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  defaultTreatment: treatmentSchema,
  rules: z.array(ruleSchema),
  featureIds: z.array(z.string()),
  createdAt: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

/** A tenant's (or one of its users') entitlement to a plan or to one feature, until expiresAt. */
export const entitlementSchema = z.object({
  id: z.string(),
  tenantId: z.string(),
  userId: z.string().nullable(),
  planId: z.string().nullable(),
  featureId: z.string().nullable(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Entitlement = z.infer<typeof entitlementSchema>;

/** A vendor-level flag as the console manages it; GET /flags answers its evaluation for the caller. */
export const vendorFlagSchema = featureFlagSchema.extend({
  key: z.string(),
  description: z.string(),
  updatedAt: z.string(),
});
export type VendorFlag = z.infer<typeof vendorFlagSchema>;

/** GET /flags (SPEC section 7): name → on|off. */
export const flagsAnswerSchema = z.record(z.string(), z.enum(['on', 'off']));
