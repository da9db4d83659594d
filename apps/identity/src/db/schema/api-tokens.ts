// API tokens (issue 4, personal and tenant API tokens; migration 0012_api_tokens).
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

export type ApiTokenKind = 'clientCredentials' | 'accessToken';

/**
 * Client-credentials API tokens (SPEC section 3 "API token"). A personal token has `userId` and acts
 * with its owner's roles; a tenant token has none and acts with `roleIds`. The secret is a random
 * 256-bit value stored as its SHA-256 only (docs/decisions/0007-api-token-secrets.md).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    clientId: uuid('client_id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    description: text('description').notNull().default(''),
    secretHash: text('secret_hash').notNull(),
    roleIds: jsonb('role_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** SPEC "API token types": exchanged by client credentials, or itself a signed access token (0020). */
    kind: text('kind').$type<ApiTokenKind>().notNull().default('clientCredentials'),
  },
  (t) => [index('api_tokens_tenant_idx').on(t.tenantId), index('api_tokens_user_idx').on(t.userId)],
);
