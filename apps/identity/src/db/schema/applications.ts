// Applications (issue 15): the vendor's apps, which accounts have them and how, and which users of an
// account a managed app is assigned to.
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ApplicationAccessType } from '@brizo/contract/entities/applications';
import { createdAt, updatedAt } from './columns.js';
import { tenants } from './tenants.js';
import { users } from './users.js';

export const applications = pgTable('applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  /** FREE_ACCESS: every member of an account that has the app; MANAGED_ACCESS: its assigned users. */
  accessType: text('access_type').$type<ApplicationAccessType>().notNull().default('MANAGED_ACCESS'),
  appUrl: text('app_url').notNull(),
  loginUrl: text('login_url').notNull().default(''),
  logoUrl: text('logo_url').notNull().default(''),
  /** The app users land in when nothing else is asked; exactly one (the seed's), never deleted. */
  isDefault: boolean('is_default').notNull().default(false),
  isActive: boolean('is_active').notNull().default(true),
  integrationFinishedAt: timestamp('integration_finished_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An account has an app; its access type here overrides the app's for this account. */
export const applicationTenantAssignments = pgTable(
  'application_tenant_assignments',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    accessType: text('access_type').$type<ApplicationAccessType>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.tenantId, table.appId] }), index().on(table.appId)],
);

/** A user of an account may open a managed app of that account. */
export const applicationUserAssignments = pgTable(
  'application_user_assignments',
  {
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.tenantId, table.userId, table.appId] }),
    index().on(table.tenantId, table.appId),
  ],
);
