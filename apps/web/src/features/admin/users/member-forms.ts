import { z } from 'zod';

// The Users section's forms (one zod schema each) and the wording of a member's state.

export const emailMessage = 'Must be a valid email.';

/** SPEC section 3 "Temporary user": how long a temporary member keeps access. */
export const expirationChoices = [
  { value: String(86_400), label: '1 day' },
  { value: String(7 * 86_400), label: '7 days' },
  { value: String(30 * 86_400), label: '30 days' },
  { value: String(90 * 86_400), label: '90 days' },
] as const;

export const inviteSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Email is required.')
    .pipe(z.email({ error: emailMessage })),
  name: z.string().trim().max(200).optional(),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{7,20}$/, 'Must be a phone number with its country code, such as +15550100199')
    .optional()
    .or(z.literal('')),
  username: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,64}$/, 'A username has 3 to 64 letters, digits, dots, dashes or underscores')
    .optional()
    .or(z.literal('')),
  roleIds: z.array(z.string()),
  expirationInSeconds: z.number().int().min(300).optional(),
});
export type InviteValues = z.infer<typeof inviteSchema>;

/** Emails typed or pasted in any arrangement: commas, semicolons, spaces or lines. */
export function parseEmails(text: string): { valid: string[]; invalid: string[] } {
  const entries = [...new Set(text.split(/[\s,;]+/).map((entry) => entry.trim().toLowerCase()))].filter(
    Boolean,
  );
  const email = z.email();
  return {
    valid: entries.filter((entry) => email.safeParse(entry).success),
    invalid: entries.filter((entry) => !email.safeParse(entry).success),
  };
}

/** SPEC section 9: an invite link lasts 43200 minutes unless the administrator says otherwise. */
export const inviteLinkSchema = z.object({
  expiresInMinutes: z
    .number({ error: 'Enter a number of minutes' })
    .int('Enter a whole number of minutes')
    .min(1, 'At least 1 minute')
    .max(525_600, 'At most a year (525600 minutes)'),
  shouldSendEmail: z.boolean(),
  roleIds: z.array(z.string()),
});

export const inviteLinkUrl = (origin: string, token: string) =>
  `${origin}/account/sign-up?${new URLSearchParams({ invitationToken: token }).toString()}`;
