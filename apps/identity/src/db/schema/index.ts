import type { RestrictionType } from '@brizo/contract';
// The one drizzle schema of the identity server. Change it, then run `npm run db:generate`
// in apps/identity to add a migration to src/db/migrations (never edit applied migrations).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
  updatedAt: updatedAt(),
});

export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** JSON string (SPEC section 3): expiration, domains, source, defaults... */
  metadata: text('metadata').notNull().default('{}'),
  isReseller: boolean('is_reseller').notNull().default(false),
  address: text('address'),
  timezone: text('timezone'),
  dateFormat: text('date_format'),
  timeFormat: text('time_format'),
  currency: text('currency'),
  logo: text('logo'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  // Account settings (issue 4, migration 0014_groups_roles): the website, and the tenant's login box
  // customisation (logo, palette, social login placement) as the custom login tab writes it.
  website: text('website'),
  customLogin: jsonb('custom_login').$type<Record<string, unknown>>().notNull().default({}),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored trimmed and lower-cased; unique case-insensitively. */
    email: text('email').notNull(),
    name: text('name').notNull().default(''),
    passwordHash: text('password_hash'),
    superUser: boolean('super_user').notNull().default(false),
    /** JSON string, free-form (first and last name, phone number...). */
    metadata: text('metadata').notNull().default('{}'),
    /** JSON string written by the vendor only: expiration, activated, signupType. */
    vendorMetadata: text('vendor_metadata').notNull().default('{}'),
    verified: boolean('verified').notNull().default(false),
    provider: text('provider').notNull().default('local'),
    profilePictureUrl: text('profile_picture_url'),
    phoneNumber: text('phone_number'),
    activeTenantId: uuid('active_tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    isLocked: boolean('is_locked').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    /** Sign-in by username (migration 0008_usernames): stored as typed, unique case-insensitively. */
    username: text('username'),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_idx').on(sql`lower(${t.username})`),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    isDisabled: boolean('is_disabled').notNull().default(false),
    createdAt: createdAt(),
    /** A temporary member (SPEC section 3 "Temporary user", migration 0013_team) loses access at this instant. */
    temporaryExpirationDate: timestamp('temporary_expiration_date', { withTimezone: true }),
    /**
     * The user's name and email, lower-cased, copied here by triggers of migration 0013_team (on
     * insert here, on a change of users.name or users.email): the admin portal's users list then
     * sorts, pages and prefix-searches one tenant within one index, however many users it has.
     */
    sortName: text('sort_name').notNull().default(''),
    sortEmail: text('sort_email').notNull().default(''),
    /**
     * The user's last sign-in, or when the account was created if never (users.last_login and
     * created_at), copied by the triggers of migration 0018_member_activity: the "inactive" preset
     * is then tested inside the sort indexes, which carry it as an INCLUDE column.
     */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tenantId] }),
    index('memberships_tenant_idx').on(t.tenantId),
    // Byte order ("C"): one index serves both ORDER BY and a prefix range of the search. Migration
    // 0018_member_activity gives the three sort indexes INCLUDE columns (the other sort keys and
    // last_active_at), which drizzle cannot declare: a page's candidates never leave the index.
    index('memberships_tenant_name_idx').on(t.tenantId, sql`${t.sortName} collate "C"`, t.userId),
    index('memberships_tenant_email_idx').on(t.tenantId, sql`${t.sortEmail} collate "C"`, t.userId),
    index('memberships_tenant_created_idx').on(t.tenantId, t.createdAt, t.userId),
  ],
);

/** A role is vendor-wide when tenantId is null, else it belongs to one tenant. */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    isDefault: boolean('is_default').notNull().default(false),
    level: integer('level').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('roles_vendor_key_idx')
      .on(t.key)
      .where(sql`${t.tenantId} is null`),
    uniqueIndex('roles_tenant_key_idx')
      .on(t.tenantId, t.key)
      .where(sql`${t.tenantId} is not null`),
  ],
);

