// Tenants (accounts).
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';

export const tenants = pgTable(
  'tenants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** JSON string (SPEC section 3): expiration, domains, source, defaults... */
    metadata: text('metadata').notNull().default('{}'),
    isReseller: boolean('is_reseller').notNull().default(false),
    address: text('address'),
    timezone: text('timezone'),
    dateFormat: text('date_format'),
    timeFormat: text('time_format'),
    currency: text('currency'),
    logo: text('logo'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Account settings (issue 4, migration 0014_groups_roles): the website, and the tenant's login box
    // customisation (logo, palette, social login placement) as the custom login tab writes it.
    website: text('website'),
    customLogin: jsonb('custom_login').$type<Record<string, unknown>>().notNull().default({}),
    // The sub-account hierarchy (issue 15, migration 0027_account_hierarchy): the parent account, which
    // cannot be deleted while it has children, and how its ancestors' members reach it.
    parentTenantId: uuid('parent_tenant_id').references((): AnyPgColumn => tenants.id, {
      onDelete: 'restrict',
    }),
    /** 'defaultOff' | 'defaultOn' | 'alwaysOn' (SPEC section 3 "Sub-account"). */
    subAccountAccessType: text('sub_account_access_type').notNull().default('defaultOff'),
    /**
     * Every account above this one, the root first (migration 0030_tenant_ancestors): set by a trigger
     * from the parent's on insert, so "the accounts below X" is one GIN index lookup, not a walk.
     */
    ancestorIds: uuid('ancestor_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
  },
  (t) => [
    index('tenants_parent_idx').on(t.parentTenantId),
    index('tenants_ancestors_idx').using('gin', t.ancestorIds),
    // The sub-accounts search, a part of the name (issue 17, migration 0034: pg_trgm).
    index('tenants_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);
