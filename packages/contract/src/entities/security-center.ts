import { z } from 'zod';
import { securityCategories, severities } from '../enums.js';

// SPEC section 3 "Security center": the score, its recommendations and the insights.

const category = z.enum(securityCategories);

const securityMetadataSchema = z
  .object({
    totalUsers: z.number(),
    mfa: z.object({ enrolledUsersCount: z.number().optional() }),
    inactivity: z.object({ staleUsersCount: z.number().optional() }),
    password: z.object({
      breachedPasswordUsersCount: z.number().optional(),
      historyRecommendations: z.number().optional(),
      userLockoutRecommendation: z.number().optional(),
    }),
    sessions: z.object({ configuredSessionSettings: z.number().optional() }),
    restrictions: z.object({ ipsCount: z.number().optional(), domainsCount: z.number().optional() }),
  })
  .partial();

export const recommendationSchema = z.object({
  code: z.string(),
  severity: z.enum(severities),
  category,
  metadata: securityMetadataSchema.optional(),
});
export type SecurityRecommendation = z.infer<typeof recommendationSchema>;

export const recommendationsSchema = z.object({
  scoring: z.object({ score: z.number() }),
  recommendations: z.object({ items: z.array(recommendationSchema) }),
});

export const insightSchema = z.object({
  code: z.string(),
  category,
  metadata: securityMetadataSchema.optional(),
});
export type SecurityInsight = z.infer<typeof insightSchema>;

export const insightsSchema = z.object({ insights: z.object({ items: z.array(insightSchema) }) });
