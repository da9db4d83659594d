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
