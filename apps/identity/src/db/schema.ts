// The one drizzle schema of the identity server. Change it, then run `npm run db:generate`
// in apps/identity to add a migration to src/db/migrations (never edit applied migrations).
import { sql } from 'drizzle-orm';
import {
  boolean,
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
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`)],
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
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenantId] }), index('memberships_tenant_idx').on(t.tenantId)],
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

export type OneTimeTokenPurpose = 'activation' | 'password-reset';

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
