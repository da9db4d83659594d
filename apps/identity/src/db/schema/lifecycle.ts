// Account lifecycle (issue 3, slice "lifecycle"): lockout, password history and rotation,
// SMS recovery, invitations.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

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
export const smsRecoverySessions = pgTable(
  'sms_recovery_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    // Issue 16: the housekeeping job finds spent sessions by when they ended (used or expired).
    index('sms_recovery_sessions_ended_idx').on(sql`least(${t.expiresAt}, ${t.usedAt})`),
  ],
);

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
  (t) => [
    index('invitations_user_idx').on(t.userId),
    // Issue 16: housekeeping removes the accepted and expired ones (services/housekeeping).
    index('invitations_ended_idx').on(sql`least(${t.expiresAt}, ${t.acceptedAt})`),
  ],
);
