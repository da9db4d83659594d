import { z } from 'zod';

// Issue 15: the superuser console's free-trial funnel (sign-ups → activations → first sign-ins →
// trials → paid), the accounts under review and the trials about to end. Our own vendor-level calls
// (/frontegg/trial-console/resources/v1/...), not hosted Frontegg's.

/** The longest range the funnel answers: a year of weeks. */
export const FUNNEL_MAX_WEEKS = 52;
/** The longest page of the review and trial lists. */
export const TRIAL_CONSOLE_MAX_PAGE = 50;
/** The most days a trial can be extended by at once. */
export const MAX_EXTENSION_DAYS = 90;

export const funnelGroupings = ['week', 'source'] as const;
export const funnelGroupingSchema = z.enum(funnelGroupings);
export type FunnelGrouping = z.infer<typeof funnelGroupingSchema>;

/** The funnel's stages, in their order. */
export const funnelStages = ['signUps', 'activations', 'firstSignIns', 'trials', 'paid'] as const;
export type FunnelStage = (typeof funnelStages)[number];

const counts = z.object({
  signUps: z.number().int(),
  activations: z.number().int(),
  firstSignIns: z.number().int(),
  trials: z.number().int(),
  paid: z.number().int(),
});
export type FunnelCounts = z.infer<typeof counts>;

/** One group: a week (the Monday it starts, YYYY-MM-DD) or a source (null: none recorded). */
export const funnelRowSchema = counts.extend({ key: z.string().nullable() });
export type FunnelRow = z.infer<typeof funnelRowSchema>;

export const funnelSchema = z.object({
  /** The first and the last day counted, YYYY-MM-DD (UTC). */
  from: z.string(),
  to: z.string(),
  groupBy: funnelGroupingSchema,
  /** Weeks: every week of the range, oldest first, empty ones too. Sources: most sign-ups first. */
  rows: z.array(funnelRowSchema),
  totals: counts,
});
export type Funnel = z.infer<typeof funnelSchema>;

/** A person who signed up, as the review and trial lists show them. */
const signedUpUser = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  tenantId: z.string().nullable(),
  tenantName: z.string().nullable(),
  signedUpAt: z.string(),
  source: z.string().nullable(),
  signupType: z.string().nullable(),
});

export const underReviewUserSchema = signedUpUser;
export type UnderReviewUser = z.infer<typeof underReviewUserSchema>;

export const endingTrialSchema = signedUpUser.extend({
  /** The trial's last day, YYYY-MM-DD: the user's, else the account's (SPEC "Expiration"). */
  expiration: z.string(),
  /** When it ends: the day after at 03:59:59 UTC. */
  expiresAt: z.string(),
  /** bfm-expired-trial: the trial has been marked over. */
  isMarkedExpired: z.boolean(),
});
export type EndingTrial = z.infer<typeof endingTrialSchema>;

const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), _metadata: z.object({ totalItems: z.number().int() }) });

export const underReviewPageSchema = page(underReviewUserSchema);
export type UnderReviewPage = z.infer<typeof underReviewPageSchema>;
export const endingTrialsPageSchema = page(endingTrialSchema);
export type EndingTrialsPage = z.infer<typeof endingTrialsPageSchema>;

/** What approving or extending left the user with; it reaches their token at the next refresh. */
export const trialGrantSchema = z.object({
  userId: z.string(),
  tenantId: z.string(),
  /** The vendor's product roles the user now holds in the account. */
  roles: z.array(z.string()),
  /** The trial's last day (YYYY-MM-DD); null for someone approved earlier who has no trial. */
  expiration: z.string().nullable(),
});
export type TrialGrant = z.infer<typeof trialGrantSchema>;
