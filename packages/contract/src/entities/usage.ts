import { z } from 'zod';

// The Usage section (issue 14): what an administrator sees of their account's use, computed by the
// server from what it already records (the audit log, memberships, MFA devices, API tokens).

/** How a successful sign-in was made, read from its audit action (services/usage/sign-in-actions.ts). */
export const signInMethods = [
  'password',
  'passwordless',
  'passkey',
  'sso',
  'social',
  'hostedLogin',
  'mfa',
] as const;
export const signInMethodSchema = z.enum(signInMethods);
export type SignInMethod = z.infer<typeof signInMethodSchema>;

/** What each method is called on screen and in reports. */
export const signInMethodLabels: Record<SignInMethod, string> = {
  password: 'Password',
  passwordless: 'Passwordless (magic link or code)',
  passkey: 'Passkey',
  sso: 'SSO',
  social: 'Social',
  hostedLogin: 'Hosted login',
  mfa: 'With MFA',
};

/** A calendar day in UTC, as the range and the day buckets name it. */
export const isoDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD');

/** One UTC day of the range; every day of the range is present, with zeros where nothing happened. */
export const usageDaySchema = z.object({
  date: isoDaySchema,
  signIns: z.record(signInMethodSchema, z.number().int()),
  failedSignIns: z.number().int(),
  apiTokenExchanges: z.number().int(),
});
export type UsageDay = z.infer<typeof usageDaySchema>;

/** GET /usage/resources/v1: the tenant's usage over a range of UTC days (at most 366). */
export const usageSchema = z
  .object({
    from: isoDaySchema,
    to: isoDaySchema,
    days: z.array(usageDaySchema),
    monthlyActiveUsers: z.object({
      /** Distinct members with a successful sign-in in the 30 days up to now. */
      last30Days: z.number().int(),
      /** Each calendar month the range touches, counted over the whole month. */
      months: z.array(z.object({ month: z.string(), activeUsers: z.number().int() })),
    }),
    /** Active members, and those of them with at least one second factor. */
    mfaAdoption: z.object({ enrolled: z.number().int(), members: z.number().int() }),
    seats: z.object({
      active: z.number().int(),
      pendingInvitations: z.number().int(),
      disabled: z.number().int(),
    }),
    apiTokens: z.object({
      /** Tokens that have not expired. */
      active: z.number().int(),
      /** False until the server records API-token exchanges in the audit log (the daily counts are 0). */
      exchangesRecorded: z.boolean(),
    }),
  })
  .meta({ id: 'Usage' });
export type Usage = z.infer<typeof usageSchema>;
