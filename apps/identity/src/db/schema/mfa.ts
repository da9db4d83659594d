// Multi-factor authentication (issue 3, MFA slice; migration 0003_mfa).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { EnforceMfaType } from '@brizo/contract';
import { createdAt, updatedAt } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

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
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
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
  },
  (t) => [
    // Issue 16: the housekeeping job finds spent challenges by when they ended (used or expired).
    index('mfa_challenges_ended_idx').on(sql`least(${t.expiresAt}, ${t.usedAt})`),
  ],
);

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
  (t) => [
    index('mfa_codes_user_idx').on(t.userId),
    // Issue 16: the housekeeping job finds spent codes by when they ended (used or expired).
    index('mfa_codes_ended_idx').on(sql`least(${t.expiresAt}, ${t.usedAt})`),
  ],
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
  (t) => [
    index('mfa_trusted_devices_user_idx').on(t.userId),
    // Issue 16: the housekeeping job removes expired ones.
    index('mfa_trusted_devices_expires_idx').on(t.expiresAt),
  ],
);

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