export const permissions = pgTable('permissions', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  description: text('description'),
  categoryId: text('category_id'),
  fePermission: boolean('fe_permission').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

/** Roles a user holds in one tenant. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenantId, t.roleId] })],
);

/**
 * A refresh-token family is one sign-in session: every rotation stays in the family. When it was
 * last used is the creation time of its newest token (not written here, to keep refresh at one write).
 */
/**
 * How a session was authenticated (OIDC acr/amr/auth_time, and the impersonating actor): kept on the
 * session so every access token it refreshes carries the same claims (step-up, impersonation).
 */
export interface SessionAuthentication {
  /** Absent after a plain first-factor sign-in, which records only when it happened (issue 10). */
  amr?: string[];
  acr?: string;
  auth_time: number;
  /** Impersonation: the superuser acting as the user (RFC 8693 actor claim). */
  act?: { sub: string; email: string; type: 'impersonation' };
}

export const refreshTokenFamilies = pgTable(
  'refresh_token_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id').references(() => tenants.id, { onDelete: 'set null' }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    authentication: jsonb('authentication').$type<SessionAuthentication>(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('refresh_token_families_user_idx').on(t.userId)],
);

/** Only the SHA-256 of each refresh token is stored. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: uuid('family_id')
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

export type OneTimeTokenPurpose =
  | 'activation'
  | 'password-reset'
  // account lifecycle: the mailed unlock link
  | 'unlock';

/** Activation and password-reset tokens: stored hashed, expiring, single use. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<OneTimeTokenPurpose>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /**
     * Activation by code (migration 0008_usernames): the mailed 6-digit code, hashed; the token alone
     * then activates nothing. Shorter-lived than the token, and dead after a few wrong guesses.
     */
    codeHash: text('code_hash'),
    codeAttempts: integer('code_attempts').notNull().default(0),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true }),
  },
  (t) => [index('one_time_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: "newest first" must not depend on clock resolution. */
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    to: text('to').notNull(),
    from: text('from').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_seq_idx').on(t.seq), index('mail_outbox_to_idx').on(t.to)],
);

export type AuditSeverity = 'Info' | 'Medium' | 'High' | 'Critical' | 'Error';

/** Audit log (SPEC section 3 "Audit log"): every authentication success and failure. */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id'),
    userId: uuid('user_id'),
    email: text('email'),
    action: text('action').notNull(),
    description: text('description').notNull().default(''),
    severity: text('severity').$type<AuditSeverity>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    json: jsonb('json').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('audit_logs_created_idx').on(t.createdAt),
    // The users list's breached-passwords preset (issue 4, migration 0013_team): few rows, cheap to keep.
    index('audit_logs_breached_user_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.action} = 'User signed in with a breached password'`),
  ],
);

/** ES256 signing keys as JWKs; the newest non-retired key signs, all non-retired ones verify. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

// ---- Passwordless sign-in and the SMS outbox (issue 3, slice "passwordless") ----

/** Text messages of the dev SMS provider, shown at /dev/sms (like the mail outbox). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Insertion order: "newest first" must not depend on clock resolution. */
    seq: integer('seq').generatedAlwaysAsIdentity().notNull(),
    /** The phone number as normalised by services/sms.ts (digits with a leading +). */
    to: text('to').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_seq_idx').on(t.seq), index('sms_outbox_to_idx').on(t.to)],
);

export type PasswordlessType = 'MagicLink' | 'Code' | 'SmsCode';

/**
 * Passwordless sign-in codes and magic-link tokens: stored hashed, expiring, single use, with a
 * count of wrong guesses (a 6-digit code dies after a few).
 */
export const passwordlessCodes = pgTable(
  'passwordless_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<PasswordlessType>().notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('passwordless_codes_user_type_idx').on(t.userId, t.type),
    index('passwordless_codes_hash_idx').on(t.codeHash),
  ],
);

// ---- end of passwordless ----

// ---- Account lifecycle (issue 3, slice "lifecycle"): lockout, password history and rotation ----

