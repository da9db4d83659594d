// Profile (issue 4, the Profile and Privacy sections; migration 0011_profile).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { users } from './users.js';

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
  (t) => [
    index('profile_verifications_user_kind_idx').on(t.userId, t.kind),
    // Issue 16: the housekeeping job finds spent codes by when they ended (used or expired).
    index('profile_verifications_ended_idx').on(sql`least(${t.expiresAt}, ${t.usedAt})`),
  ],
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
