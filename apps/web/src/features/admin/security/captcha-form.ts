import { z } from 'zod';
import { fieldErrorsOf } from '../../../components/admin/text-field';
import type { CaptchaPolicy } from './use-security-settings';

/** What the captcha form holds: the policy, with the ignored emails as typed (one per line). */
export interface CaptchaDraft {
  enabled: boolean;
  siteKey: string;
  secretKey: string;
  minScore: number | string;
  ignoredEmails: string;
}

const captchaFields = ['siteKey', 'secretKey', 'minScore', 'ignoredEmails'] as const;
export type CaptchaField = (typeof captchaFields)[number];

export const captchaDraftOf = (policy: CaptchaPolicy): CaptchaDraft => ({
  ...policy,
  ignoredEmails: policy.ignoredEmails.join('\n'),
});

const emailsOf = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((email) => email.trim())
    .filter(Boolean);

const SCORE_MESSAGE = 'Minimum score must be a number from 0 to 1';

/** The captcha form (the server's rules: keys needed to turn it on, a score from 0 to 1, valid emails). */
export const captchaSchema = z
  .object({
    enabled: z.boolean(),
    siteKey: z.string().trim().max(512, 'Site key must be at most 512 characters'),
    secretKey: z.string().trim().max(512, 'Secret key must be at most 512 characters'),
    minScore: z
      .union([z.number(), z.string().trim().min(1, SCORE_MESSAGE).transform(Number)])
      .pipe(z.number({ error: SCORE_MESSAGE }).min(0, SCORE_MESSAGE).max(1, SCORE_MESSAGE)),
    ignoredEmails: z
      .string()
      .transform(emailsOf)
      .pipe(
        z
          .array(z.email({ error: (issue) => `${String(issue.input)} is not a valid email` }))
          .max(1000, 'At most 1000 emails'),
      ),
  })
  .superRefine((draft, context) => {
    if (!draft.enabled) return;
    if (!draft.siteKey)
      context.addIssue({ code: 'custom', path: ['siteKey'], message: 'Site key is required' });
    if (!draft.secretKey)
      context.addIssue({ code: 'custom', path: ['secretKey'], message: 'Secret key is required' });
  });

/** The policy to save, or the message of each field that is wrong. */
export function parseCaptchaDraft(
  draft: CaptchaDraft,
): { ok: true; policy: CaptchaPolicy } | { ok: false; errors: Partial<Record<CaptchaField, string>> } {
  const parsed = captchaSchema.safeParse(draft);
  if (parsed.success) return { ok: true, policy: parsed.data };
  return { ok: false, errors: fieldErrorsOf(parsed.error.issues, captchaFields) };
}
