import { z } from 'zod';
import { enforceMfaTypes, restrictionTypes } from '../enums.js';

// Issue 14, the policy impact preview: before an administrator saves a security policy, who it would
// affect in their active tenant. One call per preview (POST .../configurations/v1/policy-preview),
// paged. Each kind's `policy` is the policy as its form saves it; the IP and email-domain lists are
// paged or long, so their policy is the change to the stored lists (the saved entries plus `add`, less
// `removeIds`) with the list settings as they would be.

export const policyPreviewKinds = [
  'mfa',
  'ipRestriction',
  'domainRestriction',
  'lockout',
  'passwordHistory',
  'passwordRotation',
  'passwordExpiration',
  'ssoEnforcement',
] as const;
export type PolicyPreviewKind = (typeof policyPreviewKinds)[number];

/** A page of a preview: limit 20 by default, at most 100. */
export const POLICY_PREVIEW_MAX_LIMIT = 100;
export const POLICY_PREVIEW_DEFAULT_LIMIT = 20;

const restrictionType = z.enum(restrictionTypes);
const removeIds = z.array(z.uuid()).max(100).default([]).describe('Saved entries the change deletes');

export const mfaPreviewPolicySchema = z.object({ enforceMFAType: z.enum(enforceMfaTypes) });

export const ipPreviewPolicySchema = z.object({
  isActive: z
    .boolean()
    .optional()
    .describe('Whether the restrictions are enforced; the saved value if absent'),
  strategy: restrictionType.optional().describe('Which list applies; the saved one if absent'),
  add: z
    .array(
      z.object({
        ip: z.string().trim().min(2).max(64).describe('An IP address or CIDR range, IPv4 or IPv6'),
        strategy: restrictionType,
        isActive: z.boolean().optional(),
      }),
    )
    .max(100)
    .default([]),
  removeIds,
});

export const domainPreviewPolicySchema = z.object({
  active: z.boolean().optional(),
  listType: restrictionType.optional(),
  blockPublicDomains: z.boolean().optional(),
  add: z
    .array(z.object({ domain: z.string().trim().min(1).max(253), type: restrictionType }))
    .max(100)
    .default([]),
  removeIds,
});

export const lockoutPreviewPolicySchema = z.object({
  enabled: z.boolean(),
  maxAttempts: z.number().int().min(1).max(100),
});

export const historyPreviewPolicySchema = z.object({
  enabled: z.boolean(),
  historySize: z.number().int().min(1).max(10),
});

/** As POST /v1/password-rotation takes it: minutes, with the same defaults. */
export const rotationPreviewPolicySchema = z.object({
  isActive: z.boolean().default(false),
  rotationPeriod: z.number().int().min(1).max(2_628_000).default(129_600).describe('Minutes'),
  notificationPeriod: z.number().int().min(0).max(2_628_000).default(10_080).describe('Minutes'),
});

export const ssoPreviewPolicySchema = z.object({
  enforced: z.boolean(),
  excludedEmails: z.array(z.string().trim().max(254)).max(100).default([]),
});

const page = {
  offset: z.number().int().min(0).max(1_000_000).default(0),
  limit: z.number().int().min(1).max(POLICY_PREVIEW_MAX_LIMIT).default(POLICY_PREVIEW_DEFAULT_LIMIT),
};

export const policyPreviewRequestSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('mfa'), policy: mfaPreviewPolicySchema, ...page }),
  z.object({ kind: z.literal('ipRestriction'), policy: ipPreviewPolicySchema, ...page }),
  z.object({ kind: z.literal('domainRestriction'), policy: domainPreviewPolicySchema, ...page }),
  z.object({ kind: z.literal('lockout'), policy: lockoutPreviewPolicySchema, ...page }),
  z.object({ kind: z.literal('passwordHistory'), policy: historyPreviewPolicySchema, ...page }),
  z.object({ kind: z.literal('passwordRotation'), policy: rotationPreviewPolicySchema, ...page }),
  z.object({ kind: z.literal('passwordExpiration'), policy: rotationPreviewPolicySchema, ...page }),
  z.object({ kind: z.literal('ssoEnforcement'), policy: ssoPreviewPolicySchema, ...page }),
]);
/** What a caller sends (offset and limit may be left out). */
export type PolicyPreviewRequest = z.input<typeof policyPreviewRequestSchema>;
export type PolicyPreviewQuery = z.output<typeof policyPreviewRequestSchema>;

export const policyPreviewItemSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  /** Why this member is affected, one short sentence. */
  reason: z.string(),
  lastSignInAt: z.string().nullable(),
  lastIp: z.string().nullable(),
});
export type PolicyPreviewItem = z.infer<typeof policyPreviewItemSchema>;

export const policyPreviewSchema = z.object({
  kind: z.enum(policyPreviewKinds),
  /** Every affected member, not only this page's. */
  affectedCount: z.number().int().min(0),
  items: z.array(policyPreviewItemSchema),
  /**
   * The caller: whether the change would refuse them (their current address, their email domain, their
   * password sign-in), and why; `ip` is the address their request came from. Null for the kinds that
   * cannot shut the caller out (MFA, lockout, password history and rotation).
   */
  self: z
    .object({ affected: z.boolean(), reason: z.string().nullable(), ip: z.string().nullable() })
    .nullable(),
  /** One sentence for the screen. */
  summary: z.string(),
});
export type PolicyPreview = z.infer<typeof policyPreviewSchema>;
