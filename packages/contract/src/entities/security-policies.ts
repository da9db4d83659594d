import { z } from 'zod';
import { enforceMfaTypes } from '../enums.js';

// SPEC section 3 "Security policies" and "Session policy", as the Security section reads them.

export const mfaPolicySchema = z.object({
  id: z.string().nullable(),
  enforceMFAType: z.enum(enforceMfaTypes),
  allowRememberMyDevice: z.boolean(),
  mfaDeviceExpiration: z.number().describe('Seconds a remembered device skips MFA'),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type MfaPolicy = z.infer<typeof mfaPolicySchema>;

export const lockoutPolicySchema = z.object({
  id: z.string(),
  enabled: z.boolean(),
  maxAttempts: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LockoutPolicy = z.infer<typeof lockoutPolicySchema>;

export const passwordHistoryPolicySchema = z.object({
  id: z.string(),
  enabled: z.boolean(),
  historySize: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PasswordHistoryPolicy = z.infer<typeof passwordHistoryPolicySchema>;

export const passwordRotationPolicySchema = z.object({
  isActive: z.boolean(),
  rotationPeriod: z.number().describe('Minutes'),
  notificationPeriod: z.number().describe('Minutes'),
  tenantId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PasswordRotationPolicy = z.infer<typeof passwordRotationPolicySchema>;

/** The captcha policy the login box reads (never the secret key). */
export const publicCaptchaPolicySchema = z.object({
  enabled: z.boolean(),
  siteKey: z.string().nullable(),
  minScore: z.number(),
  ignoredEmails: z.array(z.string()),
});
export type PublicCaptchaPolicy = z.infer<typeof publicCaptchaPolicySchema>;

/** The administrators' view: the secret key only for a superuser (the policy is the vendor's), else null. */
export const captchaPolicySchema = publicCaptchaPolicySchema.extend({ secretKey: z.string().nullable() });
export type CaptchaPolicySettings = z.infer<typeof captchaPolicySchema>;

/** SPEC section 3 "Session policy": each part's limits are the ones the server accepts. */
export const sessionPolicySchema = z.object({
  sessionIdleTimeoutConfiguration: z.object({
    isActive: z.boolean(),
    timeout: z.number().int().min(60).max(2_073_600),
  }),
  sessionTimeoutConfiguration: z.object({
    isActive: z.boolean(),
    timeout: z.number().int().min(60).max(31_536_000),
  }),
  sessionConcurrentConfiguration: z.object({
    isActive: z.boolean(),
    maxSessions: z.number().int().min(1).max(100),
  }),
});
export type SessionPolicyConfigurations = z.infer<typeof sessionPolicySchema>;
