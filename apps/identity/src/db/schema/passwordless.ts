// Passwordless sign-in (issue 3, slice "passwordless").
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

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
    // Issue 16: the housekeeping job finds spent codes by when they ended (used or expired).
    index('passwordless_codes_ended_idx').on(sql`least(${t.expiresAt}, ${t.usedAt})`),
  ],
);
