// Vendor-wide settings (SPEC section 3 "Vendor config"): sign-in and sign-up strategies, the password
// policy, activation, the admin portal's metadata.
import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

export interface PasswordPolicy {
  allowPassphrases: boolean;
  maxLength: number;
  minLength: number;
  minPhraseLength: number;
  minOptionalTestsToPass: number;
  blockPwnedPasswords: boolean;
  requiredTests: { checkThreeRepeatedChars: boolean };
  optionalTests: {
    requireLowercase: boolean;
    requireUppercase: boolean;
    requireNumbers: boolean;
    requireSpecialChars: boolean;
  };
}

/** SPEC section 3 "Identifier types": each with enabled (isActive) and required (isRequired). */
export type SignUpStrategyName = 'email' | 'phoneNumber' | 'username';
export interface SignUpStrategySetting {
  strategy: SignUpStrategyName;
  isActive: boolean;
  isRequired: boolean;
}
export type ActivationMethod = 'link' | 'code';

/** Vendor-wide settings (one row, id 'default'): SPEC section 3 "Vendor config" and the security policies. */
export const vendorConfig = pgTable('vendor_config', {
  id: text('id').primaryKey(),
  allowSignups: boolean('allow_signups').notNull().default(true),
  allowNotVerifiedUsersLogin: boolean('allow_not_verified_users_login').notNull().default(false),
  mainAuthStrategy: text('main_auth_strategy').notNull().default('EmailAndPassword'),
  secondaryAuthStrategies: jsonb('secondary_auth_strategies')
    .$type<{ strategy: string; isActive: boolean }[]>()
    .notNull()
    .default([]),
  passwordPolicy: jsonb('password_policy').$type<PasswordPolicy>().notNull(),
  // Sign-up identifiers and account activation (issue 3, slice "sign-up"; migration 0008_usernames).
  signUpStrategies: jsonb('sign_up_strategies')
    .$type<SignUpStrategySetting[]>()
    .notNull()
    .default([
      { strategy: 'email', isActive: true, isRequired: true },
      { strategy: 'phoneNumber', isActive: false, isRequired: false },
      { strategy: 'username', isActive: false, isRequired: false },
    ]),
  /** 'link': the activation mail carries a link; 'code': a 6-digit code typed at /account/activate/code. */
  activationMethod: text('activation_method').$type<ActivationMethod>().notNull().default('link'),
  /** The admin portal's metadata (GET /metadata?entityName=adminBox), over the built-in defaults. */
  adminBox: jsonb('admin_box').$type<Record<string, unknown>>().notNull().default({}),
  /**
   * Issue 15: whether an action needs, beside its permission, the features linked to that permission
   * (SPEC section 6). Off by default: turning it on takes away what no plan or entitlement gives.
   */
  entitlementsEnabled: boolean('entitlements_enabled').notNull().default(false),
  updatedAt: updatedAt(),
});
