// Hosted login (issue 3, slice "oauth"): OAuth 2 clients and authorization codes.
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { refreshTokenFamilies } from './sessions.js';
import { users } from './users.js';

/**
 * OAuth 2 clients of the hosted login (SPEC section 7). A redirect URI must match one of
 * `redirectUris` exactly, character for character; the seed registers `${PUBLIC_URL}/oauth/callback`.
 */
export const oauthClients = pgTable('oauth_clients', {
  clientId: text('client_id').primaryKey(),
  name: text('name').notNull(),
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull().default([]),
  postLogoutRedirectUris: jsonb('post_logout_redirect_uris').$type<string[]>().notNull().default([]),
  /** Issue 16: the web origins (scheme://host[:port]) of the client's pages, e.g. for CORS. */
  allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default([]),
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
  (t) => [
    index('oauth_authorization_codes_family_idx').on(t.familyId),
    // Issue 16: the housekeeping job finds spent codes by when they ended (used or expired).
    index('oauth_authorization_codes_ended_idx').on(sql`least(${t.expiresAt}, ${t.usedAt})`),
  ],
);
