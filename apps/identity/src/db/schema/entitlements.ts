// Entitlements and feature flags (issue 15): the vendor's plans and features, what each tenant (or one
// of its users) is entitled to, and the vendor-level feature flags that GET /flags evaluates.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FeatureFlag, Rule, Treatment } from '@brizo/contract/entities/entitlements';
import { createdAt, updatedAt } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

/** A plan: a bundle of features, and rules that put a tenant or user in it without an entitlement. */
export const plans = pgTable('plans', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  defaultTreatment: text('default_treatment').$type<Treatment>().notNull().default('false'),
  rules: jsonb('rules').$type<Rule[]>().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** A feature of the product; `linkedPermissions` need it (SPEC section 6); its own flag may grant it. */
export const features = pgTable('features', {
  id: uuid('id').primaryKey().defaultRandom(),
  key: text('key').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  linkedPermissions: text('linked_permissions')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  featureFlag: jsonb('feature_flag').$type<FeatureFlag>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const planFeatures = pgTable(
  'plan_features',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    featureId: uuid('feature_id')
      .notNull()
      .references(() => features.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.planId, table.featureId] }), index().on(table.featureId)],
);

/**
 * A tenant's entitlement (or one of its users', with user_id) to a plan or to one feature, until
 * expires_at (null: never).
 */
export const entitlements = pgTable(
  'entitlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id').references(() => plans.id, { onDelete: 'cascade' }),
    featureId: uuid('feature_id').references(() => features.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index().on(table.tenantId, table.userId),
    check('entitlements_plan_or_feature', sql`(${table.planId} is null) <> (${table.featureId} is null)`),
  ],
);

/** A vendor-level feature flag; GET /flags answers each one's treatment for the caller. */
export const featureFlags = pgTable('feature_flags', {
  key: text('key').primaryKey(),
  description: text('description').notNull().default(''),
  on: boolean('on').notNull(),
  offTreatment: text('off_treatment').$type<Treatment>().notNull().default('false'),
  defaultTreatment: text('default_treatment').$type<Treatment>().notNull(),
  rules: jsonb('rules').$type<Rule[]>().notNull().default([]),
  updatedAt: updatedAt(),
});
