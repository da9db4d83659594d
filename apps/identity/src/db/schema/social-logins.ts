// Social login (issue 13): the vendor's configuration of each provider of SPEC section 9.
import { boolean, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.js';

/**
 * One social provider, configured vendor-wide. The endpoints default to the provider's own; each can be
 * pointed elsewhere (tests run every provider against a local OpenID provider).
 */
export const socialLoginProviders = pgTable('social_login_providers', {
  /** microsoft, facebook, google, github, slack, apple, linkedin */
  type: text('type').primaryKey(),
  active: boolean('active').notNull().default(false),
  clientId: text('client_id'),
  /** Sealed at rest (lib/secrets.ts). */
  clientSecret: text('client_secret'),
  /** Where the provider sends the browser back; the web app's /account/social/success by default. */
  redirectUrl: text('redirect_url'),
  additionalScopes: jsonb('additional_scopes').$type<string[]>().notNull().default([]),
  /** Endpoint overrides: issuer, authorizationEndpoint, tokenEndpoint, userinfoEndpoint, jwksUri. */
  endpoints: jsonb('endpoints').$type<Record<string, string>>().notNull().default({}),
  options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: updatedAt(),
});
