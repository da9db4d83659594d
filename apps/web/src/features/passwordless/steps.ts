import type { LoginStepName } from '../../sdk';

/** The login steps of passwordless sign-in (SPEC section 2, "Flow steps"), with their card titles. */
export const passwordlessStepTitles = {
  magicLinkPreLoginSuccess: 'Check your email',
  loginWithOtc: 'Enter your code',
  loginWithSmsOtc: 'Enter the code we texted you',
  loginWithQuickSmsOtc: 'Enter the code we texted you',
  magicLinkPostLoginSuccess: "You're signed in",
} as const satisfies Partial<Record<LoginStepName, string>>;

export type PasswordlessStepName = keyof typeof passwordlessStepTitles;

export const isPasswordlessStep = (step: LoginStepName): step is PasswordlessStepName =>
  step in passwordlessStepTitles;
