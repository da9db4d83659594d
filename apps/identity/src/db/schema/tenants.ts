// Tenants (accounts).
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
  },
  (t) => [index('tenants_parent_idx').on(t.parentTenantId)],
);
