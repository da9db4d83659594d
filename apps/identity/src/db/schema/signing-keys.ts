// The access tokens' signing keys (issue 16: rotation, sealing, ES256 or RS256).
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';

/**
 * Signing keys as JWKs. The key with the latest `activatesAt` in the past signs; every key whose
 * `expiresAt` is unset or ahead is published in the JWKS (services/signing-keys). A new key is
 * published before it activates, and an old one stays published until the tokens it signed expire.
 */
export const signingKeys = pgTable('signing_keys', {
  kid: text('kid').primaryKey(),
  /** ES256 or RS256 (ACCESS_TOKEN_ALG). */
  alg: text('alg').notNull(),
  /** The private key in clear: rows written before sealing, or while SECRETS_KEY is unset. */
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>(),
  /** The private JWK sealed with SECRETS_KEY (lib/sealed-secrets.ts); then privateJwk is null. */
  sealedPrivateJwk: text('sealed_private_jwk'),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
  /** When it starts signing: a propagation delay after its creation, so verifiers see it first. */
  activatesAt: timestamp('activates_at', { withTimezone: true }).notNull().defaultNow(),
  /** When a newer key took over signing. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  /** When its public key leaves the JWKS: the last token it signed has expired by then. */
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});
