// Sessions: refresh-token families and their rotated tokens.
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

/**
 * A refresh-token family is one sign-in session: every rotation stays in the family. When it was
 * last used is the creation time of its newest token (not written here, to keep refresh at one write).
 */
/**
 * How a session was authenticated (OIDC acr/amr/auth_time, and the impersonating actor): kept on the
 * session so every access token it refreshes carries the same claims (step-up, impersonation).
 */
export interface SessionAuthentication {
  /** Absent after a plain first-factor sign-in, which records only when it happened (issue 10). */
  amr?: string[];
  acr?: string;
  auth_time: number;
  /** Impersonation: the superuser acting as the user (RFC 8693 actor claim). */
  act?: { sub: string; email: string; type: 'impersonation' };
}

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
    authentication: jsonb('authentication').$type<SessionAuthentication>(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [
    index('refresh_token_families_user_idx').on(t.userId),
    // Issue 16: the housekeeping job looks at sessions old enough to have ended.
    index('refresh_token_families_created_idx').on(t.createdAt),
  ],
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
  (t) => [
    index('refresh_tokens_family_idx').on(t.familyId),
    // Issue 16: the housekeeping job finds tokens by when they ended (rotated or expired).
    index('refresh_tokens_ended_idx').on(sql`least(${t.expiresAt}, ${t.rotatedAt})`),
  ],
);
