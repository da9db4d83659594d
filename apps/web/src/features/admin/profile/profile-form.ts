import { z } from 'zod';
import { EMAIL_PATTERN, messages } from '../../../lib/validation';
import { isPhoneNumber, normalizePhoneNumber, PHONE_NUMBER_MESSAGE } from '../../../lib/phone-number';

// The Profile section's forms and rules, as pure functions (unit-tested beside this file).

export const profileSchema = z.object({
  name: z.string().trim().max(200, 'Name must be at most 200 characters'),
  jobTitle: z.string().trim().max(200, 'Job title must be at most 200 characters'),
  address: z.string().trim().max(500, 'Address must be at most 500 characters'),
  username: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || /^[A-Za-z0-9._-]{3,64}$/.test(value),
      'A username has 3 to 64 characters: letters, digits, dots, dashes and underscores',
    ),
});
export type ProfileForm = z.infer<typeof profileSchema>;

export const emailSchema = z.object({
  email: z.string().trim().min(1, messages.emailRequired).regex(EMAIL_PATTERN, messages.emailInvalid),
});

/** Numbers with their country code, as the server wants them: + then 7 to 15 digits (spaces and dashes allowed). */
export const phoneSchema = z.object({
  phoneNumber: z
    .string()
    .trim()
    .min(1, 'Phone number is required')
    .refine((value) => isPhoneNumber(normalizePhoneNumber(value)), PHONE_NUMBER_MESSAGE),
});

/** The picture formats the server keeps (SVG can carry script and is refused). */
export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const PICTURE_MAX_BYTES = 512 * 1024;

/** Why a chosen file cannot be the profile picture, or null when it can. */
export function pictureProblem(file: { type: string; size: number }): string | null {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type))
    return 'Choose a PNG, JPEG, GIF or WebP image';
  if (file.size > PICTURE_MAX_BYTES) return 'The picture must be at most 512 KB';
  return null;
}

/** SPEC section 5: image data URLs must match data:image/{type};base64. */
export const isImageDataUrl = (value: string): boolean => /^data:image\/[A-Za-z-+/]+;base64,.+$/.test(value);

/** Reads a file as a data URL (what the store uploads). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable'));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/** The initials shown when there is no picture. */
export function initialsOf(name: string, email: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((word) => word[0]) : [email[0] ?? '?'];
  return letters.join('').toUpperCase();
}