/**
 * Security policies of SPEC section 3 (lockout, password history, password rotation, password
 * recovery strategies). One row per scope: 'vendor' for the vendor's defaults, or a tenant id.
 * Lockout and history use the tenant's row when it has one, else the vendor's; rotation takes the
 * smaller period when both are active (SPEC section 5). Periods are in minutes, as on the wire.
 */
export const securityPolicies = pgTable('security_policies', {
  scope: text('scope').primaryKey(),
  lockoutEnabled: boolean('lockout_enabled').notNull().default(false),
  lockoutMaxAttempts: integer('lockout_max_attempts').notNull().default(5),
  historyEnabled: boolean('history_enabled').notNull().default(false),
  historySize: integer('history_size').notNull().default(1),
  rotationActive: boolean('rotation_active').notNull().default(false),
  rotationPeriodMinutes: integer('rotation_period_minutes').notNull().default(129_600),
  rotationNotificationMinutes: integer('rotation_notification_minutes').notNull().default(10_080),
  recoveryByEmail: boolean('recovery_by_email').notNull().default(true),
  recoveryBySms: boolean('recovery_by_sms').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Per-user password bookkeeping: when it last changed (rotation) and failed attempts (lockout). */
export const passwordStates = pgTable('password_states', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
});

/** Hashes of a user's earlier passwords, so the history policy can refuse their reuse. */
export const passwordHistory = pgTable(
  'password_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('password_history_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Password recovery by SMS (SPEC section 7, /passwords/reset/sms): the session id the SDK keeps,
 * bound to a hashed 6-digit code; expiring, single use, a few wrong guesses at most.
 */
export const smsRecoverySessions = pgTable('sms_recovery_sessions', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Invitations of existing users into another tenant (SPEC section 2 "Accept invitation"): a mailed
 * link (token) and a 6-digit code for the code variant, both hashed; expiring, single use.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    invitedBy: uuid('invited_by'),
    roleIds: jsonb('role_ids').$type<string[]>().notNull().default([]),
    tokenHash: text('token_hash').notNull().unique(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [index('invitations_user_idx').on(t.userId)],
);

// ---- end of account lifecycle ----

// ---- Hosted login (issue 3, slice "oauth"): OAuth 2 clients, authorization codes, captcha policy ----

/**
 * OAuth 2 clients of the hosted login (SPEC section 7). A redirect URI must match one of
 * `redirectUris` exactly, character for character; the seed registers `${PUBLIC_URL}/oauth/callback`.
 */
export const oauthClients = pgTable('oauth_clients', {
  clientId: text('client_id').primaryKey(),
  name: text('name').notNull(),
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull().default([]),
  postLogoutRedirectUris: jsonb('post_logout_redirect_uris').$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Authorization codes: stored hashed, single use, short-lived, bound to the client, the exact
 * redirect URI, the PKCE S256 challenge and the sign-in session (refresh family) they came from.
 */
export const oauthAuthorizationCodes = pgTable(
  'oauth_authorization_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: 'cascade' }),
    familyId: uuid('family_id')
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    redirectUri: text('redirect_uri').notNull(),
    codeChallenge: text('code_challenge').notNull(),
    nonce: text('nonce'),
    scope: text('scope').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('oauth_authorization_codes_family_idx').on(t.familyId)],
);

/** The captcha policy (SPEC section 3: enabled, siteKey); one row, id 'default'. Off by default. */
export const captchaPolicy = pgTable('captcha_policy', {
  id: text('id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  siteKey: text('site_key'),
  secretKey: text('secret_key'),
  minScore: doublePrecision('min_score').notNull().default(0.5),
  ignoredEmails: jsonb('ignored_emails').$type<string[]>().notNull().default([]),
  updatedAt: updatedAt(),
});

// ---- end of oauth ----

// ---- Multi-factor authentication (issue 3, MFA slice; migration 0003_mfa) ----

/** A second factor of a user. `webauthn` devices keep their credential in `data`. */
export type MfaDeviceType = 'authenticator' | 'sms' | 'email' | 'webauthn';

export const mfaDevices = pgTable(
  'mfa_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').$type<MfaDeviceType>().notNull(),
    name: text('name').notNull().default(''),
    /** Authenticator app: the base32 TOTP secret. */
    secret: text('secret'),
    phoneNumber: text('phone_number'),
    /** Authenticator app: the last accepted time step, so a code cannot be replayed. */
    lastUsedStep: integer('last_used_step'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_devices_user_idx').on(t.userId)],
);

/** login and step-up carry an mfaToken; enroll holds a signed-in user's pending authenticator secret. */
export type MfaChallengePurpose = 'login' | 'step-up' | 'enroll';

/** The `mfaToken` between a first factor and the second: hashed, short-lived, single use. */
export const mfaChallenges = pgTable('mfa_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  tokenHash: text('token_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tenantId: uuid('tenant_id'),
  purpose: text('purpose').$type<MfaChallengePurpose>().notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  /** Forced enrollment: the TOTP secret offered on screen, kept until the first code proves it. */
  pendingSecret: text('pending_secret'),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** A 6-digit code sent by email or SMS (`otcToken` names it), hashed, single use. */
export const mfaCodes = pgTable(
  'mfa_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    otcTokenHash: text('otc_token_hash').notNull().unique(),
    codeHash: text('code_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    challengeId: uuid('challenge_id').references(() => mfaChallenges.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'email' | 'sms'>().notNull(),
    /** SMS enrollment: the number being proven; SMS verification: the device. */
    phoneNumber: text('phone_number'),
    deviceId: uuid('device_id'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mfa_codes_user_idx').on(t.userId)],
);

export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/** "Remember this device": the HttpOnly cookie's token, hashed, until the policy's period ends. */
export const mfaTrustedDevices = pgTable(
  'mfa_trusted_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('mfa_trusted_devices_user_idx').on(t.userId)],
);

export type EnforceMfaType = 'DontForce' | 'Force' | 'ForceExceptSAML';

/** A tenant's MFA policy (SPEC section 3 "Security policies"); no row means the defaults. */
export const mfaPolicies = pgTable('mfa_policies', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  id: uuid('id').notNull().defaultRandom(),
  enforceMfaType: text('enforce_mfa_type').$type<EnforceMfaType>().notNull(),
  allowRememberMyDevice: boolean('allow_remember_my_device').notNull(),
  /** Seconds a remembered device skips MFA. */
  mfaDeviceExpiration: integer('mfa_device_expiration').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The vendor's MFA strategies (SPEC section 9): which factors users may enroll. */
export const mfaStrategies = pgTable('mfa_strategies', {
  strategy: text('strategy').primaryKey(),
  isActive: boolean('is_active').notNull(),
  updatedAt: updatedAt(),
});
// ---- end of the MFA block ----

// ---- Passkeys and WebAuthn (issue 3, slice "passkeys"; migration 0006_webauthn) ----

export type WebAuthnDeviceType = 'Platform' | 'CrossPlatform';

/**
 * Passkeys: discoverable WebAuthn credentials a user signs in with (no email, no password).
 * Security keys used as a second factor are MFA devices (mfa_devices, type 'webauthn') instead.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id the authenticator chose, base64url. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    /** The authenticator's signature counter (uint32): a value that does not grow means a clone. */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    deviceType: text('device_type').$type<WebAuthnDeviceType>().notNull(),
    aaguid: text('aaguid'),
    backedUp: boolean('backed_up').notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);

export type WebAuthnCeremony =
  | 'passkey-registration'
  | 'passkey-login'
  | 'mfa-enrollment'
  | 'mfa-verification'
  /** A signed-in user confirms it is them (services/reauthentication.ts). */
  | 'reauthentication';

/**
 * WebAuthn challenges: single use and short-lived. The challenge travels in clientDataJSON, so a
 * response names its own challenge; the row says which ceremony (and user) it was issued for.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    ceremony: text('ceremony').$type<WebAuthnCeremony>().notNull(),
    /** Null for a passkey sign-in, where the user is known only from the credential. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** MFA ceremonies: the device being verified. */
    deviceId: uuid('device_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
// ---- end of the passkeys block ----

// ---- Phone number reset and change (issue 3, slice "phone reset"; migration 0009_phone_reset) ----

/** reset: lost phone, proven by an emailed code; change: a signed-in user proving a new number by SMS. */
export type PhoneNumberChangePurpose = 'reset' | 'change';

/**
 * Phone number changes (SPEC section 4 "Phone reset", the /phone routes): the tokens and the 6-digit
 * code are stored hashed; expiring, single use, a few wrong guesses at most.
 */
export const phoneNumberChanges = pgTable(
  'phone_number_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<PhoneNumberChangePurpose>().notNull(),
    /** reset: the resetPhoneNumberToken the code belongs to. */
    tokenHash: text('token_hash').unique(),
    codeHash: text('code_hash').notNull(),
    /** change: the number the texted code proves. */
    phoneNumber: text('phone_number'),
    attempts: integer('attempts').notNull().default(0),
    /** reset, once the code is proven: the changePhoneNumberToken that sets the new number. */
    changeTokenHash: text('change_token_hash').unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('phone_number_changes_user_idx').on(t.userId)],
);
// ---- end of the phone reset block ----

// ---- Groups (issue 4, admin portal; migration 0014_groups_roles) ----

/** A tenant's group of users (SPEC section 3 "Group"): its roles reach every member's token. */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    color: text('color'),
    metadata: text('metadata'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('groups_tenant_name_idx').on(t.tenantId, sql`lower(${t.name})`)],
);

export const groupRoles = pgTable(
  'group_roles',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.roleId] })],
);

export const groupUsers = pgTable(
  'group_users',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_users_user_idx').on(t.userId)],
);

/**
 * A tenant's groups configuration (IGroupConfig, migration 0016_sdk_gaps): `enabled` lets the tenant
 * create groups, `rolesEnabled` lets groups be given roles; group roles reach members' tokens only
 * while both are on (db/queries/users.ts). No row means both on.
 */
export const groupConfigs = pgTable('group_configs', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(true),
  rolesEnabled: boolean('roles_enabled').notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
// ---- end of the groups block ----

// ---- security section of the admin portal (issue 4, migration 0015_security_admin) ----

/** The queries and services read the type from here, beside the columns that store it. */
export type { RestrictionType };

/** A tenant's session policy; timeouts in seconds. Read by rotate_refresh_token on every refresh. */
export const sessionPolicies = pgTable('session_policies', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  idleTimeoutActive: boolean('idle_timeout_active').notNull().default(false),
  idleTimeoutSeconds: integer('idle_timeout_seconds').notNull().default(1800),
  absoluteTimeoutActive: boolean('absolute_timeout_active').notNull().default(false),
  absoluteTimeoutSeconds: integer('absolute_timeout_seconds').notNull().default(86400),
  concurrentSessionsActive: boolean('concurrent_sessions_active').notNull().default(false),
  maxConcurrentSessions: integer('max_concurrent_sessions').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Whether a tenant's IP and email-domain lists are enforced, and as allow or block lists. */
export const restrictionConfigs = pgTable('restriction_configs', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  ipActive: boolean('ip_active').notNull().default(false),
  ipStrategy: text('ip_strategy').$type<RestrictionType>().notNull().default('ALLOW'),
  domainActive: boolean('domain_active').notNull().default(false),
  domainListType: text('domain_list_type').$type<RestrictionType>().notNull().default('ALLOW'),
  domainBlockPublic: boolean('domain_block_public').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** SPEC section 3 "IP restriction": an address or CIDR (v4 or v6) on the tenant's allow or block list. */
export const ipRestrictions = pgTable(
  'ip_restrictions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    strategy: text('strategy').$type<RestrictionType>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('ip_restrictions_tenant_strategy_ip_idx').on(t.tenantId, t.strategy, t.ip)],
);

/** SPEC section 3 "Domain restriction": an email domain on the tenant's allow or block list. */
export const emailDomainRestrictions = pgTable(
  'email_domain_restrictions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    type: text('type').$type<RestrictionType>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_domain_restrictions_tenant_type_domain_idx').on(t.tenantId, t.type, t.domain)],
);
/**
 * Password hashes cannot be checked against the breached list later: a sign-in with a listed password
 * records it here, and a password changed after `detectedAt` makes the record stale.
 */
export const breachedPasswordDetections = pgTable('breached_password_detections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
});
// ---- end of the security section block ----

// ---- API tokens (issue 4, personal and tenant API tokens; migration 0012_api_tokens) ----

export type ApiTokenKind = 'clientCredentials' | 'accessToken';

/**
 * Client-credentials API tokens (SPEC section 3 "API token"). A personal token has `userId` and acts
 * with its owner's roles; a tenant token has none and acts with `roleIds`. The secret is a random
 * 256-bit value stored as its SHA-256 only (docs/decisions/0007-api-token-secrets.md).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    clientId: uuid('client_id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    secretHash: text('secret_hash').notNull(),
    roleIds: jsonb('role_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** SPEC "API token types": exchanged by client credentials, or itself a signed access token (0020). */
    kind: text('kind').$type<ApiTokenKind>().notNull().default('clientCredentials'),
  },
  (t) => [index('api_tokens_tenant_idx').on(t.tenantId), index('api_tokens_user_idx').on(t.userId)],
);
// ---- end of the API tokens block ----

// ---- Profile (issue 4, the Profile and Privacy sections; migration 0011_profile) ----

/** The signed-in user's phone numbers (the SDK's PhoneNumbersApi): unverified until the texted code proves one. */
export const userPhoneNumbers = pgTable(
  'user_phone_numbers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Normalised by services/sms.ts: + and digits. */
    phoneNumber: text('phone_number').notNull(),
    verified: boolean('verified').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_phone_numbers_user_number_idx').on(t.userId, t.phoneNumber)],
);

/** 'phoneDelete': the code texted to a verified number before it leaves the profile (target: its id). */
export type ProfileVerificationKind =
  | 'phone'
  | 'email'
  | 'phoneDelete'
  // Issue 10: the link mailed to the old address after an email change; `target` is that old address.
  | 'emailRevert';

/**
 * A code proving a new phone number (target: the user_phone_numbers id, named by `otcToken`) or a
 * new email address (target: the address): hashed, expiring, single use, a few wrong guesses at most.
 */
export const profileVerifications = pgTable(
  'profile_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ProfileVerificationKind>().notNull(),
    target: text('target').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('profile_verifications_user_kind_idx').on(t.userId, t.kind)],
);

/**
 * Uploaded profile pictures, served at an unguessable address so an <img> shows them without a
 * bearer token. One per user: a new upload replaces it (and gets a new id, so caches miss).
 */
export const profileImages = pgTable('profile_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  /** The image bytes, base64: a few hundred kB at most, read only by the image route. */
  data: text('data').notNull(),
  createdAt: createdAt(),
});
// ---- end of the profile block ----

// ---- Team administration (issue 4, the Users section; migration 0013_team) ----

/**
 * A tenant's invite link (SPEC section 3 "Invite link"): anyone holding the token may sign up into
 * the tenant, with its roles, until it expires. One per tenant; the admins can show it again, so the
 * token is kept as issued (it grants only a new, unactivated membership).
 */
export const tenantInviteLinks = pgTable('tenant_invite_links', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id')
    .notNull()
    .unique()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  token: text('token').notNull().unique(),
  roleIds: jsonb('role_ids').$type<string[]>().notNull().default([]),
  shouldSendEmail: boolean('should_send_email').notNull().default(true),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
// ---- end of the team block ----
