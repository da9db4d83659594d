// The closed vocabularies both apps speak (SPEC sections 2, 3 and 9): each as a constant list, for a
// zod enum or a guard, and the union type read from it.

/** The SDK's login-box steps (SPEC section 2 "Flow steps", Login); the server decides which comes next. */
export const loginSteps = [
  'preLogin',
  'magicLinkPreLoginSuccess',
  'loginWithSmsOtc',
  'loginWithQuickSmsOtc',
  'loginWithOtc',
  'loginWithPassword',
  'loginWithTwoFactor',
  'redirectToSSO',
  'loginWithSSOFailed',
  'success',
  'forceTwoFactor',
  'recoverTwoFactor',
  'promptPasskeys',
  'breachedPassword',
  'breachedPasswordSuccess',
  'passwordRotationExpired',
  'passwordRotationNotification',
  'magicLinkPostLoginSuccess',
] as const;
export type LoginStepName = (typeof loginSteps)[number];

export const activateSteps = ['activating', 'activatingForm', 'success', 'resend'] as const;
export type ActivateStepName = (typeof activateSteps)[number];

export const forgotPasswordSteps = [
  'forgotPassword',
  'passwordRecoverySelector',
  'resetPasswordViaSms',
  'resetPasswordPage',
  'forgotPasswordEmailSuccess',
  'resetPasswordSuccess',
] as const;
export type ForgotPasswordStepName = (typeof forgotPasswordSteps)[number];

export const signUpStages = ['SignUp', 'SignUpSuccess', 'VerifyPhone'] as const;
export type SignUpStageName = (typeof signUpStages)[number];

/** SPEC section 2 "Flow steps", MFA. */
export const mfaSteps = [
  'verify',
  'recoveryCode',
  'authenticatorApp',
  'smsSetPhoneNumber',
  'smsVerifyCode',
  'emailVerifyCode',
  'noMFAEnrolledStepUp',
] as const;
export type MfaStepName = (typeof mfaSteps)[number];

/** SPEC section 9 "MFA strategies": the second factors a vendor can switch on. */
export const mfaStrategies = [
  'AuthenticatorApp',
  'WebAuthnPlatform',
  'WebAuthnCrossPlatform',
  'SMS',
  'EmailCode',
] as const;
export type MfaStrategy = (typeof mfaStrategies)[number];

/** A security key's kind: built into the device (Platform) or carried over (CrossPlatform). */
export const webAuthnDeviceTypes = ['Platform', 'CrossPlatform'] as const;
export type WebAuthnDeviceType = (typeof webAuthnDeviceTypes)[number];

/** Whether a tenant forces its members to enrol a second factor (SPEC section 3, MFA policy). */
export const enforceMfaTypes = ['DontForce', 'Force', 'ForceExceptSAML'] as const;
export type EnforceMfaType = (typeof enforceMfaTypes)[number];

/** SPEC section 9 "Social providers". */
export const socialProviders = [
  'microsoft',
  'facebook',
  'google',
  'github',
  'slack',
  'apple',
  'linkedin',
] as const;
export type SocialProvider = (typeof socialProviders)[number];

/** SPEC section 9 "Security categories" and "Severities" of the security center's recommendations. */
export const securityCategories = [
  'MFA',
  'SESSIONS',
  'PASSWORD',
  'INACTIVITY',
  'IP',
  'DOMAIN',
  'SSO',
] as const;
export type SecurityCategory = (typeof securityCategories)[number];

export const severities = ['SEVERE', 'WARNING', 'INFO'] as const;
export type Severity = (typeof severities)[number];

/** SPEC section 9 "Restriction types" of the IP and email-domain lists. */
export const restrictionTypes = ['ALLOW', 'BLOCK'] as const;
export type RestrictionType = (typeof restrictionTypes)[number];

/**
 * vendorMetadata's signupType (SPEC section 3): a personal email address sends the new user to
 * review (section 6), a work address to the trial.
 */
export const signupTypes = ['work', 'personal'] as const;
export type SignupType = (typeof signupTypes)[number];

/**
 * Narrows a value read off the wire or a widget to one of a vocabulary's constants, so callers check
 * instead of casting; anything else (another string, undefined) is not one of them.
 */
export const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);
