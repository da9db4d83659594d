import {
  evaluateFeatureFlag,
  evaluateIsEntitledToFeature,
  evaluateIsEntitledToPermissions,
  prepareAttributes,
  type EntitlementResult,
  type FeatureFlag as EvaluatedFlag,
  type UserEntitlementsContext,
} from '@frontegg/entitlements-javascript-commons';
import type { FeatureFlag, UserEntitlements } from './entities/entitlements.js';

// Issue 15: the one evaluator of entitlements and feature flags, for the server (which enforces them)
// and the web app (which shows what they allow). It is the SDK's own evaluation library: the store
// evaluates user-entitlements v2 with it in the browser, so the server deciding with the same code
// cannot disagree with what the portal shows. SPEC section 4: direct, then feature flag, then plan
// rules; the first entitled result wins.

/** SPEC section 8: what a check answers when the vendor has not turned entitlements on. */
export const ENTITLEMENTS_NOT_ENABLED =
  'You must first enable entitlements via Frontegg options to use this function';

export const notEntitledReasons = ['MISSING_FEATURE', 'MISSING_PERMISSION', 'BUNDLE_EXPIRED'] as const;
export type NotEntitledReason = (typeof notEntitledReasons)[number];

/** What a refusal says, by reason: the server's 403 and the portal's locked sections alike. */
export const notEntitledMessages: Record<NotEntitledReason, string> = {
  MISSING_FEATURE: "This account's plan does not include this feature",
  BUNDLE_EXPIRED: "This account's access to this feature has ended",
  MISSING_PERMISSION: 'Not entitled to this feature',
};

export type Entitlement = { isEntitled: true } | { isEntitled: false; justification: NotEntitledReason };

/** What rules are evaluated over: the access token's claims and the caller's custom attributes. */
export interface EvaluationAttributes {
  /** The access token's claims (email, tenantId, id, roles, ...), as `jwt.<claim>` and `frontegg.<field>`. */
  jwt?: Record<string, unknown>;
  /** Attributes of the user and tenant (their metadata), by their own names. */
  custom?: Record<string, string | number | boolean | Date>;
}

// Our schemas and the library's types describe the same JSON; the library types enums.
const context = (entitlements: UserEntitlements) => entitlements as unknown as UserEntitlementsContext;
const flagOf = (flag: FeatureFlag) => flag as unknown as EvaluatedFlag;
const entitlementOf = (result: EntitlementResult): Entitlement =>
  result.isEntitled ? { isEntitled: true } : { isEntitled: false, justification: result.justification };

/** Whether the caller is entitled to a feature, and why not. */
export function isEntitledToFeature(
  entitlements: UserEntitlements,
  featureKey: string,
  attributes: EvaluationAttributes = {},
): Entitlement {
  return entitlementOf(evaluateIsEntitledToFeature(featureKey, context(entitlements), attributes));
}

/**
 * Whether the caller may use a permission (SPEC section 6): they hold it (wildcards allowed), and when it
 * is linked to features, they are entitled to one of them.
 */
export function isEntitledToPermission(
  entitlements: UserEntitlements,
  permissionKey: string,
  attributes: EvaluationAttributes = {},
): Entitlement {
  return entitlementOf(evaluateIsEntitledToPermissions(permissionKey, context(entitlements), attributes));
}

/** A feature flag's treatment for these attributes, as GET /flags answers it. */
export function evaluateFlag(flag: FeatureFlag, attributes: EvaluationAttributes = {}): 'on' | 'off' {
  const { treatment } = evaluateFeatureFlag(flagOf(flag), prepareAttributes(attributes));
  return treatment === 'true' ? 'on' : 'off';
}
