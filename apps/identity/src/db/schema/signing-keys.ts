// The access tokens' signing keys.
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/** ES256 signing keys as JWKs; the newest non-retired key signs, all non-retired ones verify. */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});
