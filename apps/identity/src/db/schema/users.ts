// Users: one per person, across the tenants they belong to.
import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { tenants } from './tenants.js';

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
