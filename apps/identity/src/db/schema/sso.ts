// Enterprise single sign-on (issue 13): a tenant's SAML and OIDC connections, the email domains it
// claims for them, the IdP groups that carry roles, and the state of sign-ins in flight.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

export type SsoProtocol = 'saml' | 'oidc';

/** Which of the IdP's claims or attributes fill our profile (NameID or `email` by default). */
export interface SsoAttributeMapping {
  email?: string;
  name?: string;
  firstName?: string;
  lastName?: string;
  groups?: string;
}

/**
 * One identity provider a tenant signs in with (SPEC section 3 "SSO configuration"). `type` is the
 * label the portal shows (saml, okta, azure, google, oidc); `protocol` is what the server speaks.
 */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    protocol: text('protocol').$type<SsoProtocol>().notNull().default('saml'),
    type: text('type').notNull().default('saml'),
    enabled: boolean('enabled').notNull().default(true),
    // SAML identity provider
    idpEntityId: text('idp_entity_id'),
    /** The IdP's single sign-on URL (HTTP-Redirect or HTTP-POST binding). */
    ssoEndpoint: text('sso_endpoint'),
    /** The IdP's signing certificates (PEM bodies): several while the IdP rolls its key. */
    idpCertificates: jsonb('idp_certificates').$type<string[]>().notNull().default([]),
    signRequest: boolean('sign_request').notNull().default(false),
    /** What must carry the IdP's signature: at least one of the two is always required. */
    wantAssertionsSigned: boolean('want_assertions_signed').notNull().default(true),
    wantResponseSigned: boolean('want_response_signed').notNull().default(false),
    /** Unsolicited responses (IdP-initiated sign-in), each assertion still accepted once only. */
    allowIdpInitiated: boolean('allow_idp_initiated').notNull().default(false),
    metadataXml: text('metadata_xml'),
    metadataUrl: text('metadata_url'),
    metadataRefreshedAt: timestamp('metadata_refreshed_at', { withTimezone: true }),
    // OpenID Connect provider
    oidcIssuer: text('oidc_issuer'),
    oidcClientId: text('oidc_client_id'),
    /** Sealed at rest (lib/secrets.ts). */
    oidcClientSecret: text('oidc_client_secret'),
    oidcScopes: text('oidc_scopes').notNull().default('openid email profile'),
    attributeMapping: jsonb('attribute_mapping').$type<SsoAttributeMapping>().notNull().default({}),
    /** Roles every member signed in through this connection gets (SPEC section 6 "SSO has default roles"). */
    roleIds: jsonb('role_ids').$type<string[]>().notNull().default([]),
    skipEmailDomainValidation: boolean('skip_email_domain_validation').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('sso_connections_tenant_idx').on(t.tenantId)],
);

/**
 * An email domain a connection claims. It routes sign-ins only once validated (a DNS TXT record
 * carrying `txtRecord`); a validated domain belongs to one tenant only.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    /** Lower-cased, without a trailing dot. */
    domain: text('domain').notNull(),
    validated: boolean('validated').notNull().default(false),
    /** The value the TXT record must hold. */
    txtRecord: text('txt_record').notNull(),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sso_domains_connection_domain_idx').on(t.connectionId, t.domain),
    uniqueIndex('sso_domains_validated_idx')
      .on(t.domain)
      .where(sql`${t.validated}`),
  ],
);

/** An IdP group whose members get roles (SPEC section 6 "SSO groups carry roles"). */
export const ssoGroupMappings = pgTable(
  'sso_group_mappings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    group: text('group').notNull(),
    roleIds: jsonb('role_ids').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('sso_group_mappings_group_idx').on(t.connectionId, sql`lower(${t.group})`)],
);

/** A tenant's SSO rule: members on its validated domains must sign in through SSO, but for the excluded. */
export const ssoPolicies = pgTable('sso_policies', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  enforced: boolean('enforced').notNull().default(false),
  /** Break-glass addresses that may still sign in with their other methods while SSO is enforced. */
  excludedEmails: jsonb('excluded_emails').$type<string[]>().notNull().default([]),
  updatedAt: updatedAt(),
});

export type FederatedLoginKind = 'saml' | 'oidc' | 'social';
export type FederatedLoginPurpose = 'login' | 'test';

/**
 * A sign-in sent to an identity provider and not back yet: the SAML AuthnRequest id (InResponseTo) or
 * the OAuth `state`, with what the answer is checked against. Single use, short-lived, in the database
 * so that any instance can finish what another started.
 */
export const federatedLoginRequests = pgTable(
  'federated_login_requests',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<FederatedLoginKind>().notNull(),
    connectionId: uuid('connection_id').references(() => ssoConnections.id, { onDelete: 'cascade' }),
    /** Social logins: the provider (google, github, ...). */
    provider: text('provider'),
    purpose: text('purpose').$type<FederatedLoginPurpose>().notNull().default('login'),
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    redirectUri: text('redirect_uri'),
    /** What else the flow carries to its end (an invitation token, where to go after). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [index('federated_login_requests_expires_idx').on(t.expiresAt)],
);

/** SAML assertion ids already accepted: a replayed assertion is refused on every instance. */
export const ssoAssertionIds = pgTable(
  'sso_assertion_ids',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    assertionId: text('assertion_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.connectionId, t.assertionId] })],
);

/**
 * The hand-off from the server's assertion consumer (or OIDC callback) to the web app's callback page:
 * an opaque single-use code standing for a validated sign-in, exchanged by the post-login call.
 */
export const ssoHandoffs = pgTable('sso_handoffs', {
  codeHash: text('code_hash').primaryKey(),
  connectionId: uuid('connection_id')
    .notNull()
    .references(() => ssoConnections.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  /** A live test's report, or the validated profile. */
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
});

/** The last live tests of a connection (the SSO section's "Test the connection"): what came back and each check. */
export const ssoTestReports = pgTable(
  'sso_test_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    succeeded: boolean('succeeded').notNull(),
    report: jsonb('report').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sso_test_reports_connection_idx').on(t.connectionId, t.createdAt)],
);

/**
 * Who a person is at an outside identity provider (a SAML NameID, an OIDC or social `sub`): the next
 * sign-in from there finds them even after their email changed.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** saml, oidc, or a social provider's name. */
    provider: text('provider').notNull(),
    /** The SSO connection, or '' for a social provider (vendor-wide). */
    connectionKey: text('connection_key').notNull().default(''),
    subject: text('subject').notNull(),
    email: text('email'),
    createdAt: createdAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_identities_subject_idx').on(t.provider, t.connectionKey, t.subject),
    index('user_identities_user_idx').on(t.userId),
  ],
);

/**
 * Our own SAML service provider key: it signs AuthnRequests (a connection's signRequest) and its
 * certificate is published in the SP metadata. Made once and shared by every instance, so the IdPs
 * that pinned the certificate keep trusting it across restarts; the private key is sealed at rest.
 */
export const samlSpKeys = pgTable('saml_sp_keys', {
  id: text('id').primaryKey(),
  /** The self-signed X.509 certificate, PEM. */
  certificate: text('certificate').notNull(),
  /** PKCS#8 PEM, sealed (lib/sealed-secrets.ts). */
  privateKeySealed: text('private_key_sealed').notNull(),
  createdAt: createdAt(),
});
