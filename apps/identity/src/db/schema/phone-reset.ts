// Phone number reset and change (issue 3, slice "phone reset"; migration 0009_phone_reset).
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

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
  (t) => [
    index('phone_number_changes_user_idx').on(t.userId),
    // Issue 16: the housekeeping job finds spent changes by when they ended (used or expired).
    index('phone_number_changes_ended_idx').on(sql`least(${t.expiresAt}, ${t.usedAt})`),
  ],
);
