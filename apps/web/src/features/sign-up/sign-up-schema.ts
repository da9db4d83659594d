import { z } from 'zod';

/** SPEC section 5, word for word. */
export const signUpMessages = {
  emailRequired: 'Email is required.',
  emailInvalid: 'Must be a valid email.',
  firstNameRequired: 'Your first name is required.',
  lastNameRequired: 'Your last name is required.',
  companyRequired: 'Company Name is required.',
  companyTooShort: 'Company Name must be at least 3 characters.',
  termsRequired: 'Check the box above to agree to the terms and enable Sign Up',
  phoneNumberRequired: 'Phone number is required for phone number signup',
  usernameRequired: 'Username is required for username signup',
  usernameInvalid: 'A username has 3 to 64 characters: letters, digits, dots, dashes and underscores',
} as const;

export const COMPANY_NAME_MIN_LENGTH = 3;

export const signUpSchema = z.object({
  firstName: z.string().trim().min(1, signUpMessages.firstNameRequired),
  lastName: z.string().trim().min(1, signUpMessages.lastNameRequired),
  companyName: z
    .string()
    .trim()
    .min(1, signUpMessages.companyRequired)
    .min(COMPANY_NAME_MIN_LENGTH, signUpMessages.companyTooShort),
  email: z.string().trim().min(1, signUpMessages.emailRequired).pipe(z.email(signUpMessages.emailInvalid)),
  acceptTerms: z.boolean().refine((accepted) => accepted, signUpMessages.termsRequired),
});

export type SignUpValues = z.input<typeof signUpSchema>;
export type SignUpData = z.output<typeof signUpSchema>;

/** The identifiers the vendor's sign-up strategies add to the form (none by default). */
export interface ExtraIdentifiers {
  phoneNumber: { enabled: boolean; required: boolean };
  username: { enabled: boolean; required: boolean };
}

/** The server's username rule (services/usernames.ts). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,64}$/;

const text = (required: boolean, requiredMessage: string) =>
  (required ? z.string().trim().min(1, requiredMessage) : z.string().trim()).optional();

/**
 * The form's schema for the vendor's sign-up strategies, and for a sign-up through an account's invite
 * link (`joining`), which joins that account and so asks for no company of its own. Without extra identifiers it accepts
 * exactly what `signUpSchema` does: the product's form stays as SPEC section 2 describes it.
 * The phone number's notation is checked by the server, whose message lands in the form alert.
 */
export function signUpSchemaFor({ phoneNumber, username }: ExtraIdentifiers, joining = false) {
  return signUpSchema.extend({
    companyName: joining ? z.string().trim() : signUpSchema.shape.companyName,
    phoneNumber: text(phoneNumber.enabled && phoneNumber.required, signUpMessages.phoneNumberRequired),
    username: text(username.enabled && username.required, signUpMessages.usernameRequired).refine(
      (value) => !value || USERNAME_PATTERN.test(value),
      signUpMessages.usernameInvalid,
    ),
  });
}

export type SignUpFormData = z.output<ReturnType<typeof signUpSchemaFor>>;
