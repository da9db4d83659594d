// The admin portal's security section (issue 4, migration 0015_security_admin) and the captcha policy.
import type { RestrictionType } from '@brizo/contract';
import {
  boolean,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

/** The captcha policy (SPEC section 3: enabled, siteKey); one row, id 'default'. Off by default. */
export const captchaPolicy = pgTable('captcha_policy', {
  id: text('id').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  siteKey: text('site_key'),
  secretKey: text('secret_key'),
  minScore: doublePrecision('min_score').notNull().default(0.5),
  ignoredEmails: jsonb('ignored_emails').$type<string[]>().notNull().default([]),
  updatedAt: updatedAt(),
});

/** The queries and services read the type from here, beside the columns that store it. */
export type { RestrictionType };

/** A tenant's session policy; timeouts in seconds. Read by rotate_refresh_token on every refresh. */
export const sessionPolicies = pgTable('session_policies', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  idleTimeoutActive: boolean('idle_timeout_active').notNull().default(false),
  idleTimeoutSeconds: integer('idle_timeout_seconds').notNull().default(1800),
  absoluteTimeoutActive: boolean('absolute_timeout_active').notNull().default(false),
  absoluteTimeoutSeconds: integer('absolute_timeout_seconds').notNull().default(86400),
  concurrentSessionsActive: boolean('concurrent_sessions_active').notNull().default(false),
  maxConcurrentSessions: integer('max_concurrent_sessions').notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Whether a tenant's IP and email-domain lists are enforced, and as allow or block lists. */
export const restrictionConfigs = pgTable('restriction_configs', {
  tenantId: uuid('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  ipActive: boolean('ip_active').notNull().default(false),
  ipStrategy: text('ip_strategy').$type<RestrictionType>().notNull().default('ALLOW'),
  domainActive: boolean('domain_active').notNull().default(false),
  domainListType: text('domain_list_type').$type<RestrictionType>().notNull().default('ALLOW'),
  domainBlockPublic: boolean('domain_block_public').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** SPEC section 3 "IP restriction": an address or CIDR (v4 or v6) on the tenant's allow or block list. */
export const ipRestrictions = pgTable(
  'ip_restrictions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    ip: text('ip').notNull(),
    strategy: text('strategy').$type<RestrictionType>().notNull(),
    isActive: boolean('is_active').notNull().default(true),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('ip_restrictions_tenant_strategy_ip_idx').on(t.tenantId, t.strategy, t.ip)],
);

/** SPEC section 3 "Domain restriction": an email domain on the tenant's allow or block list. */
export const emailDomainRestrictions = pgTable(
  'email_domain_restrictions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    domain: text('domain').notNull(),
    type: text('type').$type<RestrictionType>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_domain_restrictions_tenant_type_domain_idx').on(t.tenantId, t.type, t.domain)],
);
/**
 * Password hashes cannot be checked against the breached list later: a sign-in with a listed password
 * records it here, and a password changed after `detectedAt` makes the record stale.
 */
export const breachedPasswordDetections = pgTable('breached_password_detections', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  detectedAt: timestamp('detected_at', { withTimezone: true }).notNull().defaultNow(),
});
