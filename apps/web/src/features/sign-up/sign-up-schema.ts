import type { Problems } from '../../lib/form';
import { emailAddressProblem } from '../../lib/validation';

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

/** The form's fields as typed. */
export interface SignUpValues {
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  acceptTerms: boolean;
  /** Only when the vendor's sign-up strategies add the field. */
  phoneNumber?: string | undefined;
  username?: string | undefined;
}

/** What a valid sign-up form hands on: the texts trimmed. */
export interface SignUpFormData {
  firstName: string;
  lastName: string;
  companyName: string;
  email: string;
  acceptTerms: boolean;
  phoneNumber?: string;
  username?: string;
}

/** The identifiers the vendor's sign-up strategies add to the form (none by default). */
export interface ExtraIdentifiers {
  phoneNumber: { enabled: boolean; required: boolean };
  username: { enabled: boolean; required: boolean };
}

/** The server's username rule (services/usernames.ts). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,64}$/;

/**
 * The form's rules for the vendor's sign-up strategies, and for a sign-up through an account's invite
 * link (`joining`), which joins that account and so asks for no company of its own: the first problem of
 * each field. Without extra identifiers the product's form stays as SPEC section 2 describes it. The
 * phone number's notation is checked by the server, whose message lands in the form alert.
 */
export function signUpRules({ phoneNumber, username }: ExtraIdentifiers, joining = false) {
  const requiredText = (value: string | undefined, required: boolean) =>
    required && value !== undefined && value.trim() === '';
  return {
    validate(values: SignUpValues): Problems<SignUpValues> {
      const problems: Problems<SignUpValues> = {};
      if (values.firstName.trim() === '') problems.firstName = signUpMessages.firstNameRequired;
      if (values.lastName.trim() === '') problems.lastName = signUpMessages.lastNameRequired;
      const company = values.companyName.trim();
      if (!joining && company === '') problems.companyName = signUpMessages.companyRequired;
      else if (!joining && company.length < COMPANY_NAME_MIN_LENGTH)
        problems.companyName = signUpMessages.companyTooShort;
      const emailProblem = emailAddressProblem(values.email, signUpMessages);
      if (emailProblem) problems.email = emailProblem;
      if (requiredText(values.phoneNumber, phoneNumber.enabled && phoneNumber.required))
        problems.phoneNumber = signUpMessages.phoneNumberRequired;
      const name = values.username?.trim();
      if (requiredText(values.username, username.enabled && username.required))
        problems.username = signUpMessages.usernameRequired;
      else if (name && !USERNAME_PATTERN.test(name)) problems.username = signUpMessages.usernameInvalid;
      if (values.acceptTerms !== true) problems.acceptTerms = signUpMessages.termsRequired;
      return problems;
    },
    parse(values: SignUpValues): SignUpFormData {
      const data: SignUpFormData = {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        companyName: values.companyName.trim(),
        email: values.email.trim(),
        acceptTerms: values.acceptTerms,
      };
      if (values.phoneNumber !== undefined) data.phoneNumber = values.phoneNumber.trim();
      if (values.username !== undefined) data.username = values.username.trim();
      return data;
    },
  };
}
