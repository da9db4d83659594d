// Activation and password-reset tokens.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { users } from './users.js';

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
  (t) => [
    index('one_time_tokens_user_purpose_idx').on(t.userId, t.purpose),
    // Issue 16: the housekeeping job finds spent tokens by when they ended (used or expired).
    index('one_time_tokens_ended_idx').on(sql`least(${t.expiresAt}, ${t.usedAt})`),
  ],
);
